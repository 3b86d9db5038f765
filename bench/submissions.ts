/**
 * Submissions per second through the whole server (HTTP, validation, insert
 * as anon), on the embedded database and on PostgreSQL, beside the raw
 * driver's insert rate on the same database at the same concurrency: as the
 * owner in autocommit, and as PostgREST does it (as anon, request.headers set,
 * one transaction per row), the baseline the goal "≥ 0.5× raw" is measured by.
 * A benchmark that prints figures, not a test.
 *
 *   node --import tsx bench/submissions.ts [--clients 50] [--seconds 10] [--backend both|embedded|postgres]
 *
 * BENCH_CLIENTS and BENCH_SECONDS work too. PostgreSQL is a throwaway cluster
 * with fsync on (as in production), or a temporary database created in
 * DATABASE_URL's server and dropped afterwards.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../server/db/open-database.ts';
import { withBenchPostgres } from './bench-postgres.ts';
import { rowInsert } from '../server/db/insert-batcher.ts';
import {
  loopbackAddress,
  percentile,
  postFor,
  runFor,
  uniqueSubmission,
  type LoadResult,
} from './submissions-load.ts';

/** What a plain driver does: one autocommit insert per call, as the owner. */
const INSERT_ONE =
  'insert into public.contact_submissions (name, email, message) values ($1, $2, $3)';

/**
 * What PostgREST (and our server) does for each row, done by the bare driver:
 * one transaction per row, `set local role anon`, the request's headers set,
 * then the insert (the server's own one-statement form). Visitors' addresses
 * rotate over `clients` loopback addresses, as the server's load does.
 */
let anonSerial = 0;
function anonInsert(clients: number) {
  const submission = uniqueSubmission('Raw Anon');
  return rowInsert({ submission, clientAddress: loopbackAddress(anonSerial++ % clients) });
}

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: process.env.BENCH_CLIENTS ?? '50' },
    seconds: { type: 'string', default: process.env.BENCH_SECONDS ?? '10' },
    backend: { type: 'string', default: 'both' },
  },
});
const clients = Number(values.clients);
const seconds = Number(values.seconds);

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
  return { url, stop };
}

function report(
  label: string,
  load: LoadResult,
  stored: number,
  rawRate?: number,
  anonRate?: number,
) {
  const sorted = [...load.latenciesMs].sort((a, b) => a - b);
  const rate = load.acknowledged / load.seconds;
  console.log(`\n${label}`);
  console.log(
    `  submissions/s   ${rate.toFixed(0)}  (${clients} clients, ${load.seconds.toFixed(1)} s)`,
  );
  console.log(
    `  latency         p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms`,
  );
  console.log(`  acknowledged    ${load.acknowledged} (failed ${load.failed})`);
  console.log(`  stored          ${stored}  (difference ${stored - load.acknowledged})`);
  if (rawRate !== undefined) {
    console.log(
      `  raw driver      ${rawRate.toFixed(0)} inserts/s; server/raw = ${(rate / rawRate).toFixed(2)}`,
    );
  }
  if (anonRate !== undefined) {
    console.log(
      `  raw as anon     ${anonRate.toFixed(0)} inserts/s (one transaction per row, request.headers set); server/raw-anon = ${(rate / anonRate).toFixed(2)}`,
    );
  }
}

async function benchEmbedded() {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-embedded-'));
  try {
    const server = await startServerProcess({ DATA_DIR: dataDir });
    const load = await postFor(server.url, clients, seconds, { ownAddresses: true });
    await server.stop();
    const db = await openDatabase({ dataDir });
    const stored = Number(
      (await db.query('select count(*)::int as n from contact_submissions'))[0]?.n,
    );
    // The driver alone: PGlite's own autocommit inserts, as the owner, at the same concurrency.
    const rawRate = await runFor(clients, Math.min(seconds, 5), () => {
      const s = uniqueSubmission();
      return db.query(INSERT_ONE, [s.name, s.email, s.message]);
    });
    // The same as anon, one transaction per row, as PostgREST would.
    const anonRate = await runFor(clients, Math.min(seconds, 5), () =>
      db.transaction(async (tx) => {
        await tx.exec('set local role anon');
        await tx.query(...anonInsert(clients));
      }),
    );
    await db.close();
    report('Embedded database (PGlite)', load, stored, rawRate, anonRate);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchPostgres() {
  await withBenchPostgres(async (url) => {
    const server = await startServerProcess({ DATABASE_URL: url });
    const load = await postFor(server.url, clients, seconds, { ownAddresses: true });
    await server.stop();

    const pool = new pg.Pool({ connectionString: url, max: clients });
    const stored = Number(
      (await pool.query('select count(*)::int as n from contact_submissions')).rows[0]?.n,
    );
    const rawRate = await runFor(clients, seconds, () => {
      const s = uniqueSubmission();
      return pool.query(INSERT_ONE, [s.name, s.email, s.message]);
    });
    // The same as anon, one transaction per row, as PostgREST would.
    const anonRate = await runFor(clients, seconds, async () => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        await client.query('set local role anon');
        await client.query(...anonInsert(clients));
        await client.query('commit');
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    });
    await pool.end();
    report('PostgreSQL 15', load, stored, rawRate, anonRate);
  });
}

console.log(`Submissions benchmark: ${clients} concurrent clients, ${seconds} s per run`);
if (values.backend !== 'postgres') await benchEmbedded();
if (values.backend !== 'embedded') await benchPostgres();
