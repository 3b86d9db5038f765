import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { openDatabase } from '../../server/db/open-database.ts';
import { describeEachBackend, freshBackend, type Backend } from './support/backends.ts';

/**
 * The blast look-up's keys (supabase/schemas/55_spam_score.sql): a lead reads
 * only the leads that share a key with it, so every lead it may repeat must
 * share one. A repeat is ten of sixteen signature values in common; a key is
 * three values of a part (4, 4, 4, 3 and 1 values), and two in each is not enough.
 */

const SIGNATURE = Array.from({ length: 16 }, (_, i) => 1000 + i);

/** The signature with these positions (0-based) changed. */
const changed = (positions: number[]) =>
  SIGNATURE.map((value, i) => (positions.includes(i) ? value + 500_000 : value));

describeEachBackend('the blast look-up’s keys', (kind) => {
  let db: Database;
  let backend: Backend;
  beforeAll(async () => {
    backend = await freshBackend(kind);
    db = await openDatabase(backend.options);
  });
  afterAll(async () => {
    await db.close();
    await backend.dispose();
  });

  const shareAKey = async (theirs: number[]) => {
    const [row] = await db.query(
      `select app_private.spam_blast_keys($1::integer[]) && app_private.spam_blast_keys($2::integer[])
         as shared`,
      [SIGNATURE, theirs],
    );
    return row!.shared;
  };

  it('make a near repeat a candidate wherever its six differences fall', async () => {
    // Every way of choosing the six differing positions of sixteen: 8,008 pairs of signatures.
    const [row] = await db.query(
      `with recursive picks(positions) as (
         select array[p] from generate_series(1, 16) as p
         union all
         select positions || p from picks, generate_series(1, 16) as p
         where p > positions[cardinality(positions)] and cardinality(positions) < 6
       )
       select count(*)::integer as placements,
              count(*) filter (where not app_private.spam_blast_keys($1::integer[])
                && app_private.spam_blast_keys(array(
                     select case when i = any (positions) then v + 500000 else v end
                     from unnest($1::integer[]) with ordinality as u(v, i) order by i)))
                ::integer as missed
       from picks where cardinality(positions) = 6`,
      [SIGNATURE],
    );
    expect(row).toEqual({ placements: 8008, missed: 0 });
  });

  it('do not make a lead alike in two values of each part a candidate', async () => {
    // Nine in common (two of each part of 4 and of 3, and the last): never a repeat.
    expect(await shareAKey(changed([2, 3, 6, 7, 10, 11, 14]))).toBe(false);
    // One more in common in the first part: ten, and a key shared.
    expect(await shareAKey(changed([3, 6, 7, 10, 11, 14]))).toBe(true);
  });
});
