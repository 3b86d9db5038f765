import type { ContactField } from '../../src/features/contact/validation.ts';
import { PostgrestError } from './postgrest-error.ts';

/**
 * Every refusal this API gives, worded as PostgREST or PostgreSQL word it for
 * the same request against hosted Supabase, so a client that handles one
 * handles both. Where PostgREST would accept what we refuse (bulk inserts,
 * non-string values), the code is PostgREST's nearest and the details say why.
 */

export const TABLE = 'contact_submissions';
const EXPOSED_SCHEMA = 'public';

export const refuse = {
  invalidJson: () => new PostgrestError(400, 'PGRST102', 'Empty or invalid json'),

  notOneObject: (got: string) =>
    new PostgrestError(
      400,
      'PGRST102',
      'Expected one JSON object per request',
      `The body was ${got}.`,
      'Send {"name": "…", "email": "…", "message": "…"}.',
    ),

  contentType: (type: string) =>
    new PostgrestError(
      415,
      'PGRST102',
      `Content-Type not acceptable: ${type}`,
      null,
      'Send the body as application/json.',
    ),

  bodyTooLarge: (limit: number) =>
    new PostgrestError(413, 'PGRST102', 'Request body too large', `The limit is ${limit} bytes.`),

  columnsParameter: (value: string) =>
    new PostgrestError(
      400,
      'PGRST100',
      `failed to parse columns parameter (${value})`,
      'Expected a comma-separated list of column names, e.g. "name","email","message".',
    ),

  invalidPreferences: (invalid: string[]) =>
    new PostgrestError(
      400,
      'PGRST122',
      'Invalid preferences given with handling=strict',
      `Invalid preferences: ${invalid.join(', ')}`,
    ),

  notAcceptable: (accept: string) =>
    new PostgrestError(406, 'PGRST107', `None of these media types are available: ${accept}`),

  schema: (name: string) =>
    new PostgrestError(
      406,
      'PGRST106',
      `Invalid schema: ${name}`,
      null,
      `Only the following schemas are exposed: ${EXPOSED_SCHEMA}`,
    ),

  columnNotFound: (column: string) =>
    new PostgrestError(
      400,
      'PGRST204',
      `Could not find the '${column}' column of '${TABLE}' in the schema cache`,
    ),

  tableNotFound: (name: string) =>
    new PostgrestError(
      404,
      'PGRST205',
      `Could not find the table '${EXPOSED_SCHEMA}.${name}' in the schema cache`,
      null,
      // Like PostgREST, suggest the table only for a near miss (a typo), not for any name.
      similarity(name, TABLE) >= 0.5
        ? `Perhaps you meant the table '${EXPOSED_SCHEMA}.${TABLE}'`
        : null,
    ),

  functionNotFound: (name: string) =>
    new PostgrestError(
      404,
      'PGRST202',
      `Could not find the function ${EXPOSED_SCHEMA}.${name} without parameters in the schema cache`,
      `Searched for the function ${EXPOSED_SCHEMA}.${name} without parameters, but no matches were found in the schema cache.`,
    ),

  invalidPath: () => new PostgrestError(404, 'PGRST125', 'Invalid path specified in request URL'),

  rootDisabled: () => new PostgrestError(404, 'PGRST126', 'Root endpoint metadata is disabled'),

  unsupportedMethod: (method: string) =>
    new PostgrestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`),

  /** What PostgreSQL says to anon for anything but inserting the three fields. */
  permissionDenied: () =>
    new PostgrestError(401, '42501', `permission denied for table ${TABLE}`, null, null, {
      'www-authenticate': 'Bearer',
    }),

  notNull: (column: ContactField) =>
    new PostgrestError(
      400,
      '23502',
      `null value in column "${column}" of relation "${TABLE}" violates not-null constraint`,
    ),

  notText: (column: ContactField, got: string) =>
    new PostgrestError(
      400,
      '22P02',
      `invalid input syntax for type text in column "${column}"`,
      `Expected a JSON string, got ${got}.`,
    ),

  nulCharacter: () =>
    new PostgrestError(
      400,
      '22P05',
      'unsupported Unicode escape sequence',
      '\\u0000 cannot be converted to text.',
    ),

  loneSurrogate: () =>
    new PostgrestError(
      400,
      '22P02',
      'invalid input syntax for type json',
      'Unicode low surrogate must follow a high surrogate.',
    ),

  /** The same words PostgreSQL uses when the column's CHECK constraint fails. */
  check: (column: ContactField) =>
    new PostgrestError(
      400,
      '23514',
      `new row for relation "${TABLE}" violates check constraint "${TABLE}_${column}_check"`,
    ),

  unavailable: () =>
    new PostgrestError(
      503,
      'PGRST000',
      'Database connection error. Retrying the connection.',
      null,
      null,
      { 'retry-after': '5' },
    ),

  /** Hosted Supabase's gateway answers 429 too; PostgREST has no code for it, so one of ours. */
  tooManyRequests: (perMinute: number, retryAfterSeconds: number) =>
    new PostgrestError(
      429,
      'PGRSTX29',
      'Too many submissions from this address',
      `The limit is ${perMinute} per minute.`,
      `Try again in ${retryAfterSeconds} seconds.`,
    ),

  /** A page on another site made the browser send this (server/plugins/same-site.ts). */
  crossSite: () =>
    new PostgrestError(
      403,
      'PGRSTX03',
      'Cross-site submissions are not accepted',
      'The request came from a page on another site.',
      'Submit from the site itself, or add its origin to CORS_ORIGINS.',
    ),

  /** A fault of ours, not the client's; logged in full, answered without internals. */
  unexpected: () =>
    new PostgrestError(400, 'PGRSTX00', 'The request could not be processed', null, null),
};

/** Dice coefficient of character pairs: 1 for equal strings, 0 for nothing in common. */
function similarity(a: string, b: string): number {
  const pairs = (text: string) => {
    const lower = text.toLowerCase();
    return Array.from({ length: Math.max(lower.length - 1, 0) }, (_, i) => lower.slice(i, i + 2));
  };
  const left = pairs(a);
  const right = pairs(b);
  if (left.length === 0 || right.length === 0) return 0;
  const remaining = [...right];
  let shared = 0;
  for (const pair of left) {
    const index = remaining.indexOf(pair);
    if (index >= 0) {
      shared++;
      remaining.splice(index, 1);
    }
  }
  return (2 * shared) / (left.length + right.length);
}
