/**
 * Abuse and crash benchmark: the real server process
 * (`server/main.ts`, logging on, as in production) on the embedded database
 * and on PostgreSQL, through three phases on the same data:
 *
 *   1. flood  — `--clients` visitors, each from its own loopback address,
 *               posting as fast as they can for `--seconds`
 *               (RATE_LIMIT_PER_MINUTE raised to its ceiling, 10,000);
 *   2. crash  — the same load, `kill -9` part-way, and a restart on the same data;
 *   3. idle   — `--idle` connections that say nothing, stop half-way through a
 *               request or trickle a header, while `--real` visitors submit,
 *               each once every 100 ms (their latency is the figure, not throughput).
 *
 * Then it reads the database itself and prints submissions/s, p99, errors,
 * acknowledged vs stored, what the crash lost (must be 0) and the latency
 * under the idle flood beside the latency without it. A benchmark that prints
 * figures, not a test. Loopback only; every loop ends by a deadline.
 *
 * Every post carries a proof of work, solved before the first phase
 * (bench/proof-pool.ts, at the test difficulty set through
 * PROOF_OF_WORK_MAX_NUMBER; `--pool` for the whole run, a phase ends early if
 * they run out). An answer a phase does not expect (anything but 201; in the
 * crash, also none or a 503) fails the run.
 *
 *   node --import tsx bench/abuse.ts [--clients 200] [--seconds 30] [--idle 300]
 *     [--real 10] [--pool 60000] [--backend both|embedded|postgres]
 */
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../server/db/open-database.ts';
import { idleFlood, startServer, stopServer, type ServerProcess } from './abuse-processes.ts';
import { withBenchPostgres } from './bench-postgres.ts';
import { presolve, TEST_PROOF_OF_WORK, type ProofPool } from './proof-pool.ts';
import {
  describeStatuses,
  expectAnswers,
  percentile,
  postFor,
  type LoadResult,
} from './submissions-load.ts';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '30' },
    idle: { type: 'string', default: '300' },
    real: { type: 'string', default: '10' },
    pool: { type: 'string', default: '60000' },
    backend: { type: 'string', default: 'both' },
  },
});
const CLIENTS = Number(values.clients);
const SECONDS = Number(values.seconds);
const IDLE = Number(values.idle);
const REAL = Number(values.real);
const POOL = Number(values.pool);
/** The crash comes a third of the way into a load as long as the flood. */
const CRASH_AFTER_S = SECONDS / 3;
/** Past the server's 10 s header timeout, so the figures show it cutting stalled clients off. */
const IDLE_PHASE_S = Math.min(15, SECONDS);
const VISITOR_PAUSE_MS = 100;
/** Untimed submissions after the restart, before the idle phase's two measurements. */
const WARM_UP_S = 2;

const n = (value: number) => value.toLocaleString('en-GB');
const ms = (value: number) => `${value.toFixed(1)} ms`;

function latency(load: LoadResult) {
  const sorted = [...load.latenciesMs].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}

function failures(load: LoadResult) {
  const parts = Object.entries(load.failures).map(([kind, count]) => `${kind}: ${n(count)}`);
  return parts.length ? `${n(load.failed)} (${parts.join(', ')})` : '0';
}

type DatabaseEnv = { DATA_DIR?: string; DATABASE_URL?: string };

/** 1. Flood: `CLIENTS` visitors as fast as they can, then a SIGTERM. */
async function floodPhase(env: Record<string, string>, dir: string, proofs: ProofPool) {
  const server = await startServer(env, dir);
  const flood = await postFor(server.url, CLIENTS, SECONDS, {
    label: 'Flood visitor',
    ownAddresses: true,
    proofs,
  });
  return { flood, floodExit: await stopServer(server) };
}

