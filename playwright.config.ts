import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests for the page (tests/e2e). Each worker starts the project's own
 * server on a free port with a fresh database (tests/e2e/fixtures.ts), so there
 * is no `webServer` here; the test command builds dist/ first.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  // One migrated database for every server the tests start to copy.
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  // Two cores: one worker per core.
  workers: 2,
  // A flaky test is a bug to fix, not to retry. Tests wait on state (the page's data-hydrated
  // mark, a role, a row) or hold the page's clock (page.clock); the motion tests read the
  // timings the browser was given, not how long they took.
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: 'list',
  // Deadlines, not waits: a test ends as soon as its states show. They hold on the slowest hosts
  // CI has run on, where the same commit's suite took three and a half times as long as on the
  // host these were first set on (42 minutes against 12, two busy loops beside it each time).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 800 },
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    // A failed test keeps its trace: actions, network and console. Not the DOM snapshots and
    // screenshots, which took a third of the step's time (a screenshot on failure is kept).
    trace: { mode: 'retain-on-failure', snapshots: false, screenshots: false, sources: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium; Playwright never downloads a browser here.
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
  },
});
