/**
 * The insert path of this working tree against a baseline commit, in one run,
 * on both backends. Each round runs the two alternately; each run measures
 * our server inserting leads as the page does (its own process, anon, a fresh
 * proof, a fresh key with ignore-duplicates, one visitor per loopback
 * address, `--clients` at once) and the raw driver doing the same work as
 * PostgREST does it (one transaction per lead, as anon, each loop one
 * visitor), each phase on a database of its own. Read the two commits'
 * server rates paired by round, and each raw rate as what a client sending
 * one lead per transaction (hosted PostgREST) gets: server/raw is no
 * yardstick, as the raw side does the commit's own work and changes with it
 * (docs/benchmarks.md). Figures, never assertions: not in npm test.
 *
 *   npm run bench:compare -- [--base <commit>] [--rounds 3] [--seconds 8]
 *     [--clients 50] [--proofs 12000] [--backend both|embedded|postgres]
 *     [--devices 3] [--parts realtime,push,realtime+push,outbox,clocks]
 *
 * `--parts` compares the tree with itself instead: whole, and without each
 * listed part of the insert (bench/insert-parts.ts; `a+b` drops both at once).
 * `--devices` registers push devices first, as an agency with alerts on has.
 *
 * The baseline defaults to the last commit on main that changed server/ or
 * supabase/. It is checked out with `git worktree add` into a temp directory,
 * node_modules symlinked from this tree, and run exactly as the tree is.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { withBenchPostgres } from './bench-postgres.ts';
import { postmasterOf } from './cpu-time.ts';
import { runCommit, type RunDatabase, type RunResult } from './compare-insert-run.ts';
import { describe, describeCpu, summarise } from './compare-insert-summary.ts';
import { parseParts, type Part } from './insert-parts.ts';

const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '8' },
    clients: { type: 'string', default: '50' },
    proofs: { type: 'string', default: '12000' },
    backend: { type: 'string', default: 'both' },
    devices: { type: 'string', default: '3' },
    parts: { type: 'string' },
  },
});
const options = {
  clients: Number(values.clients),
  seconds: Number(values.seconds),
  proofs: Number(values.proofs),
  devices: Number(values.devices),
};
const rounds = Number(values.rounds);

const root = resolve(import.meta.dirname, '..');
const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();

/** The last commit on main (or origin/main) that changed the server or the migrations. */
function defaultBase(): string {
  for (const branch of ['main', 'origin/main']) {
    try {
      const commit = git('log', '-1', '--format=%H', branch, '--', 'server', 'supabase');
      if (commit) return commit;
    } catch {
      // No such branch here; try the next.
    }
  }
  throw new Error('No main branch to take a baseline from: name one with --base <commit>');
}

const head = git('rev-parse', '--short', 'HEAD');
const dirty = git('status', '--porcelain', '--', 'server', 'supabase', 'shared') !== '';
const tree = `tree (${head}${dirty ? ', with changes' : ''})`;
const withoutParts = values.parts === undefined ? undefined : values.parts.split(',');
const base = withoutParts
  ? undefined
  : git('rev-parse', '--verify', `${values.base ?? defaultBase()}^{commit}`);
const baseDir = base && mkdtempSync(join(tmpdir(), 'compare-insert-base-'));
if (base && baseDir) {
  git('worktree', 'add', '--detach', '--force', baseDir, base);
  symlinkSync(join(root, 'node_modules'), join(baseDir, 'node_modules'));
}
const removeBase = () => {
  if (!baseDir) return;
  try {
    git('worktree', 'remove', '--force', baseDir);
  } catch {
    rmSync(baseDir, { recursive: true, force: true });
    git('worktree', 'prune');
  }
};
process.once('SIGINT', () => {
  removeBase();
  process.exit(130);
});

/** What runs side by side: the tree and its base, or the tree whole and without each part. */
const commits: { label: string; dir: string; without: Part[] }[] = withoutParts
  ? [
      { label: tree, dir: root, without: [] },
      ...withoutParts.map((list) => ({
        label: `without ${list}`,
        dir: root,
        without: parseParts(list),
      })),
    ]
  : [
      { label: tree, dir: root, without: [] },
      { label: `base (${base!.slice(0, 7)})`, dir: baseDir!, without: [] },
    ];

type Results = Map<string, RunResult[]>;

async function compareOn(
  backend: string,
  freshDatabase: () => Promise<RunDatabase & { drop(): Promise<void> }>,
) {
  console.log(`\n${backend}`);
  const results: Results = new Map(commits.map((c) => [c.label, []]));
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? commits : [...commits].reverse();
    for (const commit of order) {
      const [forServer, forRaw] = [await freshDatabase(), await freshDatabase()];
      try {
        const run = await runCommit(commit.dir, forServer, forRaw, {
          ...options,
          without: commit.without,
          rawFirst: round % 2 === 1,
        });
        results.get(commit.label)!.push(run);
        console.log(
          `  #${round + 1} ${commit.label.padEnd(24)} server ${describe(run.server)} | raw ${describe(
            run.raw,
          )} | ${(run.server.rate / run.raw.rate).toFixed(2)}x; ${describeCpu(run.server)}; load ${loadavg()[0]!.toFixed(1)}`,
        );
      } finally {
        await Promise.all([forServer.drop(), forRaw.drop()]);
      }
    }
  }
  summarise(
    backend,
    rounds,
    commits.map((c) => c.label),
    results,
  );
}

console.log(
  `Insert path, ${commits.map((c) => c.label).join(' against ')}: ${rounds} rounds, ${options.seconds} s per phase, ` +
    `${options.clients} clients, ${options.devices} push devices, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${execFileSync('nproc', { encoding: 'utf8' }).trim()} cores`,
);
try {
  if (values.backend !== 'postgres') {
    await compareOn('Embedded database (PGlite)', async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'compare-insert-'));
      return {
        serverEnv: { DATA_DIR: dataDir },
        openOptions: { dataDir },
        drop: async () => rmSync(dataDir, { recursive: true, force: true }),
      };
    });
  }
  if (values.backend !== 'embedded') {
    await withBenchPostgres(async (adminUrl) => {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      const { rows } = await admin.query<{ pid: number }>('select pg_backend_pid() as pid');
      const postmaster = postmasterOf(rows[0]!.pid);
      let serial = 0;
      try {
        await compareOn('PostgreSQL 15', async () => {
          const name = `compare_${process.pid}_${serial++}`;
          await admin.query(`create database ${name}`);
          const url = new URL(adminUrl);
          url.pathname = `/${name}`;
          return {
            serverEnv: { DATABASE_URL: url.href },
            openOptions: { dataDir: '', databaseUrl: url.href },
            url: url.href,
            postmaster,
            drop: async () => void (await admin.query(`drop database ${name} with (force)`)),
          };
        });
      } finally {
        await admin.end();
      }
    });
  }
  console.log(
    `\nLoad average at the end: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
} finally {
  removeBase();
}
