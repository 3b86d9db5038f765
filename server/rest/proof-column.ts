import { PROOF_COLUMN } from '../db/contact-table.ts';
import { jsonText } from './request-body.ts';

/**
 * The insert's proof of work, as PostgREST would hand it to the text column:
 * a string as it is, any other JSON value as its text (the database then
 * calls it malformed), absent or null as null (the database calls it
 * missing). The database judges it (supabase/migrations/20261124020000_proof_of_work.sql).
 */
export function readProof(row: Record<string, unknown>): string | null {
  const value = Object.hasOwn(row, PROOF_COLUMN) ? row[PROOF_COLUMN] : null;
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : jsonText(value);
}
