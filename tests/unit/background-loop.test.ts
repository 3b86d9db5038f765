import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startLoop, type Loop, type LoopOptions } from '../../server/background/loop.ts';
import type { Database } from '../../server/db/database.ts';

/**
 * The runner every background loop shares (server/background/loop.ts), on a
 * clock the test moves: a round's turn, a failure, a wake, a stop.
 */

const EVERY_MS = 1_000;

type Pending = { resolve: (idle: boolean) => void; reject: (error: Error) => void };
/** Every round not yet ended, so a test's end can end them. */
const unended: Pending[][] = [];

/** A round the test ends by hand: each call waits for `finish(idle)` or `fail()`. */
function handRounds() {
  const pending: Pending[] = [];
  unended.push(pending);
  let started = 0;
  return {
    round: () =>
      new Promise<boolean>((resolve, reject) => {
        started += 1;
        pending.push({ resolve, reject });
      }),
    get started() {
      return started;
    },
    finish: (idle = true) => pending.shift()!.resolve(idle),
    fail: () => pending.shift()!.reject(new Error('relay down')),
  };
}

const warnings: string[] = [];
const log = { info: () => {}, warn: (text: string) => void warnings.push(text) };
let loop: Loop | undefined;
const start = (options: Partial<LoopOptions> & Pick<LoopOptions, 'round'>) =>
  (loop = startLoop({ everyMs: EVERY_MS, failed: (m) => `paused: ${m}`, log, ...options }));
/** Lets promise callbacks run, at the same moment. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  warnings.length = 0;
});
afterEach(async () => {
  const stopping = loop?.stop();
  for (const pending of unended.splice(0)) for (const round of pending) round.resolve(true);
  await vi.runOnlyPendingTimersAsync();
  await stopping;
  loop = undefined;
  vi.useRealTimers();
});

describe('a background loop', () => {
  it('runs a round at once, then one every turn', async () => {
    const rounds = handRounds();
    start({ round: rounds.round });
    await settle();
    expect(rounds.started).toBe(1);
    rounds.finish();
    await vi.advanceTimersByTimeAsync(EVERY_MS - 1);
    expect(rounds.started).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(rounds.started).toBe(2);
  });

  it('logs a round that fails and tries again at the next turn', async () => {
    const rounds = handRounds();
    start({ round: rounds.round });
    await settle();
    rounds.fail();
    await settle();
    expect(warnings).toEqual(['paused: relay down']);
    await vi.advanceTimersByTimeAsync(EVERY_MS);
    expect(rounds.started).toBe(2);
  });

  it('waits longer after each failed round in a row, up to a cap, and a good round resets it', async () => {
    const rounds = handRounds();
    start({ round: rounds.round });
    await settle();
    const startsAfter = async (ms: number) => {
      await vi.advanceTimersByTimeAsync(ms - 1);
      const before = rounds.started;
      await vi.advanceTimersByTimeAsync(1);
      return rounds.started - before;
    };
    const waits: boolean[] = [];
    for (const wait of [1, 2, 4, 8, 16, 16].map((turns) => turns * EVERY_MS)) {
      rounds.fail();
      await settle();
      waits.push((await startsAfter(wait)) === 1);
    }
    expect(waits).toEqual([true, true, true, true, true, true]);
    rounds.finish();
    await settle();
    expect(await startsAfter(EVERY_MS)).toBe(1);
  });

  it('never runs two rounds at once: a wake during a round runs one more right after it', async () => {
    const rounds = handRounds();
    start({ round: rounds.round });
    await settle();
    loop!.wake();
    loop!.wake();
    await settle();
    expect(rounds.started).toBe(1);
    rounds.finish();
    await settle();
    expect(rounds.started).toBe(2);
    rounds.finish();
    await settle();
    expect(rounds.started).toBe(2);
  });

  it('runs a round at once when woken between turns', async () => {
    const rounds = handRounds();
    start({ round: rounds.round });
    await settle();
    rounds.finish();
    await settle();
    loop!.wake();
    await settle();
    expect(rounds.started).toBe(2);
  });

  it('goes straight on while a bursting round finds more due', async () => {
    const rounds = handRounds();
    start({ round: rounds.round, burst: true });
    await settle();
    rounds.finish(false);
    await settle();
    expect(rounds.started).toBe(2);
    rounds.finish(true);
    await settle();
    expect(rounds.started).toBe(2);
  });

  it('is drained after a round that found nothing due, not after one that found more', async () => {
    const rounds = handRounds();
    start({ round: rounds.round });
    const drained = vi.fn();
    void loop!.drained().then(drained);
    await settle();
    rounds.finish(false);
    await vi.advanceTimersByTimeAsync(EVERY_MS);
    expect(drained).not.toHaveBeenCalled();
    rounds.finish(true);
    await settle();
    expect(drained).toHaveBeenCalled();
  });

  it('runs once on request, after the round in progress, and says when that one ended', async () => {
    const rounds = handRounds();
    start({ round: rounds.round });
    await settle();
    const once = vi.fn();
    void loop!.runOnce().then(once);
    rounds.finish();
    await settle();
    expect(once).not.toHaveBeenCalled();
    expect(rounds.started).toBe(2);
    rounds.fail();
    await settle();
    expect(once).toHaveBeenCalled();
  });

  it('stops after the round in progress, and starts none after', async () => {
    const rounds = handRounds();
    start({ round: rounds.round });
    await settle();
    const stopped = vi.fn();
    void loop!.stop().then(stopped);
    loop!.wake();
    await settle();
    expect(stopped).not.toHaveBeenCalled();
    rounds.finish();
    await settle();
    expect(stopped).toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(10 * EVERY_MS);
    expect(rounds.started).toBe(1);
  });

  it('is woken by its channel, and waits no longer than the next thing falls due', async () => {
    const rounds = handRounds();
    let notify = () => {};
    const database = {
      listen: async (_channel: string, onNotify: () => void) => {
        notify = onNotify;
        return async () => {};
      },
    } as unknown as Database;
    start({
      round: rounds.round,
      listen: { database, channel: 'lead_push', unheard: (m) => m },
      nextDueMs: async () => 100,
    });
    await settle();
    rounds.finish();
    await vi.advanceTimersByTimeAsync(100);
    expect(rounds.started).toBe(2);
    rounds.finish();
    await settle();
    notify();
    await settle();
    expect(rounds.started).toBe(3);
  });
});
