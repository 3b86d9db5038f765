import type { Database, Row } from '../../db/database.ts';
import type { WorkingHours } from '../clocks/working-hours.ts';
import { pushMessage } from './push-payload.ts';
import {
  CLAIM_PUSHES,
  FORGET_DEVICE,
  FORGET_OLD_PUSHES,
  MARK_REFUSED,
  MARK_RETRY,
  MARK_SENT,
} from './push-queries.ts';
import type { PushOutcome, PushSender } from './push-sender.ts';

/** The floor under the wake-up (LISTEN): a lead stored while it was lost waits at most this. */
const PUSH_POLL_MS = 2_000;
/** Pushes claimed at once and sent in parallel; a full batch is followed at once by the next. */
const BATCH = 50;
/** Far longer than a push can take (push-sender.ts's timeout is 10 s). */
const LEASE_SECONDS = 60;
/** Past this many lead pushes a minute to one device, the rest collapse into one "waiting" push. */
const PUSHES_PER_MINUTE = 10;
/** The "waiting" push replaces itself at most this often while the count grows. */
const WAITING_GAP_SECONDS = 3;
/** 2 s, 4 s, 8 s, … up to 5 minutes between tries of a push service that is down. */
const RETRY_BASE_MS = 2_000;
const RETRY_MAX_MS = 5 * 60_000;
const MAX_ATTEMPTS = 12;
/** A push older than its TTL is not worth sending. */
const GIVE_UP_SECONDS = 24 * 3_600;
const CLEAN_EVERY_MS = 10 * 60_000;

export interface PushLog {
  info(text: string): void;
  warn(text: string): void;
}

export interface PushWorkerOptions {
  sender: PushSender;
  hours: WorkingHours;
  log: PushLog;
  pollMs?: number;
  /** Tests shorten the retries. */
  retryBaseMs?: number;
}

export interface PushWorker {
  /** Runs a round now (a NOTIFY, or the escalation that queued pushes). */
  wake(): void;
  /** Resolves after the next round that found nothing due. */
  drained(): Promise<void>;
  stop(): Promise<void>;
}

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
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let lastClean = 0;
  const drainWaiters: (() => void)[] = [];

  const record = async (row: Row, outcome: PushOutcome) => {
    const id = row.queue_id;
    if (outcome.status === 'sent') {
      await database.query(MARK_SENT, [id]);
    } else if (outcome.status === 'gone') {
      await database.query(FORGET_DEVICE, [row.device_id]);
      log.info(
        `Alerts: device ${row.device_id} forgotten (its push service answered ${outcome.code})`,
      );
    } else if (outcome.status === 'retry') {
      const delay =
        outcome.afterMs ?? Math.min(retryBaseMs * 2 ** Number(row.attempts), RETRY_MAX_MS);
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
      log.warn(
        `Alerts: the push service refused a push to device ${row.device_id}: ${outcome.reason}`,
      );
    }
  };

  const sendOne = async (row: Row) => {
    const message = pushMessage(row, hours, new Date());
    const outcome: PushOutcome = message
      ? await sender.send(
          { endpoint: String(row.endpoint), p256dh: String(row.p256dh), auth: String(row.auth) },
          message,
        )
      : { status: 'sent' };
    await record(row, outcome);
  };

  /** True when nothing more was due. */
  const round = async (): Promise<boolean> => {
    const claimed = await database.query(CLAIM_PUSHES, [
      BATCH,
      LEASE_SECONDS,
      PUSHES_PER_MINUTE,
      WAITING_GAP_SECONDS,
    ]);
    await Promise.all(claimed.map(sendOne));
    if (Date.now() - lastClean > CLEAN_EVERY_MS) {
      lastClean = Date.now();
      await database.query(FORGET_OLD_PUSHES);
    }
    return claimed.length === 0;
  };

  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    again = false;
    running = (async () => {
      let idle = false;
      try {
        // A full batch (or a wake-up during the round) goes straight on to the next.
        while (!stopped && !idle) {
          idle = await round();
          if (idle && again) {
            again = false;
            idle = false;
          }
        }
        for (const resolve of drainWaiters.splice(0)) resolve();
      } catch (error) {
        log.warn(
          `Alerts paused, retrying shortly: ${error instanceof Error ? error.message : error}`,
        );
      }
    })().finally(() => {
      running = undefined;
      if (stopped) return;
      if (again) return run();
      timer = setTimeout(run, pollMs);
      timer.unref();
    });
  };

  let unlisten: (() => Promise<void>) | undefined;
  void database
    .listen?.('lead_push', run)
    .then((stop) => {
      if (stopped) void stop();
      else unlisten = stop;
    })
    .catch((error: unknown) =>
      log.warn(
        `Alerts will poll every ${pollMs} ms: ${error instanceof Error ? error.message : error}`,
      ),
    );
  run();

  return {
    wake: run,
    drained: () => new Promise((resolve) => drainWaiters.push(resolve)),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await unlisten?.();
      await running;
    },
  };
}
