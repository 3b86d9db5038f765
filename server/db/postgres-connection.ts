import pg from 'pg';
import { withTimeout } from '../with-timeout.ts';
import { isUnavailableSqlState } from './database.ts';

/**
 * How this server connects to PostgreSQL, for the pool (postgres-database.ts) and the listening
 * connection (postgres-listener.ts) alike, and which failures mean the database is not there.
 */

/** A visitor waits at most this long for a connection before getting a 503. */
export const CONNECT_TIMEOUT_MS = 5_000;
/** Idle pooled connections are probed, so a dead peer is noticed rather than written into. */
export const KEEPALIVE_INITIAL_DELAY_MS = 10_000;
/**
 * How often unbounded work of a running server or worker (its migrations at start) has the
 * database asked, on a connection of its own, whether it still answers at all (dropIfSilent).
 */
export const LONG_WORK_PROBE_MS = 2_000;

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
  // node-postgres reports a lost or refused connection, and its own query timeout, by message only.
  return /Connection terminated|timeout exceeded when trying to connect|Cannot use a pool after calling end|Client has encountered a connection error|Query read timeout/i.test(
    error.message,
  );
}

/**
 * Drops a connection's socket at once, failing whatever waits on it with `reason`: a stalled
 * database never answers, so neither a query nor a goodbye sent down it would ever finish.
 */
export function dropConnection(client: pg.Client, reason?: Error): void {
  (
    client as unknown as { connection?: { stream?: { destroy(error?: Error): void } } }
  ).connection?.stream?.destroy(reason);
}

/**
 * While `client` runs work with no bound of its own (a migration may rightly take minutes), asks
 * every LONG_WORK_PROBE_MS whether the database still answers: one that has stopped altogether
 * (a stopped host, a network gone quiet) would otherwise hold the work, and a start, for ever.
 * The first probe left unanswered for `ms` drops the client's connection, which fails the work as
 * a lost connection does. Returns the stop.
 */
export function dropIfSilent(client: pg.Client, connectionString: string, ms: number): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const probeLater = () => (timer = setTimeout(() => void probe(), LONG_WORK_PROBE_MS).unref());
  const probe = async () => {
    const answers = await answersWithin(connectionString, ms);
    if (stopped) return;
    if (answers) return void probeLater();
    // ETIMEDOUT: what a peer that stops acknowledging is told, and what isUnavailable knows.
    const silence = Object.assign(new Error(`the database did not answer within ${ms} ms`), {
      code: 'ETIMEDOUT',
    });
    dropConnection(client, silence);
  };
  probeLater();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/**
 * Whether the database says anything within `ms`, on a connection of its own: any answer will
 * do, a refusal included (too many connections, a wrong password); only silence is false.
 */
async function answersWithin(connectionString: string, ms: number): Promise<boolean> {
  const client = new pg.Client({ connectionString, application_name: 'contact-site probe' });
  client.on('error', () => {});
  const answered = client
    .connect()
    .then(() => client.query('select 1'))
    .then(
      () => true,
      () => true,
    );
  const answers = await withTimeout(answered, ms).catch(() => false);
  if (answers) void client.end().catch(() => {});
  else dropConnection(client);
  return answers;
}
