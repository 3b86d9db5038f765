import type { SubmissionRow } from '../../src/features/contact/validation.ts';

export type Row = Record<string, unknown>;

/** What migrations need: statements run on one connection inside one transaction. */
export interface SqlSession {
  query(sql: string, params?: unknown[]): Promise<Row[]>;
  /** Several statements, no parameters (a migration file). */
  exec(sql: string): Promise<void>;
}

/**
 * The two backends, embedded (PGlite) and PostgreSQL, behind one shape. Only
 * insertSubmission serves visitors, and it runs as role anon so the table's
 * grants, row-level security and CHECK constraints judge every row; the rest
 * runs as the owner, for migrations, the admin CLI and tests.
 */
export interface Database {
  readonly kind: 'embedded' | 'postgres';
  /** Where the data lives, for logs; never includes a password. */
  readonly location: string;
  insertSubmission(submission: SubmissionRow): Promise<void>;
  /** As the owner: bypasses row-level security. */
  query(sql: string, params?: unknown[]): Promise<Row[]>;
  transaction<T>(work: (session: SqlSession) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The database cannot be reached or has been closed: the only cause of a 5xx answer. */
export class DatabaseUnavailableError extends Error {
  constructor(readonly reason: unknown) {
    super(`The database is unavailable: ${reason instanceof Error ? reason.message : reason}`);
    this.name = 'DatabaseUnavailableError';
  }
}
