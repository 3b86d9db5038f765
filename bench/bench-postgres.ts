import pg from 'pg';
import { postgresBinariesPresent, startPgCluster } from '../tests/support/pg-cluster.ts';

/**
 * Runs `work` against a PostgreSQL database of its own: a temporary database
 * in DATABASE_URL's server (dropped afterwards), else a throwaway cluster with
 * fsync on, as in production. Without either, says so and skips `work`.
 */
export async function withBenchPostgres(work: (url: string) => Promise<void>): Promise<void> {
  if (process.env.DATABASE_URL) {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    const name = `bench_${Date.now()}`;
    await admin.query(`create database ${name}`);
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    try {
      await work(url.href);
    } finally {
      await admin.query(`drop database ${name} with (force)`);
      await admin.end();
    }
    return;
  }
  if (!postgresBinariesPresent()) {
    console.warn('\nSkipping PostgreSQL: no DATABASE_URL and no PostgreSQL 15 binaries.');
    return;
  }
  const cluster = await startPgCluster({ fsync: true });
  try {
    await work(cluster.url);
  } finally {
    cluster.stop();
  }
}
