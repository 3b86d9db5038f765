import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { ContactSubmission } from '../../src/features/contact/validation.ts';
import { lockDataDir } from './data-dir-lock.ts';
import {
  DatabaseUnavailableError,
  INSERT_SUBMISSION,
  type Database,
  type Row,
  type SqlSession,
} from './database.ts';

/** PGlite's files live in a subdirectory, beside the lock file that guards them. */
const PGDATA = 'pglite';

/**
 * The embedded database: PostgreSQL compiled to WebAssembly, in one directory,
 * one process at a time (data-dir-lock.ts). PGlite is a single connection, so
 * every call queues on its own mutex; a transaction holds it from BEGIN to COMMIT.
 */
export async function openEmbeddedDatabase(dataDir: string): Promise<Database> {
  mkdirSync(dataDir, { recursive: true });
  const lock = lockDataDir(dataDir);
  let pg: PGlite;
  try {
    pg = await PGlite.create(join(dataDir, PGDATA));
  } catch (error) {
    lock.release();
    throw error;
  }

  const guard = async <T>(work: () => Promise<T>): Promise<T> => {
    if (pg.closed) throw new DatabaseUnavailableError('the embedded database is closed');
    try {
      return await work();
    } catch (error) {
      throw pg.closed ? new DatabaseUnavailableError(error) : error;
    }
  };
  const session = (tx: Transaction): SqlSession => ({
    query: async (sql, params) => (await tx.query<Row>(sql, params)).rows,
    exec: async (sql) => void (await tx.exec(sql)),
  });

  let closing: Promise<void> | undefined;
  return {
    kind: 'embedded',
    location: `embedded database in ${dataDir}`,
    insertSubmission: (submission: ContactSubmission) =>
      guard(() =>
        pg.transaction(async (tx) => {
          await tx.exec('set local role anon');
          await tx.query(INSERT_SUBMISSION, [
            submission.name,
            submission.email,
            submission.message,
          ]);
        }),
      ),
    query: (sql, params) => guard(async () => (await pg.query<Row>(sql, params)).rows),
    transaction: (work) => guard(() => pg.transaction((tx) => work(session(tx)))),
    close: () =>
      (closing ??= (async () => {
        try {
          await pg.close();
        } finally {
          lock.release();
        }
      })()),
  };
}
