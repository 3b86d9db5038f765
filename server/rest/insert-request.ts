import type { FastifyRequest } from 'fastify';
import { SUBMISSION_KEY } from '../db/contact-table.ts';
import { refuse } from './submission-errors.ts';

/**
 * The parts of PostgREST's request our clients send besides the body
 * (tests/server/contract.test.ts); anything else is not implemented here.
 */

/**
 * The page's exactly-once insert, `resolution=ignore-duplicates` with
 * `?on_conflict=submission_key` (docs/product.md#exactly-once), and
 * `return=minimal`, PostgREST's default for an insert, which changes nothing.
 */
const PREFERENCES = ['resolution=ignore-duplicates', 'return=minimal'];

/**
 * Prefer (over one header line or several) and ?on_conflict: the items
 * applied, and whether a repeated key is skipped, which is
 * `on conflict (submission_key) do nothing`, as anon may run it (its column
 * grant, 20261124010000_submission_key.sql).
 */
export function readPreferences(
  prefer: string | string[] | undefined,
  onConflict: unknown,
): { applied: string[]; ignoreDuplicates: boolean } {
  const items = [prefer ?? []]
    .flat()
    .flatMap((line) => line.split(','))
    .map((item) => item.trim())
    .filter(Boolean);
  if (items.some((item) => !PREFERENCES.includes(item))) {
    throw refuse.notImplemented(`A preference other than ${PREFERENCES.join(' and ')}`);
  }
  const ignoreDuplicates = items.includes('resolution=ignore-duplicates');
  if (ignoreDuplicates ? onConflict !== SUBMISSION_KEY : onConflict !== undefined) {
    throw refuse.notImplemented(
      `Resolving a conflict other than resolution=ignore-duplicates on ${SUBMISSION_KEY}`,
    );
  }
  return { applied: [...new Set(items)], ignoreDuplicates };
}

/**
 * supabase-js names the schema in Accept-Profile for a read (GET, HEAD) and in
 * Content-Profile for anything else, and PostgREST reads only that one header
 * (its getSchema); only `public` is exposed, as on Supabase.
 */
export function checkProfile(request: FastifyRequest): void {
  const read = request.method === 'GET' || request.method === 'HEAD';
  const profile = request.headers[read ? 'accept-profile' : 'content-profile'];
  if (profile !== undefined && profile !== 'public') throw refuse.schema(String(profile));
}

/** What fetch sends (any type) or a JSON client asks; PostgREST refuses a type it cannot give. */
const ACCEPTABLE = new Set(['*/*', 'application/*', 'application/json']);

export function checkAccept(accept: string | undefined): void {
  if (!accept?.trim()) return;
  const types = accept.split(',').map((item) => item.split(';')[0]!.trim().toLowerCase());
  if (!types.some((type) => ACCEPTABLE.has(type))) throw refuse.notAcceptable(accept);
}
