import pg from 'pg';
import {
  DatabaseUnavailableError,
  isUnavailableSqlState,
  type Database,
  type Row,
  type SqlSession,
} from './database.ts';
import { batchInserts, MAX_QUEUED, rowInsert } from './insert-batcher.ts';
import { withTimeout } from '../with-timeout.ts';

/** Enough to keep one PostgreSQL busy from one Node process; several instances share max_connections (100). */
export const DEFAULT_POOL_SIZE = 10;
/** A visitor waits at most this long for a connection before getting a 503. */
const CONNECT_TIMEOUT_MS = 5_000;
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
const INSERT_QUERY_TIMEOUT_MS = INSERT_STATEMENT_TIMEOUT_MS + 1_000;
/** Idle pooled connections are probed, so a dead peer is noticed rather than written into. */
const KEEPALIVE_INITIAL_DELAY_MS = 10_000;

/** Settings of the insert transaction; `set local` ends with it. */
const INSERT_SETTINGS_SQL = [
  `set local lock_timeout = ${INSERT_LOCK_TIMEOUT_MS}`,
  `set local statement_timeout = ${INSERT_STATEMENT_TIMEOUT_MS}`,
  'set local role anon',
].join('; ');

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

function isUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (isUnavailableSqlState(code) || UNAVAILABLE_ERRNO.has(code))) {
    return true;
  }
  // node-postgres reports a lost or refused connection, and its own query timeout, by message only.
  return /Connection terminated|timeout exceeded when trying to connect|Cannot use a pool after calling end|Client has encountered a connection error|Query read timeout/i.test(
    error.message,
  );
}

export async function openPostgresDatabase(
  connectionString: string,
  { poolSize = DEFAULT_POOL_SIZE, maxQueued = MAX_QUEUED } = {},
): Promise<Database> {
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

  /** `work`'s queries, and BEGIN and COMMIT, each bounded by queryTimeout when one is given. */
  const inTransaction = <T>(work: (run: Run) => Promise<T>, queryTimeout?: number) =>
    withClient(async (client) => {
      const run: Run = (text, values) =>
        client.query<Row>({ text, values, query_timeout: queryTimeout } as pg.QueryConfig);
      await run('begin');
      try {
        const result = await work(run);
        await run('commit');
        return result;
      } catch (error) {
        // A lost or stalled connection is dropped (withClient), which rolls
        // back on the server; a ROLLBACK sent down it would wait behind it.
        if (!isUnavailable(error)) await run('rollback').catch(() => {});
        throw error;
      }
    });

  await withClient((client) => client.query('select 1'));

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
    location: describe(connectionString),
    insertSubmission,
    query: (sql, params) => withClient(async (client) => (await client.query(sql, params)).rows),
    transaction: (work) =>
      inTransaction((run) => {
        const session: SqlSession = {
          query: async (sql, params) => (await run(sql, params)).rows,
          exec: async (sql) => void (await run(sql)),
        };
        return work(session);
      }),
    listen: (channel, onNotify) => listenOn(connectionString, channel, onNotify),
    close: () => (closing ??= pool.end()),
  };
}

/** A lost listening connection is opened again after this long; the caller's poll covers the gap. */
const RELISTEN_MS = 5_000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to others):
 * reopened after a loss, for as long as the listener is wanted.
 */
async function listenOn(
  connectionString: string,
  channel: string,
  onNotify: (payload?: string) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const reopen = () => {
    if (stopped || retry) return;
    void client?.end().catch(() => {});
    retry = setTimeout(() => {
      retry = undefined;
      void open();
    }, RELISTEN_MS);
    retry.unref();
  };
  const open = async () => {
    const next = new pg.Client({
      connectionString,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
      keepAliveInitialDelayMillis: KEEPALIVE_INITIAL_DELAY_MS,
      application_name: 'contact-site listener',
    });
    client = next;
    next.on('error', reopen);
    next.on('end', reopen);
    next.on('notification', (message) => onNotify(message.payload));
    try {
      await next.connect();
      await next.query(`listen "${channel.replaceAll('"', '""')}"`);
    } catch {
      reopen();
      return;
    }
    // Whatever was stored while this connection was away is due now.
    onNotify();
  };
  await open();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    if (client) await endWithin(client, LISTEN_END_MS);
  };
}

/** How long a listening connection's goodbye may take before its socket is dropped. */
const LISTEN_END_MS = 2_000;

/**
 * Ends a connection, or drops its socket when the server does not answer in time: a stalled
 * database never answers, and a close that waited for it would never finish.
 */
async function endWithin(client: pg.Client, ms: number): Promise<void> {
  await withTimeout(client.end(), ms).catch(() => {
    (
      client as unknown as { connection?: { stream?: { destroy(): void } } }
    ).connection?.stream?.destroy();
  });
}

/** host:port/database for logs, never the password. */
function describe(connectionString: string): string {
  const url = new URL(connectionString);
  return `PostgreSQL at ${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`;
}
