import type { ConsoleMessage } from '@playwright/test';
import { test as base, expect } from './coverage';
import type { RunningServer } from '../../server/start.ts';
import { startSiteServer } from '../support/site-server.ts';
import { SERVER_TEST_BUDGET_MS } from '../support/budgets.ts';

interface WorkerFixtures {
  /** The project's own server, one per worker, with a fresh database. */
  server: RunningServer;
}

interface TestFixtures {
  /** Console errors and warnings, and uncaught page errors, since the page opened. */
  consoleProblems: string[];
  /** CPU_THROTTLE=4 runs Chromium's CPU four times slower: a test that races the clock fails. */
  cpuThrottle: void;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function destructures
    async ({}, use) => {
      const server = await startSiteServer();
      await use(server);
      await server.close();
    },
    // Copying the build and migrating a fresh database, on two cores other work keeps busy.
    { scope: 'worker', timeout: SERVER_TEST_BUDGET_MS },
  ],
  baseURL: async ({ server }, use) => use(server.url),
  cpuThrottle: [
    async ({ page }, use) => {
      const rate = Number(process.env.CPU_THROTTLE ?? 1);
      if (rate > 1) {
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      }
      await use();
    },
    { auto: true },
  ],
  consoleProblems: async ({ page }, use) => {
    const problems: string[] = [];
    const onConsole = (message: ConsoleMessage) => {
      if (message.type() === 'error' || message.type() === 'warning') {
        problems.push(`${message.type()}: ${message.text()}`);
      }
    };
    page.on('console', onConsole);
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    await use(problems);
  },
});

export { expect };
