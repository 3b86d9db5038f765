import { PROOF_COLUMN } from '../db/contact-table.ts';

/**
 * The insert body's proof of work, as PostgREST would hand it to the text
 * column: a string as it is, any other JSON value as its text (the database
 * then calls it malformed), absent or null as null (the database calls it
 * missing). The database judges it (supabase/migrations/20261124020000_proof_of_work.sql).
 */
export function readProof(body: unknown, columns: string[] | undefined): string | null {
  const row = Array.isArray(body) && body.length === 1 ? body[0] : body;
  if (row === null || typeof row !== 'object' || Array.isArray(row)) return null;
  if (columns && !columns.includes(PROOF_COLUMN)) return null;
  const value = Object.hasOwn(row, PROOF_COLUMN)
    ? (row as Record<string, unknown>)[PROOF_COLUMN]
    : null;
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}
