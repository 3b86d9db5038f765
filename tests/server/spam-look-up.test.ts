import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { openDatabase } from '../../server/db/open-database.ts';
import { describeEachBackend, freshBackend, type Backend } from './support/backends.ts';

/**
 * The blast's look-up (supabase/schemas/55_spam_score.sql) must read only the
 * leads that share a key with the new one, however many leads are stored:
 * every visitor's insert waits on it. Real enquiries' keys are nearly all
 * unique: with no statistics (the embedded database never analyses) or with
 * ANALYZE's (autovacuum's, on PostgreSQL), the planner guessed that the
 * look-up's LIMIT was met soonest by reading the table from the start.
 */

/** Enough leads for the planner to weigh a sequential scan against the index. */
const STORED = 5_000;

describeEachBackend('the blast’s look-up', (kind) => {
  let db: Database;
  let backend: Backend;
  beforeAll(async () => {
    backend = await freshBackend(kind);
    db = await openDatabase(backend.options);
    // Sixteen words of letters each (the signature reads no digits), no two
    // leads alike in any three: keys as unique as real enquiries' are.
    await db.query(
      `insert into public.contact_submissions (name, email, message)
       select 'Client ' || i, 'client' || i || '@example.co.uk',
              regexp_replace(translate(md5(i::text) || md5((-i)::text), '0123456789', 'ghijklmnop'),
                '(.{4})', '\\1 ', 'g')
       from generate_series(1, $1::integer) as i`,
      [STORED],
    );
  }, 120_000);
  afterAll(async () => {
    await db.close();
    await backend.dispose();
  });

  /** The rows of the table that storing one more lead read. */
  const rowsReadByAnInsert = (email: string) =>
    db.transaction(async (session) => {
      await session.query(
        `insert into public.contact_submissions (name, email, message) values ($1, $2, $3)`,
        [
          'Nadia Patel',
          email,
          'Hello, could you quote for a booking page and a chatbot for our dental clinic?',
        ],
      );
      const [row] = await session.query(
        `select seq_tup_read::integer as rows from pg_stat_xact_user_tables
         where relid = 'public.contact_submissions'::regclass`,
      );
      return row!.rows;
    });

  it('reads only the leads that share a key, before and after the table is analysed', async () => {
    expect(await rowsReadByAnInsert('nadia@example.co.uk')).toBeLessThan(STORED / 10);
    await db.query('analyze public.contact_submissions');
    expect(await rowsReadByAnInsert('nadia.patel@example.co.uk')).toBeLessThan(STORED / 10);
  });
});
