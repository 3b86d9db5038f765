/**
 * What a cross-engine test needs from a browser, whatever protocol drives it
 * (WebDriver BiDi for Firefox, classic WebDriver for WebKit), so both engines
 * run the very same test code.
 */

import { afterEach } from 'vitest';

/** Runs in the page: finds an element by what a visitor reads (a label, a button's name). */
export type Finder = (name: string) => Element | null;

export interface Engine {
  /**
   * Opens `url` as a first visit (no stored theme or draft) and resolves once
   * the page has loaded, with `problems` watching it from before its scripts ran.
   */
  open(url: string): Promise<void>;
  /** Runs `fn` in the page (it may be async); arguments and result cross as JSON. */
  evaluate<A extends unknown[], R>(fn: (...args: A) => R, ...args: A): Promise<Awaited<R>>;
  /** Clicks, as a pointer does, the element `find(name)` returns once there is one. */
  click(find: Finder, name: string): Promise<void>;
  /** Types `text` with the keyboard into the element `find(name)` returns once there is one. */
  type(find: Finder, name: string, text: string): Promise<void>;
  /** A PNG of what the viewport shows, as the engine drew it. */
  screenshot(): Promise<Buffer>;
  /** Console errors and warnings, uncaught errors, failed loads and CSP violations so far. */
  problems(): Promise<string[]>;
  /**
   * What the engine can tell of the current visit, for a failed test's report:
   * the protocol's commands and the driver's last words. Firefox's library
   * keeps no such record, so its engine has none.
   */
  report?(): string;
  /** Ends the browser and every process it started. */
  close(): Promise<void>;
}

/** How long a condition in a browser may take to come true: a busy 2-core machine is slow, never wrong. */
export const PATIENCE_MS = 15_000;

/**
 * After each failed test of the describe, prints what its engine can tell
 * (Engine.report): a timeout names no step, the engine's record says which
 * command the test was in.
 */
export function reportFailures(engine: () => Engine | undefined): void {
  afterEach(({ task }) => {
    const report = task.result?.state === 'fail' ? engine()?.report?.() : undefined;
    if (report) console.error(report);
  });
}
