/**
 * The raw driver's side of one run of bench/compare-insert.ts: the insert's
 * work without our server, and the figures of a timed phase.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { PendingInsert } from '../server/db/insert-batcher.ts';
import type { Phase, RunOptions } from './compare-insert-run.ts';
import type { ProofPool } from './proof-pool.ts';
import { loopbackAddress, percentile, uniqueSubmission } from './submissions-load.ts';

export type RowInsert = (row: PendingInsert) => [string, unknown[]];

export function phase(done: number, seconds: number, latencies: number[], ranOut: boolean): Phase {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    rate: done / seconds,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    ranOut,
  };
}

/**
 * The same work without our server, as PostgREST does it: `clients` loops,
 * each lead in a transaction of its own as anon, the commit's own
 * one-statement insert (the request's headers, its proof, a fresh key,
 * `on conflict do nothing`), on `clients` connections of the raw `pg` driver
 * (PGlite's one connection on the embedded database). Each loop is one
 * visitor at one address, as each client of the server's load is: addresses
 * handed round by a shared counter put two loops on one address now and
 * then, and the second waits on the first's lock on its rate-limit window.
 */
export async function rawPhase(
  transact: (
    work: (query: (sql: string, params: unknown[]) => Promise<unknown>) => Promise<void>,
  ) => Promise<void>,
  rowInsert: RowInsert,
  proofs: ProofPool,
  o: RunOptions,
): Promise<Phase> {
  const latencies: number[] = [];
  let ranOut = false;
  const started = performance.now();
  const deadline = started + o.seconds * 1000;
  const loop = async (visitor: number) => {
    while (performance.now() < deadline) {
      const proof = proofs.take();
      if (proof === undefined) {
        ranOut = true;
        return;
      }
      const row = rowInsert({
        submission: { ...uniqueSubmission('Raw Anon'), submission_key: randomUUID() },
        clientAddress: loopbackAddress(visitor),
        proof,
        ignoreDuplicates: true,
      });
      const sent = performance.now();
      await transact(async (query) => {
        await query('set local role anon', []);
        await query(...row);
      });
      latencies.push(performance.now() - sent);
    }
  };
  await Promise.all(Array.from({ length: o.clients }, (_, visitor) => loop(visitor)));
  return phase(latencies.length, (performance.now() - started) / 1000, latencies, ranOut);
}

export async function rawOnPostgres(
  url: string,
  rowInsert: RowInsert,
  proofs: ProofPool,
  o: RunOptions,
) {
  const connections = new pg.Pool({ connectionString: url, max: o.clients });
  connections.on('error', () => {});
  try {
    return await rawPhase(
      async (work) => {
        const client = await connections.connect();
        try {
          await client.query('begin');
          await work((sql, params) => client.query(sql, params));
          await client.query('commit');
        } finally {
          client.release();
        }
      },
      rowInsert,
      proofs,
      o,
    );
  } finally {
    await connections.end();
  }
}
