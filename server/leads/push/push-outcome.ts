import type { Database, Row } from '../../db/database.ts';
import {
  FORGET_DEVICE,
  MARK_REFUSED,
  MARK_RETRY,
  MARK_SENT,
  RECORD_TEST_RESULT,
  REQUEUE_WAITING,
} from './push-queries.ts';
import type { PushOutcome } from './push-sender.ts';
import type { WorkLog } from '../../work-log.ts';

/** Up to 5 minutes between tries of a push service that is down. */
const RETRY_MAX_MS = 5 * 60_000;
/** Tries in all, the first included: with the waits below, what docs/alerts.md says of a service down. */
export const MAX_ATTEMPTS = 12;
/** A push older than its TTL is not worth sending. */
const GIVE_UP_SECONDS = 24 * 3_600;

/** The wait after a push's try number `attempts` + 1 failed: doubling from `baseMs`, capped. */
export function retryDelayMs(attempts: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** attempts, RETRY_MAX_MS);
}

/**
 * What a push service's answer does to the queued push: sent, its device
 * forgotten (the subscription is gone), tried again later with a longer wait
 * each time, or refused for good.
 */
export async function recordOutcome(
  database: Database,
  log: WorkLog,
  row: Row,
  outcome: PushOutcome,
  retryBaseMs: number,
): Promise<void> {
  const id = row.queue_id;
  if (row.kind === 'test') await recordTestResult(database, row, outcome);
  if (outcome.status === 'sent') {
    await database.query(MARK_SENT, [id]);
  } else if (outcome.status === 'gone') {
    await database.query(FORGET_DEVICE, [row.device_id]);
    log.info(
      `Alerts: device ${row.device_id} forgotten (its push service answered ${outcome.code})`,
    );
  } else if (outcome.status === 'retry' && (row.kind === 'waiting' || row.kind === 'test')) {
    // A waiting push's count is stale by the next try; a test's member is
    // looking now, and a later try would answer a question nobody asks.
    await database.query(MARK_REFUSED, [id, outcome.reason]);
    // A fresh waiting push counts afresh (one queued meanwhile wins).
    if (row.kind === 'waiting') await database.query(REQUEUE_WAITING, [row.device_id, retryBaseMs]);
  } else if (outcome.status === 'retry') {
    const delay = outcome.afterMs ?? retryDelayMs(Number(row.attempts), retryBaseMs);
    const [marked] = await database.query(MARK_RETRY, [
      id,
      Math.round(delay),
      MAX_ATTEMPTS,
      GIVE_UP_SECONDS,
      outcome.reason,
    ]);
    if (marked?.given_up)
      log.warn(`Alerts: a push to device ${row.device_id} was given up: ${outcome.reason}`);
  } else {
    await database.query(MARK_REFUSED, [id, outcome.reason]);
    // The push service's refusal, or the sender's own (push-guard.ts): the reason says which.
    log.warn(`Alerts: a push to device ${row.device_id} was refused: ${outcome.reason}`);
  }
}

/** A test alert's answer, as the member reads it: accepted, refused (with the status) or gone. */
async function recordTestResult(database: Database, row: Row, outcome: PushOutcome) {
  const shown =
    outcome.status === 'sent' ? 'accepted' : outcome.status === 'gone' ? 'gone' : 'refused';
  await database.query(RECORD_TEST_RESULT, [row.queue_id, shown, outcome.code ?? null]);
}
