import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { DataDirLockedError, lockDataDir } from '../../server/db/data-dir-lock.ts';
import { startServer } from '../../server/start.ts';
import { describeEachBackend, emptyDataDir, envFor, freshBackend } from './support/backends.ts';
import { exited, runServerToExit, spawnServer, type ChildServer } from '../support/child-server.ts';
import { VALID } from '../support/requests.ts';
import { TEST_PROOF_OF_WORK, withProof } from '../support/proof.ts';
import { SERVER_TEST_BUDGET_MS } from '../support/budgets.ts';

// Every test here makes a database of its own and starts servers on it.
vi.setConfig({ testTimeout: SERVER_TEST_BUDGET_MS });

const post = async (url: string, body: object) =>
  fetch(`${url}/rest/v1/contact_submissions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(await withProof(url, body)),
  });

describe('the embedded database on disk', () => {
  it('is created and migrated on first start, and keeps its rows across a restart', async () => {
    const { dataDir, remove } = emptyDataDir();
    onTestFinished(remove);
    const first = await startServer({
      port: 0,
      dataDir,
      distDir: '/nonexistent',
      proofOfWork: TEST_PROOF_OF_WORK,
    });
    expect((await post(first.url, VALID)).status).toBe(201);
    await first.close();

    const second = await startServer({ port: 0, dataDir, distDir: '/nonexistent' });
    onTestFinished(() => second.close());
    const rows = await second.query('select name, email, message from contact_submissions');
    expect(rows).toEqual([VALID]);
  });

  it('refuses a second open of the same directory, naming the holder', async () => {
    const backend = await freshBackend('embedded');
    onTestFinished(() => backend.dispose());
    const server = await startServer({ port: 0, ...backend.options, distDir: '/nonexistent' });
    onTestFinished(() => server.close());
    const second = startServer({ port: 0, ...backend.options, distDir: '/nonexistent' });
    await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(second).rejects.toThrow(`in use by process ${process.pid}`);
  });
});

/**
 * Keeps 8 clients posting to a real server process and pulls the plug
 * (SIGKILL) after 60 acknowledgements; returns the names it acknowledged.
 */
async function acknowledgedBeforeKill(server: ChildServer): Promise<string[]> {
  const acknowledged: string[] = [];
  let sent = 0;
  const client = async () => {
    while (server.child.exitCode === null && server.child.signalCode === null) {
      const name = `Killed ${sent++}`;
      const response = await post(server.url, { ...VALID, name }).catch(() => undefined);
      if (response?.status === 201) acknowledged.push(name);
      if (acknowledged.length >= 60) server.child.kill('SIGKILL');
    }
  };
  await Promise.all(Array.from({ length: 8 }, client));
  expect(server.child.signalCode).toBe('SIGKILL');
  expect(acknowledged.length).toBeGreaterThanOrEqual(60);
  return acknowledged;
}

// per backend: what survives kill -9 is each database's durability: PGlite's files, PostgreSQL's WAL.
describeEachBackend('kill -9 during a burst of submissions', (kind) => {
  it('loses no acknowledged submission, and the server starts again on the same data', async () => {
    const backend = await freshBackend(kind);
    onTestFinished(() => backend.dispose());
    const server = await spawnServer(envFor(backend));
    onTestFinished(() => void server.child.kill('SIGKILL'));

    const acknowledged = await acknowledgedBeforeKill(server);

    const restarted = await startServer({ port: 0, ...backend.options, distDir: '/nonexistent' });
    onTestFinished(() => restarted.close());
    const rows = await restarted.query('select name from contact_submissions');
    const stored = new Set(rows.map((row) => row.name));
    expect(acknowledged.filter((name) => !stored.has(name))).toEqual([]);
  });
});

describe('the server process', () => {
  it('stops cleanly on SIGTERM, exit code 0, lock released', async () => {
    const backend = await freshBackend('embedded');
    onTestFinished(() => backend.dispose());
    const server = await spawnServer({ DATA_DIR: backend.options.dataDir });
    onTestFinished(() => void server.child.kill('SIGKILL'));
    server.child.kill('SIGTERM');
    expect(await exited(server.child)).toBe(0);
    await (await lockDataDir(backend.options.dataDir)).release();
  });

  it('will not start a second server on a data directory in use', async () => {
    const backend = await freshBackend('embedded');
    onTestFinished(() => backend.dispose());
    const first = await spawnServer({ DATA_DIR: backend.options.dataDir });
    onTestFinished(() => void first.child.kill('SIGKILL'));
    const second = await runServerToExit({ DATA_DIR: backend.options.dataDir });
    expect(second.code).toBe(1);
    expect(second.output).toContain(`is in use by process ${first.child.pid}`);
  });

  it('will not start with a bad setting, and names it', async () => {
    const result = await runServerToExit({ PORT: 'eighty', RATE_LIMIT_PER_MINUTE: '-1' });
    expect(result.code).toBe(1);
    expect(result.output).toContain('PORT must be a whole number from 0 to 65535, got "eighty"');
    expect(result.output).toContain('RATE_LIMIT_PER_MINUTE must be a whole number');
  });
});
