import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { openDatabase } from '../../server/db/open-database.ts';
import { describeEachBackend, freshBackend, type Backend } from './support/backends.ts';

/**
 * The blast look-up's keys (supabase/schemas/55_spam_score.sql): a lead reads
 * only the leads that share a key with it, so every lead it may repeat must
 * share one. A repeat is ten of sixteen signature values in common; the keys
 * are pairs of bands of two values, and one band in common is not enough.
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

  it('make a near repeat a candidate however its differences fall, and not a lead alike in one band', async () => {
    // Ten in common, the six differences in six bands: two bands are left whole.
    expect(await shareAKey(changed([0, 2, 4, 6, 8, 10]))).toBe(true);
    // One band whole, every other broken: at most nine values in common, never a repeat.
    expect(await shareAKey(changed([2, 4, 6, 8, 10, 12, 14]))).toBe(false);
  });
});
