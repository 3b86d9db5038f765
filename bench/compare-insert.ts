/**
 * The insert path of this working tree against a baseline commit, in one run,
 * on both backends: each round runs the two alternately, each on a fresh
 * database, and each run measures our server inserting leads as the page does
 * (anon, a fresh proof, a fresh key with ignore-duplicates, one visitor per
 * loopback address, `--clients` at once) and the raw driver doing the same
 * work straight into the same database. On a shared machine the rates swing
 * with other load; the ratio server/raw, measured side by side, swings far
 * less, so that is what to compare. Figures, never assertions: not in npm test.
 *
 *   npm run bench:compare -- [--base <commit>] [--rounds 3] [--seconds 8]
 *     [--clients 50] [--proofs 12000] [--backend both|embedded|postgres]
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
import { runCommit, type Phase, type RunDatabase, type RunResult } from './compare-insert-run.ts';

const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '8' },
    clients: { type: 'string', default: '50' },
    proofs: { type: 'string', default: '12000' },
    backend: { type: 'string', default: 'both' },
  },
});
const options = {
  clients: Number(values.clients),
  seconds: Number(values.seconds),
  proofs: Number(values.proofs),
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

const base = git('rev-parse', '--verify', `${values.base ?? defaultBase()}^{commit}`);
const head = git('rev-parse', '--short', 'HEAD');
const dirty = git('status', '--porcelain', '--', 'server', 'supabase', 'contact') !== '';
const baseDir = mkdtempSync(join(tmpdir(), 'compare-insert-base-'));
git('worktree', 'add', '--detach', '--force', baseDir, base);
symlinkSync(join(root, 'node_modules'), join(baseDir, 'node_modules'));
const removeBase = () => {
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

const commits = [
  { label: `tree (${head}${dirty ? ', with changes' : ''})`, dir: root },
  { label: `base (${base.slice(0, 7)})`, dir: baseDir },
];

type Results = Map<string, RunResult[]>;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const spread = (xs: number[], digits = 0) =>
  `${median(xs).toFixed(digits)} (${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)})`;

const describe = (p: Phase) =>
  `${p.rate.toFixed(0).padStart(5)}/s p50 ${p.p50.toFixed(0).padStart(4)} ms p99 ${p.p99
    .toFixed(0)
    .padStart(4)} ms${p.ranOut ? ' (proofs ran out)' : ''}`;

async function compareOn(
  backend: string,
  freshDatabase: () => Promise<RunDatabase & { drop(): Promise<void> }>,
) {
  console.log(`\n${backend}`);
  const results: Results = new Map(commits.map((c) => [c.label, []]));
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? commits : [...commits].reverse();
    for (const commit of order) {
      const fresh = await freshDatabase();
      try {
        const run = await runCommit(commit.dir, fresh, { ...options, rawFirst: round % 2 === 1 });
        results.get(commit.label)!.push(run);
        console.log(
          `  #${round + 1} ${commit.label.padEnd(28)} server ${describe(run.server)} | raw ${describe(
            run.raw,
          )} | ${(run.server.rate / run.raw.rate).toFixed(2)}x; load ${loadavg()[0]!.toFixed(1)}`,
        );
      } finally {
        await fresh.drop();
      }
    }
  }
  summarise(backend, results);
}

function summarise(backend: string, results: Results) {
  console.log(`\n${backend}: median (range) over ${rounds} rounds`);
  const ratios = new Map<string, number[]>();
  for (const [label, runs] of results) {
    const pick = (f: (r: RunResult) => number, digits = 0) => spread(runs.map(f), digits);
    ratios.set(
      label,
      runs.map((r) => r.server.rate / r.raw.rate),
    );
    console.log(`  ${label}`);
    console.log(
      `    server  ${pick((r) => r.server.rate)} leads/s, p50 ${pick((r) => r.server.p50)} ms, p99 ${pick((r) => r.server.p99)} ms`,
    );
    console.log(
      `    raw     ${pick((r) => r.raw.rate)} leads/s, p50 ${pick((r) => r.raw.p50)} ms, p99 ${pick((r) => r.raw.p99)} ms`,
    );
    console.log(`    server/raw ${pick((r) => r.server.rate / r.raw.rate, 2)}`);
  }
  const [tree, baseline] = commits.map((c) => results.get(c.label)!);
  const paired = tree!.map((run, i) => run.server.rate / baseline![i]!.server.rate);
  const treeRatio = median(ratios.get(commits[0]!.label)!);
  const baseRatio = median(ratios.get(commits[1]!.label)!);
  console.log(
    `  difference: server/raw ${treeRatio.toFixed(2)}x against ${baseRatio.toFixed(2)}x ` +
      `(${(((treeRatio - baseRatio) / baseRatio) * 100).toFixed(0)} %); ` +
      `tree's server / base's server, paired by round: ${spread(paired, 2)}`,
  );
}

console.log(
  `Insert path, tree against ${base.slice(0, 7)}: ${rounds} rounds, ${options.seconds} s per phase, ` +
    `${options.clients} clients, load average ${loadavg()
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
