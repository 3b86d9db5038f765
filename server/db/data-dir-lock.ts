import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * One process per embedded database: PGlite has no locking of its own, and two
 * processes writing one data directory would corrupt it and lose acknowledged
 * rows.
 *
 * The lock is an advisory file lock (flock) on `server.lock`, which the kernel
 * drops the moment its holder dies, however it dies. Nothing is ever judged
 * stale, so nothing is ever taken over: two containers on one volume (both PID
 * 1, in their own PID namespaces) or a recycled PID cannot fool it, and there
 * is no read-check-delete race between two starters. Node has no flock of its
 * own, so util-linux's `flock` holds it for us: it takes the lock, then runs a
 * `cat` that inherits the locked descriptor and waits for end of input on a
 * pipe from this process. Our exit (even kill -9) closes the pipe, `cat`
 * ends, and the lock with it. `cat` ignores SIGINT, SIGTERM and SIGHUP and
 * runs in its own session, so a Ctrl-C or a process manager's signal to the
 * group cannot drop the lock while this process is still closing the database.
 * The alternative, a native addon, would need a compiler at install time.
 *
 * The file's text (PID and host) only names the holder in the error message;
 * the file itself stays, since deleting a lock file races with its next taker.
 * flock works across containers on one machine; it is not meant for a data
 * directory on a network file system shared between machines.
 */

const LOCK_FILE = 'server.lock';
/** flock's exit code when another process holds the lock (--conflict-exit-code). */
const BUSY = 75;
/** Runs while the lock is held: says so, then waits for our pipe to close. */
const HOLDER = 'trap "" HUP INT TERM; echo locked; exec cat';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: string,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by ${holder}. ` +
        'Only one process may open it at a time: stop that process (the server, or an export), ' +
        'or set DATA_DIR to another directory.',
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  readonly path: string;
  /** Resolves once the lock is free for the next process. */
  release(): Promise<void>;
}

/**
 * How long a start waits for a holder that has already died to let go. Its `cat` sees end of input
 * and exits a moment after the holder (kill -9 included), and the kernel drops the lock then; on
 * a busy machine that moment took over a second, so a server restarted at once after a crash
 * found the lock still held by a process that no longer existed.
 */
const DEAD_HOLDER_WAIT_MS = 10_000;
const DEAD_HOLDER_POLL_MS = 50;

export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  const path = resolve(join(dataDir, LOCK_FILE));
  const deadline = Date.now() + DEAD_HOLDER_WAIT_MS;
  let attempt = await tryLock(path);
  while (attempt === BUSY && Date.now() < deadline && holderHasDied(path)) {
    await new Promise((wake) => setTimeout(wake, DEAD_HOLDER_POLL_MS));
    attempt = await tryLock(path);
  }
  if (attempt === BUSY) throw new DataDirLockedError(resolve(dataDir), describeHolder(path));
  const { holder, exited } = attempt;
  // Never what keeps this process alive; its exit releases the lock.
  holder.unref();
  for (const stream of [holder.stdin, holder.stdout, holder.stderr]) {
    (stream as unknown as { unref?: () => void }).unref?.();
  }
  writeFileSync(path, `${process.pid} ${hostname()}\n`);

  let released: Promise<void> | undefined;
  return {
    path,
    release: () =>
      (released ??= (async () => {
        // Referenced again, so the process waits for the lock to be free before it exits.
        holder.ref();
        holder.stdin.end();
        await exited;
      })()),
  };
}

interface Held {
  holder: ChildProcessWithoutNullStreams;
  exited: Promise<[number | null]>;
}

/** Takes the lock once, without waiting: the holding `flock`, or BUSY if another holds it. */
async function tryLock(path: string): Promise<Held | typeof BUSY> {
  const holder = spawn(
    'flock',
    ['--exclusive', '--nonblock', '--conflict-exit-code', String(BUSY), path, 'sh', '-c', HOLDER],
    { stdio: ['pipe', 'pipe', 'pipe'], detached: true },
  );
  const exited = once(holder, 'exit') as Promise<[number | null]>;
  const outcome = await new Promise<'locked' | number | Error>((settle) => {
    holder.stdout.once('data', () => settle('locked'));
    holder.once('error', settle);
    void exited.then(([code]) => settle(code ?? -1));
  });
  if (outcome === 'locked') return { holder, exited };
  if (outcome === BUSY) return BUSY;
  const why = outcome instanceof Error ? outcome.message : `flock exited with ${outcome}`;
  throw new Error(`Could not lock ${path} (${why}); flock comes with util-linux.`);
}

/**
 * Whether the lock file names a process on this host that no longer exists: then the lock is
 * about to drop, and is worth waiting for. Only ever a reason to wait, never to take the lock
 * over: a live process or one on another host is refused at once; a holder in another PID
 * namespace under the same host name (whose PID this one cannot see) is refused after the wait.
 */
function holderHasDied(path: string): boolean {
  const [pid, host] = readLockFile(path);
  if (!pid || host !== hostname()) return false;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

function readLockFile(path: string): string[] {
  try {
    return readFileSync(path, 'utf8').trim().split(' ');
  } catch {
    return [];
  }
}

/** "process 123 on host abc", from the lock file's text, for the error message. */
function describeHolder(path: string): string {
  const [pid, host] = readLockFile(path);
  if (pid) return `process ${pid}${host ? ` on host ${host}` : ''}`;
  return 'another process';
}
