import type { Database } from './database.ts';

/**
 * The database's per-address submission rate limit
 * (supabase/migrations/20261123030000_rate_limit.sql): the rule that holds
 * across instances and on hosted Supabase. The in-process limiter
 * (server/plugins/submission-rate-limit.ts) is only a cheap first line.
 */

/** What the trigger raises over the limit; PostgREST answers PTxyz with HTTP status xyz. */
export const RATE_LIMITED_SQLSTATE = 'PT429';

/** A window is one minute, so a refused visitor never waits longer than that. */
const WINDOW_SECONDS = 60;

/**
 * Makes the database's limit RATE_LIMIT_PER_MINUTE, when a process is given one; every instance
 * given it should be given the same. A process started without it leaves the value alone.
 */
export async function setDatabaseRateLimit(db: Database, perMinute: number): Promise<void> {
  await db.query(
    'update app_private.submission_rate_limit set per_minute = $1 where per_minute <> $1',
    [perMinute],
  );
}

/** Retry-After from the trigger's hint ("Try again in N seconds."). */
export function retryAfterSeconds(hint: string | undefined): number {
  const seconds = Number(/(\d+) seconds?/.exec(hint ?? '')?.[1]);
  return seconds >= 1 && seconds <= WINDOW_SECONDS ? seconds : WINDOW_SECONDS;
}

/** The database's limit: what a server started without RATE_LIMIT_PER_MINUTE limits to in-process. */
export async function readDatabaseRateLimit(db: Database): Promise<number> {
  const [row] = await db.query('select per_minute from app_private.submission_rate_limit');
  return Number(row?.per_minute);
}

/**
 * The request.headers setting as PostgREST fills it, with the one header the
 * limit reads (supabase/migrations/20261123030000_rate_limit.sql): our server
 * sets it to the address it trusts (request.ip), per row or per call.
 */
export function requestHeaders(clientAddress: string): string {
  return JSON.stringify({ 'cf-connecting-ip': clientAddress });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a submission with this key is stored: its repeat is answered as
 * stored and counts against no limit (docs/email-delivery.md), in the
 * trigger and, through this, in the in-process limiter.
 */
export async function isStoredKey(db: Database, key: unknown): Promise<boolean> {
  if (typeof key !== 'string' || !UUID.test(key)) return false;
  const [row] = await db.query(
    'select exists (select 1 from public.contact_submissions where submission_key = $1::uuid) as stored',
    [key],
  );
  return row?.stored === true;
}
