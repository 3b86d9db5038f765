import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from '../../server/db/data-dir-lock.ts';

const dirs: string[] = [];
const children: ReturnType<typeof spawn>[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'lock-'));
  dirs.push(dir);
  return dir;
}

/** Another live process, to stand in for a running server. */
function otherProcess() {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)']);
  children.push(child);
  return child;
}

describe('the data directory lock', () => {
  it('writes our PID and removes the file on release', () => {
    const dir = dataDir();
    const lock = lockDataDir(dir);
    expect(readFileSync(lock.path, 'utf8')).toMatch(new RegExp(`^${process.pid} `));
    lock.release();
    expect(existsSync(lock.path)).toBe(false);
  });

  it('refuses a second lock in the same process', () => {
    const dir = dataDir();
    const lock = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    lock.release();
    lockDataDir(dir).release();
  });

  it('refuses while another live process holds it, naming that process', () => {
    const dir = dataDir();
    const other = otherProcess();
    writeFileSync(join(dir, 'server.lock'), `${other.pid}\n`);
    expect(() => lockDataDir(dir)).toThrow(`in use by process ${other.pid}`);
  });

  it('takes over a lock whose process has died', async () => {
    const dir = dataDir();
    const other = otherProcess();
    const pid = other.pid!;
    other.kill('SIGKILL');
    await once(other, 'exit');
    writeFileSync(join(dir, 'server.lock'), `${pid} 12345\n`);
    const lock = lockDataDir(dir);
    expect(readFileSync(lock.path, 'utf8')).toMatch(new RegExp(`^${process.pid} `));
    lock.release();
  });

  it('takes over a lock whose PID now belongs to a different process (a restarted container)', () => {
    const dir = dataDir();
    const other = otherProcess();
    // Same PID, but a start time that is not this process's.
    writeFileSync(join(dir, 'server.lock'), `${other.pid} 1\n`);
    const lock = lockDataDir(dir);
    lock.release();
  });

  it('takes over a lock left with our own PID by an earlier life of this PID', () => {
    const dir = dataDir();
    writeFileSync(join(dir, 'server.lock'), `${process.pid}\n`);
    lockDataDir(dir).release();
  });

  it('takes over an empty lock file (a crash between create and write)', () => {
    const dir = dataDir();
    writeFileSync(join(dir, 'server.lock'), '');
    lockDataDir(dir).release();
  });

  it('does not remove a lock another process holds when releasing', () => {
    const dir = dataDir();
    const lock = lockDataDir(dir);
    writeFileSync(lock.path, '1\n');
    lock.release();
    expect(existsSync(lock.path)).toBe(true);
  });
});
