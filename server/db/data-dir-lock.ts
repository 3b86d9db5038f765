import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * One process per embedded database: PGlite has no locking of its own, and two
 * processes writing one data directory would corrupt it. The lock is a file
 * created with O_EXCL holding the owner's PID (and, on Linux, the process's
 * start time, so a recycled PID — routine in containers — is not mistaken for
 * the owner). A lock whose owner no longer runs (kill -9, power cut) is taken over.
 */

const LOCK_FILE = 'server.lock';

/** Locks this process holds, so opening the same directory twice in one process fails too. */
const heldHere = new Set<string>();

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by process ${pid}. ` +
        'Only one process may open it at a time: stop that process (the server, or an export), ' +
        'or set DATA_DIR to another directory.',
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  readonly path: string;
  release(): void;
}

interface Owner {
  pid: number;
  startTime?: string;
}

export function lockDataDir(dataDir: string): DataDirLock {
  const path = resolve(join(dataDir, LOCK_FILE));
  if (heldHere.has(path)) throw new DataDirLockedError(resolve(dataDir), process.pid);
  // Two attempts: the second follows the removal of a stale lock.
  for (let attempt = 0; attempt < 2; attempt++) {
    const fd = createExclusive(path);
    if (fd !== undefined) {
      writeSync(fd, `${process.pid} ${startTimeOf(process.pid) ?? ''}\n`);
      closeSync(fd);
      heldHere.add(path);
      return { path, release: () => release(path) };
    }
    const owner = readOwner(path);
    if (owner && isRunning(owner)) throw new DataDirLockedError(resolve(dataDir), owner.pid);
    // Stale. Re-read just before removing, so a lock another starter has just
    // taken over is left alone (a narrow window remains; both would then race
    // on O_EXCL below and one would fail).
    const again = readOwner(path);
    if (again?.pid === owner?.pid && again?.startTime === owner?.startTime) {
      rmSync(path, { force: true });
    }
  }
  throw new DataDirLockedError(resolve(dataDir), readOwner(path)?.pid ?? -1);
}

function createExclusive(path: string): number | undefined {
  try {
    return openSync(path, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return undefined;
    throw error;
  }
}

function readOwner(path: string): Owner | undefined {
  try {
    const [pidText, startTime] = readFileSync(path, 'utf8').trim().split(' ');
    const pid = Number(pidText);
    if (!Number.isInteger(pid) || pid <= 0) return undefined;
    return { pid, startTime: startTime || undefined };
  } catch {
    return undefined;
  }
}

function isRunning(owner: Owner): boolean {
  // Our own PID in a lock we do not hold was left by an earlier process (a restarted container).
  if (owner.pid === process.pid) return false;
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const startTime = startTimeOf(owner.pid);
  return !owner.startTime || !startTime || owner.startTime === startTime;
}

/** Field 22 of /proc/PID/stat: when the process started, in clock ticks since boot. */
function startTimeOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may contain spaces.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function release(path: string): void {
  heldHere.delete(path);
  if (readOwner(path)?.pid === process.pid) rmSync(path, { force: true });
}
