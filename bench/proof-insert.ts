/**
 * What the proof-of-work check costs on the insert path itself (no HTTP):
 * rows/s through our server's insert (one visitor at a time, so one
 * transaction per row), with proofs checked against the same run with the
 * check's trigger disabled, on both backends; and on PostgreSQL against the
 * raw `pg` driver doing the same work (as anon, the request's headers set,
 * one transaction per row, proofs checked). Proofs are solved beforehand in
 * Node at a low difficulty: the solve is the visitor's cost, not the database's.
 *   node --import tsx bench/proof-insert.ts [rows]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Database } from '../server/db/database.ts';
import { openDatabase } from '../server/db/open-database.ts';
import { proofFrom } from '../tests/support/proof.ts';
import { withBenchPostgres } from './bench-postgres.ts';

const ROWS = Number(process.argv[2] ?? 1000);
const LOW = { maxNumber: 10 };
const row = (i: number) => ({
  name: `Bench ${i}`,
  email: `bench${i}@example.co.uk`,
  message: 'A message of ordinary length for a contact form.',
});

async function proofs(db: Database, count: number): Promise<string[]> {
  const made: string[] = [];
  for (let i = 0; i < count; i++) made.push(await proofFrom(db));
  return made;
}

async function ourPath(db: Database, checked: boolean): Promise<number> {
  const ready = await proofs(db, ROWS);
  await db.query(
    `alter table public.contact_submissions ${checked ? 'enable' : 'disable'} trigger contact_submissions_check_proof`,
  );
  const started = performance.now();
  for (let i = 0; i < ROWS; i++) {
    // A different address per row, as visitors are: the rate limit never refuses.
    await db.insertSubmission(row(i), {
      clientAddress: `10.0.${i >> 8}.${i & 255}`,
      proof: ready[i],
    });
  }
  const seconds = (performance.now() - started) / 1000;
  await db.query(
    'alter table public.contact_submissions enable trigger contact_submissions_check_proof',
  );
  return ROWS / seconds;
}

async function rawPg(url: string, db: Database): Promise<number> {
  const ready = await proofs(db, ROWS);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = performance.now();
  for (let i = 0; i < ROWS; i++) {
    await client.query('begin');
    await client.query('set local role anon');
    await client.query("select set_config('request.headers', $1, true)", [
      JSON.stringify({ 'cf-connecting-ip': `10.1.${i >> 8}.${i & 255}` }),
    ]);
    const { name, email, message } = row(i);
    await client.query(
      'insert into public.contact_submissions (name, email, message, proof) values ($1, $2, $3, $4)',
      [name, email, message, ready[i]],
    );
    await client.query('commit');
  }
  const seconds = (performance.now() - started) / 1000;
  await client.end();
  return ROWS / seconds;
}

const fmt = (rate: number) => `${rate.toFixed(0)} rows/s`;

const dataDir = mkdtempSync(join(tmpdir(), 'bench-proof-'));
try {
  const embedded = await openDatabase({ dataDir, proofOfWork: LOW, rateLimitPerMinute: 10_000 });
  const without = await ourPath(embedded, false);
  const withProofs = await ourPath(embedded, true);
  console.log(
    `embedded:   ${fmt(withProofs)} with proofs checked, ${fmt(without)} without (${ROWS} rows)`,
  );
  await embedded.close();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

await withBenchPostgres(async (url) => {
  const db = await openDatabase({
    dataDir: '',
    databaseUrl: url,
    proofOfWork: LOW,
    rateLimitPerMinute: 10_000,
  });
  const without = await ourPath(db, false);
  const withProofs = await ourPath(db, true);
  const raw = await rawPg(url, db);
  console.log(
    `PostgreSQL: ${fmt(withProofs)} with proofs checked, ${fmt(without)} without; raw pg ${fmt(raw)} ` +
      `(ours ${(withProofs / raw).toFixed(2)}x raw)`,
  );
  await db.close();
});
