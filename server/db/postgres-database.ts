import pg from 'pg';
import { DatabaseUnavailableError, type Database, type Row, type SqlSession } from './database.ts';
import { batchInserts, MAX_QUEUED, rowInsert } from './insert-batcher.ts';
import {
  CONNECT_TIMEOUT_MS,
  dropIfSilent,
  isUnavailable,
  KEEPALIVE_INITIAL_DELAY_MS,
} from './postgres-connection.ts';
import { listenOn } from './postgres-listener.ts';

/** Enough to keep one PostgreSQL busy from one Node process; several instances share max_connections (100). */
export const DEFAULT_POOL_SIZE = 10;
/**
 * A visitor's insert waits at most this long for a lock (a migration, an
 * admin's LOCK TABLE, a VACUUM FULL) before a 503: far less than a browser's
 * patience, so the visitor retries rather than leaving a row committed after
 * they have gone.
 */
const INSERT_LOCK_TIMEOUT_MS = 2_000;
/** Any one statement of the insert, lock waits included, for a database that is slow rather than locked. */
const INSERT_STATEMENT_TIMEOUT_MS = 3_000;
/**
 * The same bound kept by the client, for a server that cannot even enforce its
 * own (stopped, or the network gone quiet); it drops the connection.
 */
export const INSERT_QUERY_TIMEOUT_MS = INSERT_STATEMENT_TIMEOUT_MS + 1_000;
/**
 * The bound a running server or worker keeps on every other statement
 * (`queryTimeoutMs`): a pooled connection to a server that has stopped
 * answering (a stopped host, a network gone quiet) stays open, and a query sent
 * down it would wait for ever, holding the request that sent it (the form's
 * check for a repeat, the confirmation's reference, the inbox's reads) or a
 * background round, until the host answers again. A second over the server's
 * own bound on a request's statements (as-request-role.ts), so a server that
 * can still answer says why; each of ours is an indexed look-up or a small
 * batch, far under it. A transaction opened `long` (a migration, the list
 * written at start) is not bounded, only ended by a database that stops
 * answering altogether (dropIfSilent); nor is a command's work (an export, a
 * restore, a benchmark's seeding), which opens the database without it.
 */
export const SERVING_QUERY_TIMEOUT_MS = 6_000;
/** Settings of the insert transaction; `set local` ends with it. */
const INSERT_SETTINGS_SQL = [
  `set local lock_timeout = ${INSERT_LOCK_TIMEOUT_MS}`,
  `set local statement_timeout = ${INSERT_STATEMENT_TIMEOUT_MS}`,
  'set local role anon',
].join('; ');

export async function openPostgresDatabase(
  connectionString: string,
  {
    poolSize = DEFAULT_POOL_SIZE,
    maxQueued = MAX_QUEUED,
    queryTimeoutMs,
  }: { poolSize?: number; maxQueued?: number; queryTimeoutMs?: number } = {},
): Promise<Database> {
  const pool = openPool(connectionString, poolSize);

  const withClient = async <T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> => {
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      throw new DatabaseUnavailableError(error);
    }
    let broken: Error | undefined;
    // A checked-out client whose connection dies emits 'error', and an
    // unheard 'error' ends the process; its query fails as well and says why.
    const onError = (error: Error) => (broken ??= error);
    client.on('error', onError);
    try {
      return await work(client);
    } catch (error) {
      if (isUnavailable(error)) {
        broken ??= error as Error;
        throw new DatabaseUnavailableError(error);
      }
      throw error;
    } finally {
      client.off('error', onError);
      client.release(broken);
    }
  };

  type Run = (sql: string, params?: unknown[]) => Promise<pg.QueryResult<Row>>;

  /**
   * `work`'s queries, and BEGIN and COMMIT, each bounded by queryTimeout when one is given.
   * Unbounded ones of a running server or worker (a migration) are watched instead: a database
   * that answers nothing for `silentMs` drops their connection (postgres-connection.ts).
   */
  const inTransaction = <T>(work: (run: Run) => Promise<T>, queryTimeout?: number, silentMs = 0) =>
    withClient(async (client) => {
      const run: Run = (text, values) =>
        client.query<Row>({ text, values, query_timeout: queryTimeout } as pg.QueryConfig);
      const stopWatching = silentMs ? dropIfSilent(client, connectionString, silentMs) : undefined;
      try {
        await run('begin');
        const result = await work(run);
        await run('commit');
        return result;
      } catch (error) {
        // A lost or stalled connection is dropped (withClient), which rolls
        // back on the server; a ROLLBACK sent down it would wait behind it.
        if (!isUnavailable(error)) await run('rollback').catch(() => {});
        throw error;
      } finally {
        stopWatching?.();
      }
    });

  await withClient((client) =>
    client.query({ text: 'select 1', query_timeout: queryTimeoutMs } as pg.QueryConfig),
  );

  // A batch per pooled connection at most; `set local` settings last until its commit.
  const insertSubmission = batchInserts(
    (rows) =>
      inTransaction(async (run) => {
        await run(INSERT_SETTINGS_SQL);
        const stored: boolean[] = [];
        for (const row of rows) {
          stored.push((await run(...rowInsert(row))).rowCount === 1);
        }
        return stored;
      }, INSERT_QUERY_TIMEOUT_MS),
    poolSize,
    maxQueued,
  );

  let closing: Promise<void> | undefined;
  return {
    kind: 'postgres',
    location: postgresLocation(connectionString),
    insertSubmission,
    query: (sql, params) =>
      withClient(
        async (client) =>
          (
            await client.query<Row>({
              text: sql,
              values: params,
              query_timeout: queryTimeoutMs,
            } as pg.QueryConfig)
          ).rows,
      ),
    transaction: (work, { long = false } = {}) =>
      inTransaction(
        (run) => {
          const session: SqlSession = {
            query: async (sql, params) => (await run(sql, params)).rows,
            exec: async (sql) => void (await run(sql)),
          };
          return work(session);
        },
        long ? undefined : queryTimeoutMs,
        long ? queryTimeoutMs : 0,
      ),
    listen: (channel, onNotify) => listenOn(connectionString, channel, onNotify),
    close: () => (closing ??= pool.end()),
  };
}

function openPool(connectionString: string, poolSize: number): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_INITIAL_DELAY_MS,
    application_name: 'contact-site',
  });
  // An idle connection that dies (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  return pool;
}

/** host:port/database for logs, never the password. */
export function postgresLocation(connectionString: string): string {
  const url = new URL(connectionString);
  return `PostgreSQL at ${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`;
}
