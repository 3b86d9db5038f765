import { SUBMISSION_KEY, TABLE_COLUMNS } from '../db/contact-table.ts';
import type { Preferences } from './prefer-header.ts';
import { refuse } from './submission-errors.ts';

/**
 * `Prefer: resolution=…` with `?on_conflict=…`, as PostgREST runs it for anon
 * (docs/product.md#exactly-once): `ignore-duplicates` on `submission_key` is
 * `on conflict (submission_key) do nothing`, which anon may run (its column
 * grant, 20261124010000_submission_key.sql). Any other arbiter needs SELECT on
 * a column anon cannot read, and `merge-duplicates` needs UPDATE: PostgreSQL
 * refuses both (42501). Without a resolution PostgREST ignores on_conflict.
 *
 * Returns whether a repeated key is to be skipped.
 */
export function ignoresDuplicates(preferences: Preferences, onConflict: unknown): boolean {
  if (preferences.resolution === undefined) return false;
  // PostgREST's default arbiter is the primary key.
  const arbiter =
    typeof onConflict === 'string' ? onConflict.split(',').map((c) => c.trim()) : ['id'];
  const unknown = arbiter.find((column) => !TABLE_COLUMNS.includes(column));
  if (unknown !== undefined) throw refuse.columnNotFound(unknown);
  const onKey = arbiter.length === 1 && arbiter[0] === SUBMISSION_KEY;
  if (preferences.resolution !== 'ignore-duplicates' || !onKey) throw refuse.permissionDenied();
  return true;
}
