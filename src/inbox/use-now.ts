import { useSyncExternalStore } from 'react';

/** The clocks' labels move on this often: "Reply by" turns "overdue" within the half-minute. */
const TICK_MS = 30_000;

let now = new Date();
const listeners = new Set<() => void>();
let timer: number | undefined;

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (timer === undefined) {
    now = new Date();
    timer = window.setInterval(() => {
      now = new Date();
      for (const notify of listeners) notify();
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.clearInterval(timer);
      timer = undefined;
    }
  };
}

/** The time, shared by every clock on the page and moved on by one timer. */
export function useNow(): Date {
  return useSyncExternalStore(
    subscribe,
    () => now,
    () => now,
  );
}
