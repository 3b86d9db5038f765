import { submissionReference } from '../../../shared/reference.ts';
import type { Database, Row } from '../../db/database.ts';
import type { DeliveryChannel, HourlyCap, Summary, SummaryStep } from './delivery-channel.ts';
import { LEASE_MS, toDelivery } from './outbox-claim.ts';
import { CLAIM_SETTINGS, COUNTED_THIS_HOUR, TRY_LOCK_CLAIMS } from './outbox-queries.ts';
import { sendSplitting, type Part } from './summary-split.ts';
import {
  ANY_WAITING,
  CLAIM_PART,
  MARK_SUMMARY_SENT,
  RELEASE_UNTRIED,
  START_SUMMARY,
  SUMMARY_DUE,
  UNDELIVERABLE,
} from './summary-queries.ts';
import type { WorkLog } from '../../work-log.ts';

/** Leads per summary email: a long but readable list, and a message of a few hundred kB at most. */
const MAX_LEADS_PER_SUMMARY = 500;
/** Leads given up that one summary names; the export and `submissions outbox` list them all. */
const MAX_UNDELIVERABLE_NAMED = 100;

/**
 * The summary step (docs/email-delivery.md): once the cap or the unverified
 * budget holds leads back, they go out together, at most one round per
 * interval across every worker on the database. A round sends every lead
 * that waited when it started, in as many emails of up to
 * MAX_LEADS_PER_SUMMARY as it takes, so no flood pushes a lead past one
 * interval. A part the relay refuses is split (summary-split.ts), so one
 * lead's words never sink the others. Returns whether anything went out.
 */
export async function sendSummary(
  database: Database,
  channel: DeliveryChannel,
  step: SummaryStep,
  log: WorkLog,
  stopping: () => boolean = () => false,
): Promise<boolean> {
  const started = await startSummary(database, channel.cap, step.intervalMs);
  if (!started) return false;
  const { id, capped } = started;
  let sent = 0;
  let parts = 0;
  try {
    for (;;) {
      const leads = await database.query(CLAIM_PART, [id, LEASE_MS, capped, MAX_LEADS_PER_SUMMARY]);
      if (leads.length === 0) break;
      parts++;
      const part: Part = {
        summaryId: id,
        // Only the first part names the leads given up; each says what the summary counted.
        template:
          parts === 1
            ? started.first
            : { ...started.first, id: `${id}-${parts}`, undeliverable: [] },
        deliveries: leads.map(toDelivery),
      };
      const outcome = await sendSplitting(database, channel, step, log, part);
      sent += outcome.sent;
      if (outcome.relayDown || stopping()) break;
    }
  } finally {
    await database.query(RELEASE_UNTRIED, [id]);
  }
  if (sent === 0) return false;
  await database.query(MARK_SUMMARY_SENT, [id]);
  log.info(
    `Summary ${id} emailed to the agency in ${parts} part(s): ${sent} lead(s) the hourly cap ` +
      `held back, ${started.first.heldAsSpam} held as suspected spam`,
  );
  return true;
}

/**
 * Under the claim lock: a new summary round, if one is due and leads wait.
 * Its first part carries the suspected-spam count and names the leads given
 * up since the previous summary.
 */
async function startSummary(database: Database, cap: HourlyCap | undefined, intervalMs: number) {
  if (!cap) return undefined;
  return database.transaction(async (session) => {
    await session.exec(CLAIM_SETTINGS);
    const [{ locked } = { locked: false }] = await session.query(TRY_LOCK_CLAIMS);
    if (!locked) return undefined;
    const [{ counted, unverified } = { counted: 0, unverified: 0 }] =
      await session.query(COUNTED_THIS_HOUR);
    const capped = Number(counted) >= cap.maxPerHour;
    if (!capped && Number(unverified) < cap.unverifiedPerHour) return undefined;
    const [{ due, since } = { due: true, since: null }] = await session.query(SUMMARY_DUE, [
      intervalMs,
    ]);
    if (!due) return undefined;
    const [{ waiting } = { waiting: false }] = await session.query(ANY_WAITING, [capped]);
    if (!waiting) return undefined;
    const [row] = await session.query(START_SUMMARY, [since]);
    const undeliverable = await session.query(UNDELIVERABLE, [since, MAX_UNDELIVERABLE_NAMED]);
    const first: Summary = {
      id: String(row!.id),
      leads: [],
      heldAsSpam: Number(row!.held_as_spam),
      ...(since != null && { since: new Date(since as string | Date) }),
      undeliverable: undeliverable.map(toUndeliverable),
    };
    return { id: first.id, capped, first };
  });
}

function toUndeliverable(row: Row) {
  return {
    reference: submissionReference(String(row.submission_key)),
    receivedAt: new Date(row.created_at as string | Date),
    reason: String(row.last_error ?? ''),
  };
}