/** 2. Crash: kill -9 a third of the way into the same load, then restart (left running). */
async function crashPhase(env: Record<string, string>, dir: string, proofs: ProofPool) {
  const crashed = await startServer(env, dir);
  const crashAcknowledged: string[] = [];
  const killer = setTimeout(() => crashed.child.kill('SIGKILL'), CRASH_AFTER_S * 1000);
  const crash = await postFor(crashed.url, CLIENTS, SECONDS, {
    label: 'Crash visitor',
    ownAddresses: true,
    stop: () => crashed.child.signalCode !== null,
    onAcknowledged: (name) => crashAcknowledged.push(name),
    proofs,
  });
  clearTimeout(killer);
  if (crashed.child.exitCode === null && crashed.child.signalCode === null) {
    await once(crashed.child, 'exit');
  }
  return { crash, crashAcknowledged, restarted: await startServer(env, dir) };
}

/**
 * 3. Idle flood: the same visitors' latency without, then with, the idle crowd.
 * A short warm-up first, so neither figure carries the restarted process's cold start.
 */
async function idlePhase(server: ServerProcess, proofs: ProofPool) {
  const visitors = { ownAddresses: true, pauseMs: VISITOR_PAUSE_MS, proofs };
  await postFor(server.url, REAL, WARM_UP_S, { ...visitors, label: 'Warm-up visitor' });
  const calm = await postFor(server.url, REAL, IDLE_PHASE_S, {
    ...visitors,
    label: 'Calm visitor',
  });
  const crowd = idleFlood(new URL(server.url), IDLE);
  await new Promise((resolve) => setTimeout(resolve, 1_000)); // let them all connect
  const openAtStart = crowd.open();
  const busy = await postFor(server.url, REAL, IDLE_PHASE_S, {
    ...visitors,
    label: 'Crowded visitor',
  });
  const openAtEnd = crowd.open();
  crowd.stop();
  const lastExit = await stopServer(server);
  return { calm, busy, openAtStart, openAtEnd, reopened: crowd.reopened(), lastExit };
}

/** What the database holds, read by us, not the server. */
async function readStored(database: DatabaseEnv) {
  const db = await openDatabase({
    dataDir: database.DATA_DIR ?? '',
    databaseUrl: database.DATABASE_URL,
  });
  const count = async (prefix: string) =>
    Number(
      (
        await db.query('select count(*)::int as n from contact_submissions where name like $1', [
          `${prefix} %`,
        ])
      )[0]?.n,
    );
  const crashStored = new Set(
    (
      await db.query('select name from contact_submissions where name like $1', ['Crash visitor %'])
    ).map((row) => String(row.name)),
  );
  const [floodStored, calmStored, busyStored] = await Promise.all([
    count('Flood visitor'),
    count('Calm visitor'),
    count('Crowded visitor'),
  ]);
  await db.close();
  return { crashStored, floodStored, calmStored, busyStored };
}

type Flooded = Awaited<ReturnType<typeof floodPhase>>;
type Crashed = Omit<Awaited<ReturnType<typeof crashPhase>>, 'restarted'> & { restartMs: number };
type Idled = Awaited<ReturnType<typeof idlePhase>>;
type Stored = Awaited<ReturnType<typeof readStored>>;

