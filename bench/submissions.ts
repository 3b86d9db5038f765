/**
 * Submissions per second through the whole server (HTTP, validation, insert
 * as anon, the proof of work checked), on the embedded database and on
 * PostgreSQL: with the proof check against the same run with its trigger
 * disabled, and beside the raw driver on the same database at the same
 * concurrency, doing what PostgREST does (as anon, request.headers set, one
 * transaction per row, the proof checked): the baseline the goal
 * "≥ 0.5× raw" is measured by. A benchmark that prints figures, not a test.
 *
 *   node --import tsx bench/submissions.ts [--clients 50] [--seconds 10]
 *     [--repeats 3] [--pool 30000] [--backend both|embedded|postgres]
 *
 * BENCH_CLIENTS and BENCH_SECONDS work too. Every post carries a proof
 * solved before the timed part (bench/proof-pool.ts; `--pool` per run, the
 * run ends early if they run out). Each repeat runs "checked", "unchecked"
 * (contact_submissions_check_proof disabled by the owner in that throwaway
 * database) and the raw driver, each on a fresh database, the first two in
 * alternating order, so the machine's noise falls on all of them alike; the
 * summary gives the median and range over the repeats. Any answer but 201
 * fails the run (non-zero exit). PostgreSQL is a throwaway cluster with fsync
 * on (as in production), or temporary databases created in DATABASE_URL's
 * server and dropped afterwards.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import type { Database } from '../server/db/database.ts';
import { openDatabase } from '../server/db/open-database.ts';
import { rowInsert } from '../server/db/insert-batcher.ts';
import { withBenchPostgres } from './bench-postgres.ts';
import { clusterCpuMs, ownCpuMs, postmasterOf, processCpuMs } from './cpu-time.ts';
import { presolve, TEST_PROOF_OF_WORK, type ProofPool } from './proof-pool.ts';
import {
  describeStatuses,
  expectAnswers,
  loopbackAddress,
  percentile,
  postFor,
  runFor,
  uniqueSubmission,
  type LoadResult,
} from './submissions-load.ts';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: process.env.BENCH_CLIENTS ?? '50' },
    seconds: { type: 'string', default: process.env.BENCH_SECONDS ?? '10' },
    repeats: { type: 'string', default: '3' },
    pool: { type: 'string', default: '30000' },
    backend: { type: 'string', default: 'both' },
  },
});
const clients = Number(values.clients);
const seconds = Number(values.seconds);
const repeats = Number(values.repeats);
const poolSize = Number(values.pool);

const CHECK_TRIGGER = 'contact_submissions_check_proof';
/** The database's ceiling, as bench/submissions-server.ts sets it: no visitor is near it. */
const RATE_LIMIT = 10_000;

/**
 * What PostgREST (and our server) does for each row, done by the bare driver:
 * `set local role anon`, then the request's headers set and the insert with
 * its proof (the server's own one-statement form), in a transaction of its
 * own. Visitors' addresses rotate over `clients` loopback addresses, as the
 * server's load does.
 */
let anonSerial = 0;
function anonInsert(proof: string) {
  const submission = uniqueSubmission('Raw Anon');
  return rowInsert({
    submission,
    clientAddress: loopbackAddress(anonSerial++ % clients),
    proof,
  });
}

/**
 * `clients` loops each doing `work` with the next proof until `seconds` have
 * passed or the pool is empty (then the run ends early and says so); the rate
 * is over the time it took.
 */
async function rawRun(pool: ProofPool, work: (proof: string) => Promise<unknown>) {
  let done = 0;
  let ranOut = false;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const loop = async () => {
    while (performance.now() < deadline) {
      const proof = pool.take();
      if (proof === undefined) {
        ranOut = true;
        return;
      }
      await work(proof);
      done++;
    }
  };
  await Promise.all(Array.from({ length: clients }, loop));
  return { rate: done / ((performance.now() - started) / 1000), ranOut, done };
}

