import { isUnavailableSqlState } from './database.ts';

/**
 * How this server connects to PostgreSQL, for the pool (postgres-database.ts) and the listening
 * connection (postgres-listener.ts) alike, and which failures mean the database is not there.
 */

/** A visitor waits at most this long for a connection before getting a 503. */
export const CONNECT_TIMEOUT_MS = 5_000;
/** Idle pooled connections are probed, so a dead peer is noticed rather than written into. */
export const KEEPALIVE_INITIAL_DELAY_MS = 10_000;

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
