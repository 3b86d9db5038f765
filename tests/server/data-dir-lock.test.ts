import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { DataDirLockedError, lockDataDir } from '../../server/db/data-dir-lock.ts';
import { runServerToExit, spawnServer } from '../support/child-server.ts';
import { CI } from '../support/skip.ts';
import { BUILT } from '../support/built.ts';

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'lock-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Another process that takes the lock and holds it until killed, printing "held". */
async function otherHolder(dir: string) {
  const script = `
    const { lockDataDir } = await import(${JSON.stringify(BUILT.dataDirLock)});
    await lockDataDir(${JSON.stringify(dir)});
    console.log('held');
    setInterval(() => {}, 60_000);`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script]);
  onTestFinished(() => void child.kill('SIGKILL'));
  await once(child.stdout, 'data');
  return child;
}

describe('the data directory lock', () => {
  it('names its holder, and frees the directory on release', async () => {
    const dir = dataDir();
    const lock = await lockDataDir(dir);
    expect(readFileSync(lock.path, 'utf8')).toMatch(new RegExp(`^${process.pid} `));
    await lock.release();
    await (await lockDataDir(dir)).release();
  });

  it('refuses a second lock in the same process', async () => {
    const dir = dataDir();
    const lock = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toThrow(DataDirLockedError);
    await lock.release();
  });

  it('refuses while another live process holds it, naming that process', async () => {
    const dir = dataDir();
    const other = await otherHolder(dir);
    await expect(lockDataDir(dir)).rejects.toThrow(`in use by process ${other.pid} on host`);
  });

  it('is free for the next start right after its holder is killed (kill -9)', async () => {
    const dir = dataDir();
    const other = await otherHolder(dir);
    other.kill('SIGKILL');
    await once(other, 'exit');
    // Its `cat` lets go a moment later: the start waits for it rather than refuse.
    await (await lockDataDir(dir)).release();
  });

  it('waits for a holder that has died but whose lock has not dropped yet', async () => {
    const dir = dataDir();
    // A lock still held a second after its holder, named in the file, has gone: as a dead
    // server's `cat` holds it until it is scheduled to exit on a busy machine.
    // It leaves a file as it lets go: the lock is free only after that file exists.
    const letGo = join(dir, 'let-go');
    const lingering = spawn('flock', [
      ...['--exclusive', join(dir, 'server.lock')],
      ...['sh', '-c', `echo locked; sleep 1; touch '${letGo}'`],
    ]);
    onTestFinished(() => void lingering.kill('SIGKILL'));
    await once(lingering.stdout, 'data');
    const gone = spawn('true');
    await once(gone, 'exit');
    writeFileSync(join(dir, 'server.lock'), `${gone.pid} ${hostname()}\n`);

    const lock = await lockDataDir(dir);
    // Taken once the holder let go (not refused, not taken from it); checking that the holder
    // has exited would race Node's own report of the exit.
    expect(existsSync(letGo)).toBe(true);
    await lock.release();
  });
});

/**
 * Two containers sharing a volume are both PID 1. Each
 * server here runs as PID 1 of its own PID namespace, so a lock that trusts
 * PIDs takes the other's lock for its own stale one. As root the namespace is
 * made directly; otherwise inside a user namespace of its own, where this user
 * is root. --kill-child: the server dies with unshare, so the test's cleanup
 * leaves no server behind.
 */
const PID_NAMESPACE = [
  'unshare',
  ...(process.getuid?.() === 0 ? [] : ['--user', '--map-root-user']),
  ...['--fork', '--pid', '--mount-proc', '--kill-child', '--'],
];

/** Why this machine cannot make one (a kernel without user namespaces); never skipped under CI=true. */
function namespaceSkipReason(): string | undefined {
  if (CI) return undefined;
  const probe = spawnSync(PID_NAMESPACE[0]!, [...PID_NAMESPACE.slice(1), 'true'], {
    encoding: 'utf8',
  });
  if (probe.status === 0) return undefined;
  return `unshare cannot make a PID namespace here: ${(probe.stderr || String(probe.error)).trim()}`;
}

const skipReason = namespaceSkipReason();

describe.skipIf(!!skipReason)(
  `two servers in separate PID namespaces${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    it('the second refuses to start on a data directory the first holds', async () => {
      const dir = dataDir();
      const first = await spawnServer({ DATA_DIR: dir }, PID_NAMESPACE);
      onTestFinished(() => void first.child.kill('SIGKILL'));
      expect(readFileSync(join(dir, 'server.lock'), 'utf8')).toMatch(/^1 /);
      const second = await runServerToExit({ DATA_DIR: dir }, PID_NAMESPACE);
      expect(second.code).toBe(1);
      expect(second.output).toContain('is in use by process 1 on host');
      // Two server start-ups on a loaded machine.
    }, 120_000);
  },
);
