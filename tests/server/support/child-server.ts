import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';

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
  // Suites post far more than a visitor's limit from one address.
  const limit = { RATE_LIMIT_PER_MINUTE: '10000' };
  return { ...env, PORT: '0', DIST_DIR: '/nonexistent', ...limit, ...overrides };
}

const SERVER = ['--import', 'tsx', 'server/main.ts'];

/** `wrapper`: a command to run the server under (such as `unshare … --`), or none. */
function command(wrapper: string[]): [string, string[]] {
  const [program, ...args] = [...wrapper, process.execPath, ...SERVER];
  return [program!, args];
}

/** Runs `node --import tsx server/main.ts` as a real process and waits until it listens. */
export async function spawnServer(
  env: Record<string, string>,
  wrapper: string[] = [],
): Promise<ChildServer> {
  const child = spawn(...command(wrapper), {
    env: childEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
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
    child.once('exit', (code) =>
      reject(new Error(`server exited (${code}) before listening:\n${output}`)),
    );
  });
  return { child, url, output: () => output };
}

/** Runs main.ts to completion (for start-up failures); returns its exit code and output. */
export async function runServerToExit(env: Record<string, string>, wrapper: string[] = []) {
  const child = spawn(...command(wrapper), {
    env: childEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, output };
}

export async function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const [code] = (await once(child, 'exit')) as [number | null];
  return code;
}
