import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer } from '../../server/start.ts';
import { freshBackend } from './support/backends.ts';
import { childEnv, exited } from './support/child-server.ts';
import { descendantsOf, survivors } from './support/process-tree.ts';
import { TABLE_URL, VALID } from './support/requests.ts';
import { until } from './support/smtp-sink.ts';

const READY = /Serving the site and its contact API on (http:\/\/\S+)/;
/** As many visitors at once as a small agency's busiest minute, and then some. */
const CLIENTS = 20;
/** Enough acknowledged submissions that some are surely in flight when the signal lands. */
const ACKNOWLEDGED_BEFORE_SIGNAL = 40;

interface NpmRun {
  child: ChildProcess;
  url: string;
  output(): string;
}

/**
 * `npm <args>` as a process manager starts it: its own process group (so the
 * test can find every process it made), its output read until it listens.
 */
async function startNpm(args: string[], env: Record<string, string>): Promise<NpmRun> {
  const child = spawn('npm', args, {
    env: childEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = READY.exec(output);
      if (match) resolve(match[1]!);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`npm exited (${code}) early:\n${output}`)));
  });
  return { child, url, output: () => output };
}

/** 20 clients post until the server stops answering; the signal goes out after 40 acks. */
async function postThenSignal(run: NpmRun, signal: NodeJS.Signals) {
  const acknowledged: string[] = [];
  const statuses = new Set<number>();
  let sent = 0;
  let signalled = false;
  const client = async () => {
    while (run.child.exitCode === null && run.child.signalCode === null) {
      const name = `Stopped ${sent++}`;
      const response = await fetch(`${run.url}${TABLE_URL}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...VALID, name }),
      }).catch(() => undefined);
      if (!response) break; // refused: the server stopped listening
      statuses.add(response.status);
      if (response.status === 201) acknowledged.push(name);
      if (acknowledged.length >= ACKNOWLEDGED_BEFORE_SIGNAL && !signalled) {
        signalled = true;
        // npm's own process only, as systemd (KillMode=mixed) or `docker stop` would.
        run.child.kill(signal);
      }
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
  return { acknowledged, statuses };
}

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe.each([
  { name: 'npm run serve', command: ['run', 'serve'], signal: 'SIGTERM' as const },
  { name: 'npm run serve', command: ['run', 'serve'], signal: 'SIGINT' as const },
  // Builds the site first (a few seconds): the README's own start command.
  { name: 'npm start', command: ['start'], signal: 'SIGTERM' as const },
])('`$name` stopped by $signal', ({ command, signal }) => {
  it('finishes in-flight submissions, exits 0 and leaves no process behind', async () => {
    const backend = await freshBackend('embedded');
    cleanups.push(() => backend.dispose());
    const distDir = command[0] === 'start' ? 'dist' : '/nonexistent';
    const run = await startNpm(command, { DATA_DIR: backend.options.dataDir, DIST_DIR: distDir });
    cleanups.push(async () => {
      // Only if the test failed: never leave a server running, nor writing to a removed directory.
      for (const pid of survivors(tree, run.child.pid!)) process.kill(pid, 'SIGKILL');
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
    cleanups.push(() => next.close());
    const stored = new Set(
      (await next.query('select name from contact_submissions')).map((r) => r.name),
    );
    expect(acknowledged.length).toBeGreaterThanOrEqual(ACKNOWLEDGED_BEFORE_SIGNAL);
    expect(acknowledged.filter((name) => !stored.has(name))).toEqual([]);
    // npm, tsx and (for npm start) a build, on a loaded 2-core machine.
  }, 180_000);
});
