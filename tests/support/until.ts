const POLL_MS = 50;

/**
 * Polls `probe` until `accept` holds for what it returns (by default: until it
 * returns true) and resolves with that value. `timeoutMs` is patience for a busy
 * machine, not a timing under test: a failure names `what` and the last value
 * seen, so it says what the code showed instead. Patience is measured on
 * performance.now(), which a test that holds Date still (vi.useFakeTimers with
 * toFake: ['Date']) leaves running, so such a test still fails with these words.
 */
export async function until<T>(
  probe: () => T | Promise<T>,
  timeoutMs: number,
  what: string,
  accept: (value: T) => boolean = (value) => value === true,
): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (accept(value)) return value;
    if (performance.now() > deadline) {
      throw new Error(
        `Timed out after ${timeoutMs} ms waiting for ${what}; last seen: ${JSON.stringify(value)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
