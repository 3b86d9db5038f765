import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test as base, expect } from '@playwright/test';

/**
 * Where each test's script coverage is written, one file per test, when scripts/test.mjs sets it;
 * unset (a spec run on its own), nothing is measured. scripts/browser-coverage.mjs maps it onto
 * our sources (docs/testing.md).
 */
const COVERAGE_DIR = process.env.E2E_COVERAGE_DIR;

/** The build's chunks, the only scripts its source maps describe (the inline ones are not). */
const BUILT_CHUNK = /^\/assets\/[^/]+\.js$/;

/**
 * Playwright's `test`, with its `page` measuring which of the build's code ran in it: Chromium's
 * V8 block coverage, from before the test's first navigation, kept across reloads. Every spec
 * takes its `test` from here or from a fixture built on it.
 */
export const test = base.extend({
  page: async ({ page, browserName, javaScriptEnabled }, use, testInfo) => {
    // Without JavaScript there is nothing to count, and Chromium refuses to start counting.
    if (!COVERAGE_DIR || browserName !== 'chromium' || !javaScriptEnabled) return use(page);
    const started = performance.now();
    await page.coverage.startJSCoverage({ resetOnNavigation: false });
    const running = performance.now();
    await use(page);
    // A page the test closed itself has taken its counts with it.
    if (page.isClosed()) return;
    const ended = performance.now();
    const result = (await page.coverage.stopJSCoverage()).flatMap(({ url, functions }) => {
      const path = URL.canParse(url) ? new URL(url).pathname : '';
      return BUILT_CHUNK.test(path) ? [{ scriptId: '0', url: path, functions }] : [];
    });
    if (!result.length) return;
    // What counting cost beside the test's own time, for scripts/browser-coverage.mjs to report.
    const ms = { counting: running - started + (performance.now() - ended), test: ended - running };
    mkdirSync(COVERAGE_DIR, { recursive: true });
    const file = `${testInfo.testId}-${testInfo.repeatEachIndex}-${testInfo.retry}.json`;
    writeFileSync(join(COVERAGE_DIR, file), JSON.stringify({ result, ms }));
  },
});

export { expect };
