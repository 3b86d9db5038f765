import type { Database, Row } from '../../db/database.ts';
import type { WorkingHours } from '../../../shared/working-hours.ts';
import { pushMessage, withArrival } from './push-message.ts';
import { recordOutcome } from './push-outcome.ts';
import { CLAIM_PUSHES, FORGET_OLD_PUSHES, NEXT_DUE_MS } from './push-queries.ts';
import type { PushOutcome, PushSender } from './push-sender.ts';
import type { WorkLog } from '../../work-log.ts';
import { startLoop, type Loop } from '../../background/loop.ts';

/** The floor under the wake-up (LISTEN): a lead stored while it was lost waits at most this. */
const PUSH_POLL_MS = 2_000;
/** Pushes claimed at once and sent in parallel; a full batch is followed at once by the next. */
const BATCH = 50;
/** Far longer than a push can take (push-sender.ts's timeout is 10 s). */
const LEASE_SECONDS = 60;
/** Past this many lead pushes a minute to one device, the rest collapse into one "waiting" push. */
export const PUSHES_PER_MINUTE = 10;
/** The "waiting" push replaces itself at most this often while the count grows. */
const WAITING_GAP_SECONDS = 3;
/** CLAIM_PUSHES's arguments, in its order: the worker's claim as tests make it too. */
export const PUSH_CLAIM_ARGUMENTS = [
  BATCH,
  LEASE_SECONDS,
  PUSHES_PER_MINUTE,
  WAITING_GAP_SECONDS,
] as const;
/** 2 s, 4 s, 8 s, … between tries of a push service that is down (push-outcome.ts caps it). */
export const RETRY_BASE_MS = 2_000;
const CLEAN_EVERY_MS = 10 * 60_000;

export interface PushWorkerOptions {
  sender: PushSender;
  hours: WorkingHours;
  log: WorkLog;
  pollMs?: number;
  /** Tests shorten the retries. */
  retryBaseMs?: number;
}

/** `wake` for the escalation that queued pushes (a NOTIFY wakes it on its own). */
export type PushWorker = Pick<Loop, 'wake' | 'drained' | 'stop'>;

/**
 * Sends the queued pushes (app_private.push_queue) in order of arrival, a
 * batch at a time in parallel, each claimed by one worker of however many
 * share the database. Runs on its own timer, apart from lead email: a push
 * never waits for the email or its summary. Woken at once by the queue's
 * NOTIFY; the poll is the floor.
 */
export function startPushWorker(database: Database, options: PushWorkerOptions): PushWorker {
  const { sender, hours, log } = options;
  const pollMs = options.pollMs ?? PUSH_POLL_MS;
  const retryBaseMs = options.retryBaseMs ?? RETRY_BASE_MS;
  let lastClean = 0;

  const sendOne = async (row: Row, arrivals: Map<string, Promise<unknown>>) => {
    const message = pushMessage(await withArrival(database, row, arrivals), hours, new Date());
    const outcome: PushOutcome = message
      ? await sender.send(
          { endpoint: String(row.endpoint), p256dh: String(row.p256dh), auth: String(row.auth) },
          message,
        )
      : { status: 'sent' };
    await recordOutcome(database, log, row, outcome, retryBaseMs);
  };

  /** True when nothing more was due. */
  const round = async (): Promise<boolean> => {
    const claimed = await database.query(CLAIM_PUSHES, [...PUSH_CLAIM_ARGUMENTS]);
    // Each lead's arrival read once a round, however many devices it goes to.
    const arrivals = new Map<string, Promise<unknown>>();
    await Promise.all(claimed.map((row) => sendOne(row, arrivals)));
    if (Date.now() - lastClean > CLEAN_EVERY_MS) {
      lastClean = Date.now();
      await database.query(FORGET_OLD_PUSHES);
    }
    return claimed.length === 0;
  };

  return startLoop({
    everyMs: pollMs,
    log,
    failed: (message) => `Alerts paused, retrying shortly: ${message}`,
    // A full batch (or a wake-up during the round) goes straight on to the next.
    burst: true,
    round,
    // The poll, or sooner when a queued push falls due before it (no NOTIFY will say so).
    async nextDueMs() {
      const [next] = await database.query(NEXT_DUE_MS);
      return next?.ms == null ? undefined : Number(next.ms) + 10;
    },
    listen: {
      database,
      channel: 'lead_push',
      unheard: (message) => `Alerts will poll every ${pollMs} ms: ${message}`,
    },
  });
}
