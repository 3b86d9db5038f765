import type { Database } from '../db/database.ts';
import type { WorkLog } from '../work-log.ts';
import { messageOf } from '../loggable-error.ts';

/**
 * The one way background work runs here (docs/architecture.md, "Background
 * work"): a round on a timer, woken sooner by a NOTIFY or by `wake()`, never
 * two rounds at once, a failed round logged and tried again after a wait that
 * grows while rounds keep failing, and a stop that lets the round in progress finish. What a round claims and
 * how long it holds it (the lease) are the round's own, in SQL: any number of
 * servers and workers may share one database.
 */

export interface LoopOptions {
  /** One round; true (or nothing) when nothing more was due. `stopping()` says to end it early. */
  round: (stopping: () => boolean) => Promise<boolean | void>;
  /** The wait between rounds: the poll, the floor under a lost NOTIFY. */
  everyMs: number;
  /** What a failed round writes in the log; the loop tries again after `everyMs`. */
  failed: (message: string) => string;
  log: WorkLog;
  /** A round that found more due goes straight on to the next (else it waits `everyMs`). */
  burst?: boolean;
  /** After an idle round, the wait until the next if sooner than `everyMs` (e.g. a push falling due). */
  nextDueMs?: () => Promise<number | undefined>;
  /** Woken at once by this channel's NOTIFY, where the database has one. */
  listen?: { database: Database; channel: string; unheard: (message: string) => string };
}

export interface Loop {
  /** Runs a round now, or once more after the one in progress. */
  wake(): void;
  /** Resolves after the next round that found nothing due. */
  drained(): Promise<void>;
  /** Runs a round now, or once more after the one in progress, and resolves when it has ended, done or failed. */
  runOnce(): Promise<void>;
  /** Stops the timer and waits for a round in progress; call before the database closes. */
  stop(): Promise<void>;
}

/**
 * After failed rounds in a row the wait doubles from the turn, up to this or
 * the turn itself if longer (an hourly purge keeps its hour), and never past
 * sixteen turns (a test's short turn stays short): a database or relay that
 * is down is not asked again every poll.
 */
const BACKOFF_CAP_MS = 30_000;

const backoffMs = (everyMs: number, failures: number) =>
  Math.min(everyMs * 2 ** (failures - 1), 16 * everyMs, Math.max(BACKOFF_CAP_MS, everyMs));

export function startLoop(options: LoopOptions): Loop {
  const { round, everyMs, log } = options;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  const drainWaiters: (() => void)[] = [];
  /** Waiting for the next round to begin and end (runOnce). */
  const onceWaiters: (() => void)[] = [];

  let failures = 0;
  const rounds = async () => {
    const settled = onceWaiters.splice(0);
    let waitMs = everyMs;
    try {
      let idle = false;
      do {
        idle = (await round(() => stopped)) !== false;
        // A wake during the round asks for one more.
        if (idle && again && options.burst) [again, idle] = [false, false];
      } while (options.burst && !stopped && !idle);
      if (idle) for (const resolve of drainWaiters.splice(0)) resolve();
      const due = idle ? await options.nextDueMs?.() : undefined;
      if (due !== undefined) waitMs = Math.min(everyMs, due);
      failures = 0;
    } catch (error) {
      log.warn(options.failed(messageOf(error)));
      failures += 1;
      waitMs = backoffMs(everyMs, failures);
    }
    for (const resolve of settled) resolve();
    return waitMs;
  };

  const run = () => {
    if (stopped) {
      for (const resolve of onceWaiters.splice(0)) resolve();
      return;
    }
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    again = false;
    // rounds() never rejects: a failure is logged and sets the wait.
    running = rounds().then((waitMs) => {
      running = undefined;
      if (stopped) return;
      if (again) return run();
      timer = setTimeout(run, waitMs);
      // Never what keeps a process alive: the server's listener or the worker's own keep-alive does.
      timer.unref();
    });
  };

  let unlisten: (() => Promise<void>) | undefined;
  if (options.listen) {
    const { database, channel, unheard } = options.listen;
    void database
      .listen?.(channel, run)
      .then((stop) => {
        if (stopped) void stop();
        else unlisten = stop;
      })
      .catch((error: unknown) => log.warn(unheard(messageOf(error))));
  }
  // The first round at once, once the caller has its handle.
  timer = setTimeout(run, 0);
  timer.unref();

  return {
    wake: run,
    drained: () => new Promise((resolve) => drainWaiters.push(resolve)),
    runOnce: () =>
      new Promise((resolve) => {
        onceWaiters.push(resolve);
        run();
      }),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await unlisten?.();
      await running;
    },
  };
}
