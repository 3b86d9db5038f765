import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test as base, expect, type ConsoleMessage } from '@playwright/test';
import { startServer } from '../../server/start.ts';

type Server = Awaited<ReturnType<typeof startServer>>;

interface WorkerFixtures {
  /** The project's own server, one per worker, with a fresh database. */
  server: Server;
}

interface TestFixtures {
  /** Console errors and warnings, and uncaught page errors, since the page opened. */
  consoleProblems: string[];
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function destructures
    async ({}, use) => {
      const workDir = await mkdtemp(join(tmpdir(), 'e2e-'));
      // Serve a snapshot of the build: teammates rebuilding dist/ in the same tree
      // mid-run would otherwise swap the files under a test's feet.
      const distDir = join(workDir, 'dist');
      await cp(resolve('dist'), distDir, { recursive: true });
      const server = await startServer({
        port: 0,
        host: '127.0.0.1',
        dataDir: join(workDir, 'data'),
        distDir,
        logger: false,
      });
      await use(server);
      await server.close();
      await rm(workDir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  baseURL: async ({ server }, use) => use(server.url),
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
