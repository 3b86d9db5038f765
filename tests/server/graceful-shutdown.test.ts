import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { startServer } from '../../server/start.ts';
import { freshBackend } from './support/backends.ts';
import {
  ACKNOWLEDGED_BEFORE_SIGNAL,
  exited,
  postThenSignal,
  spawnServer,
} from '../support/child-server.ts';
import { SERVER_TEST_BUDGET_MS } from '../support/budgets.ts';

// Every test here starts a server process.
vi.setConfig({ testTimeout: SERVER_TEST_BUDGET_MS });

// kill -9 is persistence.test.ts's; this is the orderly stop an orchestrator asks for, sent to
// the server's own process (production-signals.test.ts sends it to npm's).
describe('SIGTERM', () => {
  it('finishes submissions in flight, keeps every acknowledged one and exits 0', async () => {
    const backend = await freshBackend('embedded');
    onTestFinished(() => backend.dispose());
    const server = await spawnServer({ DATA_DIR: backend.options.dataDir });
    onTestFinished(() => void server.child.kill('SIGKILL'));

    const { acknowledged, statuses } = await postThenSignal(server, 'SIGTERM');

    expect(await exited(server.child)).toBe(0);
    expect(server.output()).toContain('Stopped cleanly.');
    // Answered while closing: stored (201) or told to come back (503), never dropped mid-way.
    expect([...statuses].filter((status) => status !== 201 && status !== 503)).toEqual([]);

    const restarted = await startServer({ port: 0, ...backend.options, distDir: '/nonexistent' });
    onTestFinished(() => restarted.close());
    const rows = await restarted.query('select name from contact_submissions');
    const stored = new Set(rows.map((row) => row.name));
    expect(acknowledged.filter((name) => !stored.has(name))).toEqual([]);
    expect(acknowledged.length).toBeGreaterThanOrEqual(ACKNOWLEDGED_BEFORE_SIGNAL);
  });
});
