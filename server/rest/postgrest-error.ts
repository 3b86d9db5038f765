import { isUnavailableSqlState } from '../db/database.ts';

/**
 * An error answered in PostgREST's shape, so @supabase/postgrest-js reads it
 * the same from this server as from hosted Supabase:
 * `{ code, details, hint, message }` with PostgREST's status code.
 */
export class PostgrestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'PostgrestError';
  }

  toJSON() {
    // PostgREST's key order (aeson sorts keys), for byte-for-byte familiar bodies.
    return { code: this.code, details: this.details, hint: this.hint, message: this.message };
  }
}

/** The response schema every error answer is serialised with. */
export const postgrestErrorSchema = {
  type: 'object',
  required: ['code', 'details', 'hint', 'message'],
  properties: {
    code: { type: 'string' },
    details: { type: ['string', 'null'] },
    hint: { type: ['string', 'null'] },
    message: { type: 'string' },
  },
} as const;

/**
 * PostgREST's HTTP status for a PostgreSQL SQLSTATE (its mapSQLtoHTTP), for the
 * codes an insert can raise. Requests here are never authenticated, so 42501
 * is 401. An unreachable database is 503. A refusal of what the client sent
 * (data exceptions, broken rules) is 4xx; anything else is our SQL or our
 * database at fault, and a 500.
 */
export function statusForSqlState(code: string): number {
  if (isUnavailableSqlState(code)) return 503;
  // PostgREST's convention for raising an HTTP status from SQL: PTxyz is status xyz.
  if (/^PT[1-5]\d\d$/.test(code)) return Number(code.slice(2));
  if (code === '23503' || code === '23505') return 409;
  if (code === '25006') return 405;
  if (code === '42501') return 401;
  if (code === '42P01' || code === '42883') return 404;
  if (/^(0L|0P|28)/.test(code)) return 403;
  if (/^(22|23)/.test(code)) return 400;
  return 500;
}