async function startServerProcess(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/submissions-server.ts'], {
    env: { ...process.env, DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening (\S+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { url, stop, pid: child.pid! };
}

interface ServerRun {
  rate: number;
  /** CPU ms per acknowledged row: the server process (with PGlite inside), and PostgreSQL's processes. */
  serverCpu: number;
  databaseCpu: number;
  load: LoadResult;
  stored: number;
  verified: number;
  presolveMs: number;
}

/** Where one run's fresh database lives, for the bench process and the server process alike. */
interface FreshDatabase {
  open(): Promise<Database>;
  serverEnv: Record<string, string>;
  url?: string;
  /** CPU ms the database's own processes have spent so far (PostgreSQL; 0 for PGlite, in-process). */
  cpuMs: () => number;
  drop(): Promise<void>;
}

/**
 * One server run on a fresh database: migrate it and presolve the pool at the
 * test difficulty, disable the check if asked (as the owner), then start the
 * server on it and post for `seconds`.
 */
async function serverRun(fresh: FreshDatabase, checked: boolean): Promise<ServerRun> {
  let db = await fresh.open();
  const pool = await presolve(db, poolSize);
  if (!checked) {
    await db.query(`alter table public.contact_submissions disable trigger ${CHECK_TRIGGER}`);
  }
  await db.close();

  const server = await startServerProcess(fresh.serverEnv);
  let load: LoadResult;
  const databaseBefore = fresh.cpuMs();
  const serverBefore = processCpuMs(server.pid);
  let serverMs: number;
  try {
    load = await postFor(server.url, clients, seconds, { ownAddresses: true, proofs: pool });
    serverMs = processCpuMs(server.pid) - serverBefore;
  } finally {
    await server.stop();
  }
  // The server's connections have closed; their backends are reaped, so their time counts.
  await new Promise((resolve) => setTimeout(resolve, 200));
  const databaseMs = fresh.cpuMs() - databaseBefore;
  db = await fresh.open();
  const [counts] = await db.query(
    'select count(*)::int as n, count(*) filter (where verified and proof is null)::int as verified ' +
      'from public.contact_submissions',
  );
  await db.close();
  const stored = Number(counts?.n);
  const verified = Number(counts?.verified);
  const label = `${checked ? 'checked' : 'unchecked'} run`;
  expectAnswers(label, load);
  if (stored !== load.acknowledged) {
    process.exitCode = 1;
    throw new Error(`${label}: acknowledged ${load.acknowledged}, stored ${stored}`);
  }
  // Checked: the trigger verified each row and cleared its proof. Unchecked: no trigger touched it.
  if (checked && verified !== stored) {
    process.exitCode = 1;
    throw new Error(`${label}: ${stored - verified} stored rows were not verified by the check`);
  }
  return {
    rate: load.acknowledged / load.seconds,
    serverCpu: serverMs / load.acknowledged,
    databaseCpu: databaseMs / load.acknowledged,
    load,
    stored,
    verified,
    presolveMs: pool.preparedMs,
  };
}

function printServerRun(label: string, run: ServerRun) {
  const sorted = [...run.load.latenciesMs].sort((a, b) => a - b);
  console.log(
    `  ${label.padEnd(26)} ${run.rate.toFixed(0).padStart(5)} submissions/s, ` +
      `p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms; ` +
      `CPU/row ${cpu(run.serverCpu, run.databaseCpu)}; load ${loadavg()[0]!.toFixed(1)}; ` +
      `answers ${describeStatuses(run.load.statuses)}; stored ${run.stored} (verified ${run.verified})` +
      `${run.load.proofsRanOut ? `; proofs ran out after ${run.load.seconds.toFixed(1)} s` : ''}` +
      ` [${run.presolveMs.toFixed(0)} ms presolving, untimed]`,
  );
}

interface Repeat {
  checked: number;
  unchecked: number;
  rawAnon: number;
  rawOwner: number;
  /** CPU ms per row, all processes involved (server or bench client, and the database). */
  checkedCpu: number;
  uncheckedCpu: number;
  rawAnonCpu: number;
}

const cpu = (client: number, database: number) =>
  database > 0
    ? `${(client + database).toFixed(2)} ms (${client.toFixed(2)} Node + ${database.toFixed(2)} PostgreSQL)`
    : `${client.toFixed(2)} ms`;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const summary = (xs: number[], digits = 0) =>
  `${median(xs).toFixed(digits)} (${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)})`;

function printSummary(label: string, results: Repeat[]) {
  const pick = (f: (r: Repeat) => number) => results.map(f);
  console.log(`\n${label}: median (range) over ${results.length} repeats`);
  console.log(`  server, proofs checked      ${summary(pick((r) => r.checked))} submissions/s`);
  console.log(`  server, check disabled      ${summary(pick((r) => r.unchecked))} submissions/s`);
  console.log(
    `  checked / disabled          ${summary(
      pick((r) => r.checked / r.unchecked),
      2,
    )}`,
  );
  console.log(`  raw driver as anon, checked ${summary(pick((r) => r.rawAnon))} inserts/s`);
  console.log(
    `  server checked / raw anon   ${summary(
      pick((r) => r.checked / r.rawAnon),
      2,
    )}`,
  );
  console.log(`  raw driver as owner         ${summary(pick((r) => r.rawOwner))} inserts/s`);
  console.log(`  CPU per row, all processes (less swayed by the machine's other load):`);
  console.log(
    `    server, proofs checked    ${summary(
      pick((r) => r.checkedCpu),
      2,
    )} ms`,
  );
  console.log(
    `    server, check disabled    ${summary(
      pick((r) => r.uncheckedCpu),
      2,
    )} ms`,
  );
  console.log(
    `    the check's cost          ${summary(
      pick((r) => r.checkedCpu - r.uncheckedCpu),
      2,
    )} ms`,
  );
  console.log(
    `    raw driver as anon        ${summary(
      pick((r) => r.rawAnonCpu),
      2,
    )} ms`,
  );
  console.log(
    `    raw anon / server checked ${summary(
      pick((r) => r.rawAnonCpu / r.checkedCpu),
      2,
    )} (CPU-bound rate ratio)`,
  );
}

/** The plain driver: one autocommit insert per call, as the owner (no trigger checks it). */
const INSERT_ONE =
  'insert into public.contact_submissions (name, email, message) values ($1, $2, $3)';

async function repeatOn(
  label: string,
  freshDatabase: () => Promise<FreshDatabase>,
  rawAnon: (
    fresh: FreshDatabase,
    pool: ProofPool,
  ) => Promise<{ rate: number; ranOut: boolean; done: number }>,
  rawOwner: (fresh: FreshDatabase) => Promise<number>,
) {
  console.log(`\n${label}`);
  const results: Repeat[] = [];
  for (let r = 0; r < repeats; r++) {
    const order = r % 2 === 0 ? [true, false] : [false, true];
    const runs = new Map<boolean, ServerRun>();
    for (const checked of order) {
      const fresh = await freshDatabase();
      try {
        const run = await serverRun(fresh, checked);
        runs.set(checked, run);
        printServerRun(`#${r + 1} ${checked ? 'proofs checked' : 'check disabled'}`, run);
      } finally {
        await fresh.drop();
      }
    }
    const fresh = await freshDatabase();
    let anon: { rate: number; ranOut: boolean; done: number };
    let owner: number;
    let anonCpu: number;
    try {
      const db = await fresh.open();
      const pool = await presolve(db, poolSize);
      await db.close();
      const [ownBefore, databaseBefore] = [ownCpuMs(), fresh.cpuMs()];
      anon = await rawAnon(fresh, pool);
      // Its connections have closed; their backends are reaped, so their time counts.
      await new Promise((resolve) => setTimeout(resolve, 200));
      anonCpu = (ownCpuMs() - ownBefore + fresh.cpuMs() - databaseBefore) / Math.max(1, anon.done);
      owner = await rawOwner(fresh);
    } finally {
      await fresh.drop();
    }
    console.log(
      `  #${r + 1} raw driver as anon        ${anon.rate.toFixed(0).padStart(5)} inserts/s (proofs checked, one transaction per row)` +
        `${anon.ranOut ? '; proofs ran out early' : ''}; CPU/row ${anonCpu.toFixed(2)} ms; ` +
        `as owner, autocommit: ${owner.toFixed(0)} inserts/s`,
    );
    results.push({
      checked: runs.get(true)!.rate,
      unchecked: runs.get(false)!.rate,
      rawAnon: anon.rate,
      rawOwner: owner,
      checkedCpu: runs.get(true)!.serverCpu + runs.get(true)!.databaseCpu,
      uncheckedCpu: runs.get(false)!.serverCpu + runs.get(false)!.databaseCpu,
      rawAnonCpu: anonCpu,
    });
  }
  printSummary(label, results);
}

async function benchEmbedded() {
  const freshDatabase = async (): Promise<FreshDatabase> => {
    const dataDir = mkdtempSync(join(tmpdir(), 'bench-embedded-'));
    return {
      open: () =>
        openDatabase({ dataDir, proofOfWork: TEST_PROOF_OF_WORK, rateLimitPerMinute: RATE_LIMIT }),
      serverEnv: { DATA_DIR: dataDir },
      cpuMs: () => 0,
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  };
  await repeatOn(
    'Embedded database (PGlite)',
    freshDatabase,
    async (fresh, pool) => {
      const db = await fresh.open();
      try {
        return await rawRun(pool, (proof) =>
          db.transaction(async (tx) => {
            await tx.exec('set local role anon');
            await tx.query(...anonInsert(proof));
          }),
        );
      } finally {
        await db.close();
      }
    },
    async (fresh) => {
      const db = await fresh.open();
      try {
        return await runFor(clients, Math.min(seconds, 5), () => {
          const s = uniqueSubmission();
          return db.query(INSERT_ONE, [s.name, s.email, s.message]);
        });
      } finally {
        await db.close();
      }
    },
  );
}

async function benchPostgres() {
  await withBenchPostgres(async (adminUrl) => {
    let serial = 0;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    // Its processes' CPU, when the cluster runs on this machine (0 otherwise: /proc has no such process).
    const backend = Number((await admin.query('select pg_backend_pid() as pid')).rows[0]?.pid);
    const postmaster = postmasterOf(backend);
    const freshDatabase = async (): Promise<FreshDatabase> => {
      const name = `bench_run_${process.pid}_${serial++}`;
      await admin.query(`create database ${name}`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      return {
        open: () =>
          openDatabase({
            dataDir: '',
            databaseUrl: url.href,
            proofOfWork: TEST_PROOF_OF_WORK,
            rateLimitPerMinute: RATE_LIMIT,
          }),
        serverEnv: { DATABASE_URL: url.href },
        cpuMs: () => (postmaster > 1 ? clusterCpuMs(postmaster) : 0),
        url: url.href,
        drop: async () => void (await admin.query(`drop database ${name} with (force)`)),
      };
    };
    try {
      await repeatOn(
        'PostgreSQL 15',
        freshDatabase,
        async (fresh, pool) => {
          const db = await fresh.open(); // migrated, as the server leaves it
          await db.close();
          const connections = new pg.Pool({ connectionString: fresh.url, max: clients });
          connections.on('error', () => {});
          try {
            return await rawRun(pool, async (proof) => {
              const client = await connections.connect();
              try {
                await client.query('begin');
                await client.query('set local role anon');
                await client.query(...anonInsert(proof));
                await client.query('commit');
              } catch (error) {
                await client.query('rollback').catch(() => {});
                throw error;
              } finally {
                client.release();
              }
            });
          } finally {
            await connections.end();
          }
        },
        async (fresh) => {
          const connections = new pg.Pool({ connectionString: fresh.url, max: clients });
          connections.on('error', () => {});
          try {
            return await runFor(clients, Math.min(seconds, 5), () => {
              const s = uniqueSubmission();
              return connections.query(INSERT_ONE, [s.name, s.email, s.message]);
            });
          } finally {
            await connections.end();
          }
        },
      );
    } finally {
      await admin.end();
    }
  });
}

console.log(
  `Submissions benchmark: ${clients} concurrent clients, ${seconds} s per run, ${repeats} repeats, ` +
    `up to ${poolSize} presolved proofs per run (maxnumber ${TEST_PROOF_OF_WORK.maxNumber})`,
);
if (values.backend !== 'postgres') await benchEmbedded();
if (values.backend !== 'embedded') await benchPostgres();
