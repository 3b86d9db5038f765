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
  timeout: 30_000,
  expect: { timeout: 5_000 },
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
