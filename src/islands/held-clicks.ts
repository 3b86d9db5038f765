/**
 * Clicks held for their island, one per control: a second press while the
 * first waits is the same press.
 */
const held = new Set<Element>();

/**
 * Holds a click on `target` until `ready` resolves, then replays it; a
 * second click on it while it waits is the same click.
 */
export function holdClick(target: HTMLElement, ready: () => Promise<unknown>): void {
  if (held.has(target)) return;
  held.add(target);
  void replayWhenReady(ready, target).finally(() => held.delete(target));
}

/**
 * After the connection returns, how long to wait before each new try of a
 * load that failed: the browser can say "online" a moment before requests get
 * through (the network comes up in stages, and Chromium's own emulation lifts
 * `navigator.onLine` first), and a click given up then would post without
 * script, leaving the page, when the code arrives a moment later.
 */
const RETRY_AFTER_ONLINE_MS = [250, 1_000, 3_000] as const;

/**
 * Replays a held click once its island can take it. If the code failed to
 * load offline, the click waits for the connection and the code is tried
 * again, a few times as the connection settles: the post without script could
 * only fail offline, onto the browser's error page. Online, a failed load
 * replays the click all the same, and the browser does what it does without
 * script.
 */
async function replayWhenReady(ready: () => Promise<unknown>, target: HTMLElement) {
  let retries: number[] = [];
  for (;;) {
    // A load begun offline can fail after the connection has returned (its request had been
    // refused, the answer arrives later): that failure says nothing of the connection now.
    const begunOffline = !navigator.onLine;
    try {
      await ready();
      break;
    } catch (error) {
      if (begunOffline || !navigator.onLine) {
        if (!navigator.onLine) {
          await new Promise((resolve) =>
            window.addEventListener('online', resolve, { once: true }),
          );
        }
        retries = [...RETRY_AFTER_ONLINE_MS];
        continue;
      }
      const wait = retries.shift();
      if (wait === undefined) {
        reportError(error);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
  target.click();
}
