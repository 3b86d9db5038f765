import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { TABLE_URL, VALID } from './requests.ts';
import { proofFrom, TEST_PROOF_OF_WORK_ENV } from './proof.ts';
import { BUILT } from './built.ts';

const READY = /Serving the site and its contact API on (http:\/\/\S+)/;

export interface ChildServer {
  child: ChildProcess;
  url: string;
  output(): string;
}

/** Environment for a child server: ours minus anything that would pick another database. */
export function childEnv(overrides: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  // Vitest sets NODE_ENV=test, and a child would inherit it: `npm start` would then build the
  // site with React's development build (Vite follows NODE_ENV). A child runs as from a shell.
  delete env.NODE_ENV;
  // Suites post far more than a visitor's limit from one address.
  const limit = { RATE_LIMIT_PER_MINUTE: '10000' };
  return {
    ...env,
    PORT: '0',
    // Without SMTP_URL a server also serves the local mailbox: on a free port, so servers run side by side.
    MAILBOX_PORT: '0',
    DIST_DIR: '/nonexistent',
    ...limit,
    // The test difficulty, so each post's proof of work costs a few hashes.
    ...TEST_PROOF_OF_WORK_ENV,
    ...overrides,
  };
}

const SERVER = [BUILT.server];

/** `wrapper`: a command to run the server under (such as `unshare … --`), or none. */
function command(wrapper: string[]): [string, string[]] {
  const [program, ...args] = [...wrapper, process.execPath, ...SERVER];
  return [program!, args];
}

/** Runs the compiled server (`npm run serve`) as a real process and waits until it listens. */
export function spawnServer(
  env: Record<string, string>,
  wrapper: string[] = [],
): Promise<ChildServer> {
  const child = spawn(...command(wrapper), {
    env: childEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return listening(child);
}

/**
 * `npm <args>` as a process manager starts it: in its own process group (so a
 * test can find every process it made), and waits until the server listens.
 */
export function spawnNpm(args: string[], env: Record<string, string>): Promise<ChildServer> {
  const child = spawn('npm', args, {
    env: childEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  return listening(child);
}

/** Reads a child's output until the server in it says where it listens. */
async function listening(child: ChildProcess): Promise<ChildServer> {
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = READY.exec(output);
      if (match) resolve(match[1]!);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`exited (${code}) before the server listened:\n${output}`)),
    );
  });
  return { child, url, output: () => output };
}

/** Enough acknowledged submissions that some are surely in flight when the signal lands. */
export const ACKNOWLEDGED_BEFORE_SIGNAL = 40;
/** As many visitors at once as a small agency's busiest minute, and then some. */
const CLIENTS = 20;

/**
 * 20 clients post until the server stops answering; after 40 acknowledgements
 * the signal goes to the child's own process only (npm's, when npm runs it), as
 * systemd (KillMode=mixed) or `docker stop` would send it.
 */
export async function postThenSignal(server: ChildServer, signal: NodeJS.Signals) {
  const acknowledged: string[] = [];
  const statuses = new Set<number>();
  let sent = 0;
  let signalled = false;
  const client = async () => {
    while (server.child.exitCode === null && server.child.signalCode === null) {
      const name = `Stopped ${sent++}`;
      // As the page posts: a fresh proof of work first. No challenge: the server is stopping.
      const proof = await proofFrom(server.url).catch(() => undefined);
      if (!proof) break;
      const response = await fetch(`${server.url}${TABLE_URL}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...VALID, name, proof }),
      }).catch(() => undefined);
      if (!response) break; // refused: the server stopped listening
      statuses.add(response.status);
      if (response.status === 201) acknowledged.push(name);
      if (acknowledged.length >= ACKNOWLEDGED_BEFORE_SIGNAL && !signalled) {
        signalled = true;
        server.child.kill(signal);
      }
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
  return { acknowledged, statuses };
}

/** Runs the compiled server to completion (for start-up failures); its exit code and output. */
export async function runServerToExit(env: Record<string, string>, wrapper: string[] = []) {
  const child = spawn(...command(wrapper), {
    env: childEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const { code, both } = await finished(child);
  return { code, output: both };
}

/**
 * A child run to its end: its exit code and all it wrote to stdout, to stderr and to both. Call it
 * as the child is spawned, before any output can be missed.
 */
export async function finished(child: ChildProcess) {
  const written = captured(child);
  const code = await exited(child);
  return { code, ...written };
}

/** What a child writes to stdout and stderr, as it writes it: read it once the child has `exited`. */
export function captured(child: ChildProcess) {
  const written = { stdout: '', stderr: '', both: '' };
  child.stdout?.on('data', (chunk: Buffer) => {
    written.stdout += chunk.toString();
    written.both += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    written.stderr += chunk.toString();
    written.both += chunk.toString();
  });
  return written;
}

/**
 * A child's exit code, once it has exited and its output is closed: Node reports the exit before
 * it has read all the output when it sees both at once, so a test reading the output after a bare
 * 'exit' could miss its last line ("Stopped cleanly.").
 */
export async function exited(child: ChildProcess): Promise<number | null> {
  const streams = [child.stdout, child.stderr].filter((stream) => stream !== null);
  const done = child.exitCode !== null || child.signalCode !== null;
  // Both true: 'close' has been emitted already, and waiting for it would wait forever.
  if (!done || !streams.every((stream) => stream.closed)) await once(child, 'close');
  return child.exitCode;
}
