import { DatabaseUnavailableError, type Database } from './database.ts';

export interface WatchedDatabase {
  /** The same database: every call goes through unchanged. */
  database: Database;
  /** Resolves with the first DatabaseUnavailableError one of its calls met; never rejects. */
  lost: Promise<DatabaseUnavailableError>;
}

/**
 * Notices the first time the database is found unavailable (down, stopped
 * answering, the connection lost), whichever call finds it: a background
 * round only logs that and tries again after its back-off, for as long as
 * the process runs. `npm run worker -- --once` ends on it instead
 * (server/worker.ts).
 */
export function watchForOutage(database: Database): WatchedDatabase {
  let report: (error: DatabaseUnavailableError) => void = () => {};
  const lost = new Promise<DatabaseUnavailableError>((resolve) => (report = resolve));
  const watched = <T>(work: Promise<T>): Promise<T> =>
    work.catch((error: unknown) => {
      if (error instanceof DatabaseUnavailableError) report(error);
      throw error;
    });
  const { listen } = database;
  return {
    lost,
    database: {
      kind: database.kind,
      location: database.location,
      insertSubmission: (row, context) => watched(database.insertSubmission(row, context)),
      query: (sql, params) => watched(database.query(sql, params)),
      transaction: (work, options) => watched(database.transaction(work, options)),
      ...(listen && { listen: (channel, onNotify) => listen.call(database, channel, onNotify) }),
      close: () => database.close(),
    },
  };
}
