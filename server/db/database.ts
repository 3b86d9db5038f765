import type { SubmissionRow } from '../../shared/validation.ts';

export type Row = Record<string, unknown>;

/** What the database needs to know about the visitor behind an insert. */
export interface InsertContext {
  /** The address this server trusts (Fastify's request.ip); the database's rate limit counts it. */
  clientAddress: string;
  /** The ALTCHA payload the visitor sent; the database checks it (…_proof_of_work.sql). */
  proof?: string | null;
  /**
   * Sent by the form without JavaScript, which cannot make a proof: stored
   * unverified, and a keyless row takes the key of the same words stored in
   * the last 10 minutes (20261124010000_submission_key.sql), so it is then
   * skipped as a repeat.
   */
  nativeForm?: boolean;
  /** `on conflict (submission_key) do nothing`: a repeated key is the same submission, skipped. */
  ignoreDuplicates?: boolean;
}

/** What migrations need: statements run on one connection inside one transaction. */
export interface SqlSession {
  query(sql: string, params?: unknown[]): Promise<Row[]>;
  /** Several statements, no parameters (a migration file). */
  exec(sql: string): Promise<void>;
}

/**
 * The two backends, embedded (PGlite) and PostgreSQL, behind one shape.
 * insertSubmission serves visitors' inserts, as role anon, so the table's
 * grants, row-level security, CHECK constraints and triggers judge every row.
 * The rest runs as the owner: migrations, the challenge a visitor's proof of
 * work starts from (server/db/proof-of-work-settings.ts), the lead delivery, the admin
 * CLI and tests.
 */
export interface Database {
  readonly kind: 'embedded' | 'postgres';
  /** Where the data lives, for logs; never includes a password. */
  readonly location: string;
  /**
   * As anon, with the request's headers set as PostgREST sets them: the
   * triggers trim the text, assign a key, check the proof and, when
   * configured, count the address against the rate limit (supabase/migrations/).
   * Resolves false when the row was skipped as a repeat (its key, or its
   * words, already stored), true when it was stored.
   */
  insertSubmission(submission: SubmissionRow, context: InsertContext): Promise<boolean>;
  /** As the owner: bypasses row-level security. */
  query(sql: string, params?: unknown[]): Promise<Row[]>;
  /**
   * `long`: work of a running server that may rightly take long (a migration,
   * the list written at start), which its bound on each statement
   * (postgres-database.ts, SERVING_QUERY_TIMEOUT_MS) must not cut short.
   */
  transaction<T>(
    work: (session: SqlSession) => Promise<T>,
    options?: { long?: boolean },
  ): Promise<T>;
  /**
   * Calls `onNotify` with its payload on each NOTIFY on `channel` (a
   * trigger's pg_notify, from any connection), until the returned stop is
   * called; with no payload when a lost listening connection is back. A
   * wake-up only: a listener that loses its connection misses some, so
   * callers also poll. Absent on test doubles.
   */
  listen?(channel: string, onNotify: (payload?: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/**
 * The database cannot be reached, has been closed, is locked or too slow, or
 * the insert queue is full: the only cause of a 5xx answer (503, Retry-After).
 */
export class DatabaseUnavailableError extends Error {
  constructor(readonly reason: unknown) {
    super(`The database is unavailable: ${reason instanceof Error ? reason.message : reason}`);
    this.name = 'DatabaseUnavailableError';
  }
}

/**
 * SQLSTATE classes that mean "no database to talk to", not "bad request":
 * connection exceptions (08), insufficient resources (53), the server shutting
 * down or cancelling (57P0x), system errors (58), and the insert's own
 * statement (57014) and lock (55P03) timeouts: a database too slow or too
 * locked to answer in time.
 */
const UNAVAILABLE_SQLSTATE = /^(08|53|57P0|58|57014$|55P03$)/;

export function isUnavailableSqlState(code: string): boolean {
  return UNAVAILABLE_SQLSTATE.test(code);
}
