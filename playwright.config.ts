import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests for the page (tests/e2e). Each worker starts the project's own
 * server on a free port with a fresh database (tests/e2e/fixtures.ts), so there
 * is no `webServer` here; the test command builds dist/ first.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  // Two cores: one worker per core. No test reads the wall clock; the motion tests read the
  // timings the browser was given (delays, durations), which a busy machine does not change.
  workers: 2,
  // Tests wait on state, never on the clock; a flaky test is a bug to fix, not to retry.
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
    trace: 'retain-on-failure',
    launchOptions: {
      // Debian's Chromium; Playwright never downloads a browser here.
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
  },
});
