import { onTestFinished } from 'vitest';
import type { Database } from '../../../server/db/database.ts';

export interface SpiedStatement {
  sql: string;
  params?: unknown[];
}

/**
 * Every statement a running server sends its database in a transaction (a
 * request's reads run in one, as PostgREST's do), recorded as it reaches the
 * driver, and the transactions requests asked for (by asRequestRole, not the
 * server's background work): whether a read ran is then seen, not inferred.
 * Undone when the test finishes.
 */
export function spyOnSql(database: Database) {
  const original = database.transaction;
  const statements: string[] = [];
  const transactions: SpiedStatement[][] = [];
  const requests = { asked: 0, settled: 0 };
  database.transaction = (work) => {
    const fromRequest = new Error().stack?.includes('asRequestRole') ?? false;
    if (fromRequest) requests.asked += 1;
    const transaction: SpiedStatement[] = [];
    transactions.push(transaction);
    const done = original((session) =>
      work({
        query: (sql, params) => {
          statements.push(sql);
          transaction.push({ sql, params });
          return session.query(sql, params);
        },
        exec: (sql) => {
          statements.push(sql);
          transaction.push({ sql });
          return session.exec(sql);
        },
      }),
    );
    if (fromRequest) void done.finally(() => (requests.settled += 1)).catch(() => {});
    return done;
  };
  onTestFinished(() => void (database.transaction = original));
  return {
    statements,
    /** Each transaction's statements, with their parameters, in order: to run one again. */
    transactions,
    /** Transactions requests asked for so far, and how many of them have ended. */
    requests: () => ({ ...requests }),
    /** Statements that read the views of the list, inbox_leads and inbox_list. */
    reads: () => statements.filter((sql) => /public\.inbox_(leads|list)\b/.test(sql)),
  };
}

/**
 * Holds every connection the server has, so what it asks next waits for its
 * turn: PGlite's one (the embedded database runs one transaction at a time),
 * or each of the PostgreSQL pool's. Resolves once all are held.
 */
export async function holdDatabase(database: Database, connections: number) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held: Promise<void>[] = [];
  const holding = Array.from(
    { length: connections },
    () =>
      new Promise<void>((started) => {
        held.push(database.transaction(() => (started(), released)));
      }),
  );
  await Promise.all(holding);
  return {
    release: async () => {
      release();
      await Promise.all(held);
    },
  };
}
