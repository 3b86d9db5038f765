const STOP_SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/**
 * Ctrl-C in a terminal signals the whole foreground process group, so under `npm start`, `npm run
 * serve` or `npm run worker` npm and this process both get SIGINT, and npm passes its own on:
 * one press arrives twice, milliseconds apart (or once, when the kernel merged them). A repeat
 * this soon after the first is that same press; only a later one is someone pressing again.
 */
const SAME_PRESS_MS = 1_000;

/**
 * The server's and the worker's stop: the first SIGINT or SIGTERM calls `stop`, which finishes
 * what is in flight and closes the database; a signal pressed again later ends the process at
 * once, as it would without a handler, for a stop that hangs.
 */
export function stopOnSignals(stop: (signal: NodeJS.Signals) => void): void {
  let firstAt: number | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    if (firstAt === undefined) {
      firstAt = performance.now();
      stop(signal);
      return;
    }
    if (performance.now() - firstAt < SAME_PRESS_MS) return;
    for (const each of STOP_SIGNALS) process.off(each, onSignal);
    process.kill(process.pid, signal);
  };
  for (const signal of STOP_SIGNALS) process.on(signal, onSignal);
}
