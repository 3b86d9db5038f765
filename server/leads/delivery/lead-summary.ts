import type { Database, Row } from '../../db/database.ts';
import type { DeliveryChannel, HourlyCap, Summary, SummaryStep } from './delivery-channel.ts';
import { LEASE_MS, toDelivery } from './outbox-claim.ts';
import { messageOf, type OutboxLog } from './outbox-mark.ts';
import { CLAIM_SETTINGS, COUNTED_THIS_HOUR, TRY_LOCK_CLAIMS } from './outbox-queries.ts';
import {
  CLAIM_FOR_SUMMARY,
  MARK_SUMMARY_FAILED,
  MARK_SUMMARY_SENT,
  START_SUMMARY,
  SUMMARY_DUE,
  WAITING,
} from './summary-queries.ts';

/** Far more than a small agency's leads in one interval; what is left goes in the next. */
export const MAX_LEADS_PER_SUMMARY = 500;

/**
 * The summary step (docs/product.md, "The hourly email cap"): once the cap or
 * the unverified budget holds leads back, they go out together in one email,
 * at most one per interval across every worker on the database, and are
 * marked delivered by it. Returns whether a summary went out.
 */
export async function sendSummary(
  database: Database,
  channel: DeliveryChannel,
  step: SummaryStep,
  log: OutboxLog,
): Promise<boolean> {
  const claimed = await claimSummary(database, channel.cap, step.intervalMs);
  if (!claimed) return false;
  const { id, summary } = claimed;
  try {
    await step.send(summary);
  } catch (error) {
    const reason = messageOf(error).slice(0, 1_000);
    await database.query(MARK_SUMMARY_FAILED, [id, reason, channel.maxAttempts]);
    log.warn(`Summary ${id} of ${summary.leads.length} lead(s) was not emailed: ${reason}`);
    return false;
  }
  await database.query(MARK_SUMMARY_SENT, [id]);
  log.info(
    `Summary ${id} emailed to the agency: ${summary.leads.length} lead(s) the hourly cap ` +
      `held back, ${summary.heldAsSpam} held as suspected spam`,
  );
  return true;
}

/** Under the claim lock: the leads the cap holds back, leased to a new summary, if one is due. */
async function claimSummary(database: Database, cap: HourlyCap | undefined, intervalMs: number) {
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
    const waiting = await session.query(WAITING, [MAX_LEADS_PER_SUMMARY, capped]);
    if (waiting.length === 0) return undefined;
    const ids = waiting.map((row) => String(row.submission_id));
    const [started] = await session.query(START_SUMMARY, [ids.length, since]);
    const rows = await session.query(CLAIM_FOR_SUMMARY, [started!.id, ids, LEASE_MS]);
    const summary: Summary = {
      id: String(started!.id),
      leads: rows.map((row: Row) => toDelivery(row).lead),
      heldAsSpam: Number(started!.held_as_spam),
      ...(since != null && { since: new Date(since as string | Date) }),
    };
    return { id: summary.id, summary };
  });
}
