import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { lockDataDir } from './data-dir-lock.ts';
import { assertDurable, durablePgliteOptions } from './durable-node-fs.ts';
import { plantSeed } from './embedded-seed.ts';
import { DatabaseUnavailableError, type Database, type Row, type SqlSession } from './database.ts';
import { batchInserts, rowInsert } from './insert-batcher.ts';
import { keepSayingListening, sayListening } from './listener-heartbeat.ts';

/**
 * A boolean parameter given as text goes to the database as text, for it to
 * judge, as node-postgres sends it to PostgreSQL. PGlite's own serializer
 * throws a plain Error for text it does not know ("maybe", or PostgreSQL's
 * "tr"), which has no SQLSTATE and was answered 500; PostgreSQL's answer is
 * 22P02, a 400 (`?suspected_spam=eq.maybe`, tests/server/inbox-bad-reads.test.ts).
 */
const BOOLEAN_AS_TEXT = {
  [types.BOOL]: (value: unknown) =>
    typeof value === 'string' ? value : types.serializers[types.BOOL]!(value),
};

/**
 * PostgreSQL's page cache, inside PGlite's WebAssembly memory, which never shrinks. initdb picks
 * 128MB, which grows that memory past PGlite's initial 128MB; a small agency's leads are a few
 * megabytes, so 16MB holds them all and the server holds about 30MB less (npm run bench:memory).
 */
const SHARED_BUFFERS = '16MB';

/** PGlite's files live in this subdirectory of DATA_DIR, beside the lock file that guards them. */
export const PGDATA = 'pglite';

/**
 * The embedded database: PostgreSQL compiled to WebAssembly, in one directory,
 * one process at a time (data-dir-lock.ts). PGlite is a single connection, so
 * every call queues on its own mutex; a transaction holds it from BEGIN to COMMIT.
 */
export async function openEmbeddedDatabase(dataDir: string): Promise<Database> {
  mkdirSync(dataDir, { recursive: true });
  const lock = await lockDataDir(dataDir);
  let pg: PGlite;
  try {
    const pgdata = join(dataDir, PGDATA);
    plantSeed(pgdata);
    const options = durablePgliteOptions(pgdata);
    // pgcrypto: the proof of work's HMAC (supabase/migrations/20261124020000_proof_of_work.sql).
    pg = await PGlite.create({
      ...options,
      startParams: [...options.startParams, '-c', `shared_buffers=${SHARED_BUFFERS}`],
      extensions: { pgcrypto },
      serializers: BOOLEAN_AS_TEXT,
    });
    try {
      assertDurable(options.fs);
    } catch (error) {
      await pg.close();
      throw error;
    }
  } catch (error) {
    await lock.release();
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

  // One connection, so one batch at a time.
  // No lock or statement timeout here: nothing else can hold this database's locks.
  const insertSubmission = batchInserts(
    (rows) =>
      guard(() =>
        pg.transaction(async (tx) => {
          await tx.exec('set local role anon');
          const stored: boolean[] = [];
          for (const row of rows) {
            stored.push((await tx.query(...rowInsert(row))).affectedRows === 1);
          }
          return stored;
        }),
      ),
    1,
  );

  let closing: Promise<void> | undefined;
  return {
    kind: 'embedded',
    location: embeddedLocation(dataDir),
    insertSubmission,
    query: (sql, params) => guard(async () => (await pg.query<Row>(sql, params)).rows),
    transaction: (work) => guard(() => pg.transaction((tx) => work(session(tx)))),
    // One connection: a NOTIFY from any statement in this process reaches it.
    listen: async (channel, onNotify) => {
      const query = (sql: string, params: unknown[]) => pg.query(sql, params);
      await guard(() => sayListening(channel, query));
      const stop = await guard(() => pg.listen(channel, (payload) => onNotify(payload)));
      const stopSaying = keepSayingListening(channel, query);
      return async () => {
        stopSaying();
        if (!pg.closed) await stop();
      };
    },
    close: () =>
      (closing ??= (async () => {
        try {
          await pg.close();
        } finally {
          await lock.release();
        }
      })()),
  };
}

/** Where the data lives, for logs. */
export function embeddedLocation(dataDir: string): string {
  return `embedded database in ${dataDir}`;
}
