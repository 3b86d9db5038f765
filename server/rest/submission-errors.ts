import type { ContactField } from '../../shared/validation.ts';
import { SPAM_FLAG, TABLE } from '../db/contact-table.ts';
import { RATE_LIMITED_SQLSTATE } from '../db/rate-limit.ts';
import { PostgrestError } from './postgrest-error.ts';

/**
 * Every refusal this API gives itself, with the status and code PostgREST or
 * PostgreSQL give for the same request against hosted Supabase, so a client
 * that handles one handles both. What PostgREST would do and no client of
 * ours asks for (a bulk insert, a read, another preference) is PostgREST's
 * PGRST127, not implemented; a value PostgREST would cast and we refuse (a
 * number as text) gets its nearest code, with details saying why. Refusals of
 * the row itself are the database's own (to-postgrest-error.ts).
 */

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

  /** A URL that cannot be decoded (server/app.ts). */
  invalidPath: () => new PostgrestError(400, 'PGRST125', 'Invalid path specified in request URL'),

  /**
   * PostgREST's own answer for what it does not implement (400, as PostgREST
   * gives it), for every request no client of ours sends.
   */
  notImplemented: (what: string) =>
    new PostgrestError(
      400,
      'PGRST127',
      'Feature not implemented',
      `${what} is not implemented here: this API serves one JSON object inserted into ${TABLE}, and POST rpc/contact_challenge.`,
    ),

  /** What PostgreSQL says to anon for anything but inserting the three fields. */
  permissionDenied: () =>
    new PostgrestError(401, '42501', `permission denied for table ${TABLE}`, null, null, {
      'www-authenticate': 'Bearer',
    }),

  notNull: (column: ContactField | typeof SPAM_FLAG) =>
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

  unavailable: () =>
    new PostgrestError(
      503,
      'PGRST000',
      'Database connection error. Retrying the connection.',
      null,
      null,
      { 'retry-after': '5' },
    ),

  /** The in-process limiter's refusal, word for word the database trigger's (PT429). */
  tooManyRequests: (perMinute: number, retryAfterSeconds: number) =>
    new PostgrestError(
      429,
      // The database's code for the same refusal (server/db/rate-limit.ts): one refusal, one shape.
      RATE_LIMITED_SQLSTATE,
      'Too many submissions from this address',
      `The limit is ${perMinute} per minute.`,
      `Try again in ${retryAfterSeconds} seconds.`,
    ),

  /** A page on another site made the browser send this (server/rest/same-site.ts). */
  crossSite: () =>
    new PostgrestError(
      403,
      'PGRSTX03',
      'Cross-site submissions are not accepted',
      'The request came from a page on another site.',
      'Submit from the site itself, or add its origin to CORS_ORIGINS.',
    ),

  /**
   * A fault of ours, not the client's: a 500, so monitoring sees it, with the
   * reference under which the full error was logged.
   */
  unexpected: (reference: string) =>
    new PostgrestError(
      500,
      'PGRSTX00',
      'Internal server error',
      `Reference: ${reference}`,
      'The fault is ours; quote the reference if you report it.',
      { 'error-reference': reference },
    ),
};
