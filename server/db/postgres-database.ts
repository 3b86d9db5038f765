import pg from 'pg';
import {
  DatabaseUnavailableError,
  isUnavailableSqlState,
  type Database,
  type Row,
  type SqlSession,
} from './database.ts';
import { batchInserts, multiRowInsert } from './insert-batcher.ts';

/** Enough to keep one PostgreSQL busy from one Node process; several instances share max_connections (100). */
export const DEFAULT_POOL_SIZE = 10;
/** A visitor waits at most this long for a connection before getting a 503. */
const CONNECT_TIMEOUT_MS = 5_000;

/** Node error codes that mean "no database to talk to", not "bad request". */
const UNAVAILABLE_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'EHOSTUNREACH',
]);

export function isUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (isUnavailableSqlState(code) || UNAVAILABLE_ERRNO.has(code))) {
    return true;
  }
  // node-postgres reports a lost or refused connection by message only.
  return /Connection terminated|timeout exceeded when trying to connect|Cannot use a pool after calling end|Client has encountered a connection error/i.test(
    error.message,
  );
}

export async function openPostgresDatabase(
  connectionString: string,
  { poolSize = DEFAULT_POOL_SIZE } = {},
): Promise<Database> {
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    application_name: 'contact-site',
  });
  // An idle connection that dies (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});

  const withClient = async <T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> => {
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      throw new DatabaseUnavailableError(error);
    }
    let broken: Error | undefined;
    try {
      return await work(client);
    } catch (error) {
      if (isUnavailable(error)) {
        broken = error as Error;
        throw new DatabaseUnavailableError(error);
      }
      throw error;
    } finally {
      client.release(broken);
    }
  };

  const inTransaction = <T>(work: (client: pg.PoolClient) => Promise<T>) =>
    withClient(async (client) => {
      await client.query('begin');
      try {
        const result = await work(client);
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      }
    });

  await withClient((client) => client.query('select 1'));

  // A batch per pooled connection at most; `set local role` lasts until its commit.
  const insertSubmission = batchInserts(
    (submissions) =>
      inTransaction(async (client) => {
        await client.query('set local role anon');
        await client.query(...multiRowInsert(submissions));
      }),
    poolSize,
  );

  let closing: Promise<void> | undefined;
  return {
    kind: 'postgres',
    location: describe(connectionString),
    insertSubmission,
    query: (sql, params) => withClient(async (client) => (await client.query(sql, params)).rows),
    transaction: (work) =>
      inTransaction((client) => {
        const session: SqlSession = {
          query: async (sql, params) => (await client.query<Row>(sql, params)).rows,
          exec: async (sql) => void (await client.query(sql)),
        };
        return work(session);
      }),
    close: () => (closing ??= pool.end()),
  };
}

/** host:port/database for logs, never the password. */
function describe(connectionString: string): string {
  const url = new URL(connectionString);
  return `PostgreSQL at ${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`;
}
