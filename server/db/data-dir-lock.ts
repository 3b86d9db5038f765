import { spawn } from 'node:child_process';
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

export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  const path = resolve(join(dataDir, LOCK_FILE));
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
  if (outcome !== 'locked') {
    if (outcome === BUSY) throw new DataDirLockedError(resolve(dataDir), describeHolder(path));
    const why = outcome instanceof Error ? outcome.message : `flock exited with ${outcome}`;
    throw new Error(`Could not lock ${path} (${why}); flock comes with util-linux.`);
  }
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

/** "process 123 on host abc", from the lock file's text, for the error message. */
function describeHolder(path: string): string {
  try {
    const [pid, host] = readFileSync(path, 'utf8').trim().split(' ');
    if (pid) return `process ${pid}${host ? ` on host ${host}` : ''}`;
  } catch {
    // Unreadable: say what we can.
  }
  return 'another process';
}