function report(
  { flood, floodExit }: Flooded,
  { crash, crashAcknowledged, restartMs }: Crashed,
  idle: Idled,
  stored: Stored,
  proofs: ProofPool,
) {
  const { calm, busy } = idle;
  const { crashStored, floodStored, calmStored, busyStored } = stored;
  const lost = crashAcknowledged.filter((name) => !crashStored.has(name)).length;
  const floodLatency = latency(flood);
  const busyLatency = latency(busy);
  const calmLatency = latency(calm);

  console.log(
    `  flood   ${CLIENTS} clients (one address each), ${flood.seconds.toFixed(1)} s: ` +
      `${n(Math.round(flood.acknowledged / flood.seconds))} submissions/s, ` +
      `p50 ${ms(floodLatency.p50)}, p99 ${ms(floodLatency.p99)}, errors ${failures(flood)}`,
  );
  console.log(
    `          acknowledged ${n(flood.acknowledged)}, stored ${n(floodStored)} ` +
      `(${floodStored === flood.acknowledged ? 'equal' : `DIFFERENCE ${floodStored - flood.acknowledged}`}); ` +
      `SIGTERM exit code ${floodExit}`,
  );
  console.log(
    `  crash   kill -9 after ${CRASH_AFTER_S.toFixed(1)} s of load: acknowledged ${n(crash.acknowledged)}, ` +
      `stored ${n(crashStored.size)}, lost after the crash ${lost}` +
      ` (${n(crashStored.size - (crash.acknowledged - lost))} committed but cut off before their answer; ` +
      `${n(crash.failures['no answer'] ?? 0)} requests got no answer)`,
  );
  console.log(
    `          restart on the same data: listening in ${ms(restartMs)}, no manual repair`,
  );
  console.log(
    `  idle    ${IDLE} idle or trickling connections (${idle.openAtStart} open at the start, ${idle.openAtEnd} at the end, ` +
      `${n(idle.reopened)} reopened after the server cut them off), ${REAL} visitors for ${busy.seconds.toFixed(1)} s:`,
  );
  console.log(
    `          p50 ${ms(busyLatency.p50)}, p99 ${ms(busyLatency.p99)}, ` +
      `errors ${failures(busy)}; ` +
      `without them p50 ${ms(calmLatency.p50)}, p99 ${ms(calmLatency.p99)}, errors ${failures(calm)}`,
  );
  console.log(
    `          acknowledged ${n(calm.acknowledged + busy.acknowledged)}, stored ${n(calmStored + busyStored)} ` +
      `(${calmStored + busyStored === calm.acknowledged + busy.acknowledged ? 'equal' : 'DIFFERENT'}); ` +
      `SIGTERM exit code ${idle.lastExit}`,
  );
  console.log(
    `  answers flood ${describeStatuses(flood.statuses)}; crash ${describeStatuses(crash.statuses)}; ` +
      `calm ${describeStatuses(calm.statuses)}; crowded ${describeStatuses(busy.statuses)}` +
      (proofs.taken >= proofs.size ? '; THE PROOFS RAN OUT: a phase ended early' : ''),
  );
}

async function run(label: string, database: DatabaseEnv) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-abuse-'));
  const env = Object.fromEntries(Object.entries(database).filter(([, v]) => v)) as Record<
    string,
    string
  >;
  console.log(`\n${label}`);
  try {
    // Proofs for every phase, solved before any of them, at the test difficulty.
    const setup = await openDatabase({
      dataDir: database.DATA_DIR ?? '',
      databaseUrl: database.DATABASE_URL,
      proofOfWork: TEST_PROOF_OF_WORK,
    });
    const proofs = await presolve(setup, POOL);
    await setup.close();
    console.log(`  ${POOL} proofs solved in ${(proofs.preparedMs / 1000).toFixed(1)} s, untimed`);

    const flooded = await floodPhase(env, dir, proofs);
    const { restarted, ...crashed } = await crashPhase(env, dir, proofs);
    const idle = await idlePhase(restarted, proofs);
    const stored = await readStored(database);
    report(flooded, { ...crashed, restartMs: restarted.startMs }, idle, stored, proofs);
    expectAnswers('flood', flooded.flood);
    expectAnswers('crash', crashed.crash, ['201', 'no answer', '503']);
    expectAnswers('calm visitors', idle.calm);
    expectAnswers('crowded visitors', idle.busy);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log(
  `Abuse benchmark: ${CLIENTS} clients for ${SECONDS} s, kill -9 after ${CRASH_AFTER_S.toFixed(1)} s, ` +
    `${IDLE} idle connections with ${REAL} visitors for ${IDLE_PHASE_S} s`,
);
if (values.backend !== 'postgres') {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-abuse-data-'));
  try {
    await run('Embedded database (PGlite)', { DATA_DIR: dataDir });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
if (values.backend !== 'embedded') {
  await withBenchPostgres((url) => run('PostgreSQL 15', { DATABASE_URL: url }));
}
