import { describe, expect, it, onTestFinished } from 'vitest';
import { startServer } from '../../server/start.ts';
import { freshBackend } from './support/backends.ts';
import {
  ACKNOWLEDGED_BEFORE_SIGNAL,
  exited,
  postThenSignal,
  spawnNpm,
} from '../support/child-server.ts';
import { descendantsOf, killSurvivors, survivors } from '../support/process-tree.ts';
import { until } from '../support/until.ts';

// The orderly stop an orchestrator asks for (kill -9 is persistence.test.ts's), through the command
// that starts the server in production: npm passes the signal on to the server, which is what a
// signal sent to the server's own process reaches too, so no test sends it there. Ctrl-C, below.
// `npm start`, which builds the server and the site first and then serves from the same process,
// is stopped so at the end of the owner's first start (tests/e2e/first-start.spec.ts), which has
// built it already: the server it serves with is this one.
describe.each([
  { name: 'npm run serve', command: ['run', 'serve'], signal: 'SIGTERM' as const },
  { name: 'npm run serve', command: ['run', 'serve'], signal: 'SIGINT' as const },
])('`$name` stopped by $signal', ({ command, signal }) => {
  it('finishes in-flight submissions, exits 0 and leaves no process behind', async () => {
    const backend = await freshBackend('embedded');
    onTestFinished(() => backend.dispose());
    const run = await spawnNpm(command, { DATA_DIR: backend.options.dataDir });
    onTestFinished(async () => {
      // Only if the test failed: never leave a server running, nor writing to a removed directory.
      killSurvivors(tree, run.child.pid!);
      await until(() => survivors(tree, run.child.pid!).length === 0, 10_000, 'the kill');
    });
    const tree = [run.child.pid!, ...descendantsOf(run.child.pid!)];
    // npm, and the server it runs (the shell exec'd into it).
    expect(tree.length).toBeGreaterThanOrEqual(2);

    const { acknowledged, statuses } = await postThenSignal(run, signal);

    expect(await exited(run.child), run.output()).toBe(0);
    expect(run.output()).toContain('Stopped cleanly.');
    expect(survivors(tree, run.child.pid!)).toEqual([]);
    // Answered while closing: stored (201) or told to come back (503), never dropped mid-way.
    expect([...statuses].filter((status) => status !== 201 && status !== 503)).toEqual([]);

    // The lock was released: the next start opens the same data directory.
    const next = await startServer({ port: 0, ...backend.options, distDir: '/nonexistent' });
    onTestFinished(() => next.close());
    const stored = new Set(
      (await next.query('select name from contact_submissions')).map((r) => r.name),
    );
    expect(acknowledged.length).toBeGreaterThanOrEqual(ACKNOWLEDGED_BEFORE_SIGNAL);
    expect(acknowledged.filter((name) => !stored.has(name))).toEqual([]);
    // npm, the server's start and 40 proofs of work, on a loaded 2-core machine.
  }, 120_000);
});

// Ctrl-C in a terminal signals its whole foreground process group: npm and the server both get
// SIGINT, and npm passes its own on too (server/stop-signals.ts). One press is one orderly stop.
describe('`npm run serve` stopped by Ctrl-C in its terminal', () => {
  it('closes the database and exits 0, though the press reaches the server twice', async () => {
    const backend = await freshBackend('embedded');
    onTestFinished(() => backend.dispose());
    const run = await spawnNpm(['run', 'serve'], { DATA_DIR: backend.options.dataDir });
    const group = run.child.pid!;
    const tree = [group, ...descendantsOf(group)];
    onTestFinished(async () => {
      killSurvivors(tree, group);
      await until(() => survivors(tree, group).length === 0, 10_000, 'the kill');
    });
    // Pressed as the owner would, once it has started everything: an idle server takes the
    // terminal's signal at once, and npm's copy after it.
    await until(
      () => run.output().includes('Submissions are stored'),
      30_000,
      'the last start line',
    );

    process.kill(-group, 'SIGINT');

    expect(await exited(run.child), run.output()).toBe(0);
    expect(run.output()).toContain('Stopped cleanly.');
    expect(survivors(tree, group)).toEqual([]);
    // The lock was released: the next start opens the same data directory.
    const next = await startServer({ port: 0, ...backend.options, distDir: '/nonexistent' });
    onTestFinished(() => next.close());
  }, 120_000);
});
