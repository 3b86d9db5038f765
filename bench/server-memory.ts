/**
 * The server's resident memory on each backend, as production runs it
 * (`node build/server/main.js`, its own process): the peak while it starts on
 * an empty database, the highest sampled through INSERTS submissions from CLIENTS
 * visitors at once, and what it holds after IDLE_MS of rest; and the CPU it spends at rest
 * before any lead (REST_MS, its background loops' polls alone). Beside it,
 * PGlite's own floor (bench/pglite-floor.ts). Figures only; the
 * README's "What it runs on" is read from them.
 *
 *   npm run build && npm run bench:memory
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withBenchPostgres } from './bench-postgres.ts';
import { processCpuMs } from './cpu-time.ts';
import type { ProofPool } from './proof-pool.ts';
import { processMemory, sampleMemory } from './support/process-memory.ts';
import { describeStatuses, expectAnswers, postFor } from './submissions-load.ts';
import { spawnServer } from '../tests/support/child-server.ts';
import { proofFrom } from '../tests/support/proof.ts';

/** The requirement's load: 300 submissions from 50 visitors at once. */
const INSERTS = 300;
const CLIENTS = 50;
/** Long enough for the load to end on its proofs running out, never on the clock. */
const LOAD_SECONDS = 120;
/** How long the server rests before its idle memory is read. */
const IDLE_MS = 20_000;
/** The quiet spell, just started, over which the CPU at rest is read. */
const REST_MS = 10_000;
/** Above every benchmark client's share: the limit must refuse nobody here. */
const RATE_LIMIT = 10_000;

interface Figures {
  start: number;
  /** CPU at rest, in per cent of one core. */
  rest: number;
  load: number;
  idle: number;
}

/** INSERTS proofs, each from the running server's own challenge, as the page gets one. */
async function proofsFrom(url: string): Promise<ProofPool> {
  const proofs: string[] = [];
  while (proofs.length < INSERTS) proofs.push(await proofFrom(url));
  let next = 0;
  return { take: () => proofs[next++], size: INSERTS, taken: 0, preparedMs: 0 };
}

async function measureServer(env: Record<string, string>): Promise<Figures> {
  const { child, url } = await spawnServer({ ...env, RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT) });
  const pid = child.pid!;
  try {
    // VmHWM: the most the process held at any moment of its start.
    const start = processMemory(pid).peakMb;
    // At rest, nothing arriving: what its loops' polls cost a machine that waits for leads.
    const cpuBefore = processCpuMs(pid);
    await new Promise((resolve) => setTimeout(resolve, REST_MS));
    const rest = ((processCpuMs(pid) - cpuBefore) / REST_MS) * 100;

    const proofs = await proofsFrom(url);
    const sampler = sampleMemory(pid);
    const result = await postFor(url, CLIENTS, LOAD_SECONDS, { ownAddresses: true, proofs });
    expectAnswers('server', result);
    console.log(`  answers: ${describeStatuses(result.statuses)}`);
    const load = sampler.stop();

    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    return { start, rest, load, idle: processMemory(pid).rssMb };
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

async function measureFloor(kind: 'bare' | 'ours'): Promise<Record<string, number>> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/pglite-floor.ts', kind], {
    env: { ...process.env, IDLE_MS: String(IDLE_MS) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  await new Promise((resolve) => child.once('exit', resolve));
  return JSON.parse(out.trim().split('\n').pop()!) as Record<string, number>;
}

const mb = (value: number) => `${value.toFixed(0)} MB`;
const show = (name: string, f: Figures) =>
  console.log(
    `${name.padEnd(12)} start peak ${mb(f.start)}, peak under load ${mb(f.load)}, ` +
      `idle ${mb(f.idle)}; CPU at rest ${f.rest.toFixed(1)} % of a core`,
  );

console.log(`Server memory: start on an empty database, ${INSERTS} inserts from ${CLIENTS}`);
console.log(`clients, idle ${IDLE_MS / 1000} s later (resident; peaks from VmHWM and samples)`);
const dataDir = mkdtempSync(join(tmpdir(), 'bench-memory-'));
try {
  show('embedded', await measureServer({ DATA_DIR: dataDir }));
  // The first start runs initdb, whose garbage V8 frees only when it next collects; every later
  // start opens the existing database, as a server does after each deploy or reboot.
  show('  restarted', await measureServer({ DATA_DIR: dataDir }));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
await withBenchPostgres(async (url) =>
  show('PostgreSQL', await measureServer({ DATABASE_URL: url })),
);

console.log('PGlite alone, its own process, on an empty data directory:');
for (const [kind, label] of [
  ['bare', 'PGlite + pgcrypto, its defaults'],
  ['ours', 'our embedded database, migrated, no server'],
] as const) {
  const f = await measureFloor(kind);
  console.log(
    `  ${label}: peak ${mb(f.peak!)}, idle ${mb(f.idle!)} ` +
      `(V8 heap ${mb(f.heapUsed!)}; outside it, WASM memory and buffers ${mb(f.external!)})`,
  );
}
