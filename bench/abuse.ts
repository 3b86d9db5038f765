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
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, openSync, readFileSync, rmSync, closeSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../server/db/open-database.ts';
import { withBenchPostgres } from './bench-postgres.ts';
import { presolve, TEST_PROOF_OF_WORK, TEST_PROOF_OF_WORK_ENV } from './proof-pool.ts';
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
const READY = /Serving the site and its contact API on (http:\/\/\S+)/;
const TABLE = '/rest/v1/contact_submissions';

interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Milliseconds from spawn to listening. */
  startMs: number;
}

let starts = 0;
/** `server/main.ts` in its own process; its log goes to a file in `dir`, read only for the ready line. */
async function startServer(env: Record<string, string>, dir: string): Promise<ServerProcess> {
  const started = performance.now();
  const logFile = join(dir, `server-${++starts}.log`);
  const log = openSync(logFile, 'w');
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: '0',
      HOST: '127.0.0.1',
      DIST_DIR: '/nonexistent',
      RATE_LIMIT_PER_MINUTE: '10000',
      SMTP_URL: '',
      ...TEST_PROOF_OF_WORK_ENV,
      ...env,
    },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  const deadline = started + 30_000;
  while (performance.now() < deadline) {
    const match = READY.exec(readFileSync(logFile, 'utf8'));
    if (match && child.exitCode === null) {
      return { child, url: match[1]!, startMs: performance.now() - started };
    }
    if (child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  child.kill('SIGKILL');
  throw new Error(`The server did not start:\n${readFileSync(logFile, 'utf8').slice(-2000)}`);
}

async function stopServer(server: ServerProcess): Promise<number | null> {
  const exited = once(server.child, 'exit') as Promise<[number | null]>;
  server.child.kill('SIGTERM');
  const [code] = await exited;
  return code;
}

/**
 * `count` connections that never complete a request: a third silent, a third
 * stopped after a request line, a third trickling a header a byte at a time.
 * Any the server closes (its timeouts) are opened again, until `stop()`.
 */
function idleFlood(url: URL, count: number) {
  const sockets = new Set<Socket>();
  const trickling = new Set<Socket>();
  let stopped = false;
  let reopened = 0;
  const open = (i: number) => {
    if (stopped) return;
    const socket = connect({ port: Number(url.port), host: url.hostname }, () => {
      if (i % 3 === 1) socket.write(`POST ${TABLE} HTTP/1.1\r\nHost: x\r\n`);
      if (i % 3 === 2) socket.write('GET / HTTP/1.1\r\nX-Slow: ');
    });
    sockets.add(socket);
    if (i % 3 === 2) trickling.add(socket);
    socket.resume();
    socket.on('error', () => {});
    socket.once('close', () => {
      sockets.delete(socket);
      trickling.delete(socket);
      if (!stopped) {
        reopened++;
        setTimeout(() => open(i), 50);
      }
    });
  };
  for (let i = 0; i < count; i++) open(i);
  const trickle = setInterval(() => {
    for (const socket of trickling) if (socket.writable) socket.write('a');
  }, 200);
  return {
    open: () => sockets.size,
    reopened: () => reopened,
    stop() {
      stopped = true;
      clearInterval(trickle);
      for (const socket of sockets) socket.destroy();
    },
  };
}

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

async function run(label: string, database: { DATA_DIR?: string; DATABASE_URL?: string }) {
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

    // 1. Flood.
    let server = await startServer(env, dir);
    const flood = await postFor(server.url, CLIENTS, SECONDS, {
      label: 'Flood visitor',
      ownAddresses: true,
      proofs,
    });
    const floodExit = await stopServer(server);
    const floodLatency = latency(flood);

    // 2. Crash: kill -9 a third of the way into the same load, then restart.
    server = await startServer(env, dir);
    const crashAcknowledged: string[] = [];
    const killer = setTimeout(() => server.child.kill('SIGKILL'), CRASH_AFTER_S * 1000);
    const crashed = server;
    const crash = await postFor(server.url, CLIENTS, SECONDS, {
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
    server = await startServer(env, dir);
    const restartMs = server.startMs;

    // 3. Idle flood: the same visitors' latency without, then with, the idle crowd.
    // A short warm-up first, so neither figure carries the restarted process's cold start.
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

    // What the database holds, read by us, not the server.
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
        await db.query('select name from contact_submissions where name like $1', [
          'Crash visitor %',
        ])
      ).map((row) => String(row.name)),
    );
    const [floodStored, calmStored, busyStored] = await Promise.all([
      count('Flood visitor'),
      count('Calm visitor'),
      count('Crowded visitor'),
    ]);
    await db.close();
    const lost = crashAcknowledged.filter((name) => !crashStored.has(name)).length;
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
      `  idle    ${IDLE} idle or trickling connections (${openAtStart} open at the start, ${openAtEnd} at the end, ` +
        `${n(crowd.reopened())} reopened after the server cut them off), ${REAL} visitors for ${busy.seconds.toFixed(1)} s:`,
    );
    console.log(
      `          p50 ${ms(busyLatency.p50)}, p99 ${ms(busyLatency.p99)}, ` +
        `errors ${failures(busy)}; ` +
        `without them p50 ${ms(calmLatency.p50)}, p99 ${ms(calmLatency.p99)}, errors ${failures(calm)}`,
    );
    console.log(
      `          acknowledged ${n(calm.acknowledged + busy.acknowledged)}, stored ${n(calmStored + busyStored)} ` +
        `(${calmStored + busyStored === calm.acknowledged + busy.acknowledged ? 'equal' : 'DIFFERENT'}); ` +
        `SIGTERM exit code ${lastExit}`,
    );
    console.log(
      `  answers flood ${describeStatuses(flood.statuses)}; crash ${describeStatuses(crash.statuses)}; ` +
        `calm ${describeStatuses(calm.statuses)}; crowded ${describeStatuses(busy.statuses)}` +
        (proofs.taken >= proofs.size ? '; THE PROOFS RAN OUT: a phase ended early' : ''),
    );
    expectAnswers('flood', flood);
    expectAnswers('crash', crash, ['201', 'no answer', '503']);
    expectAnswers('calm visitors', calm);
    expectAnswers('crowded visitors', busy);
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
