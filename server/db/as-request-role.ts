import type { Database, SqlSession } from './database.ts';

/** A read or a change must not hold a connection long; PostgREST's requests are bounded too. */
const STATEMENT_TIMEOUT_MS = 5_000;

/**
 * A request's work as PostgREST runs it: one transaction, switched to the
 * request's role (`anon` or `authenticated`) with the token's claims in
 * `request.jwt.claims`, so auth.jwt(), the grants and row-level security
 * judge it exactly as on hosted Supabase. Times in UTC, as PostgREST's are.
 */
export function asRequestRole<T>(
  database: Database,
  role: 'anon' | 'authenticated',
  claims: object,
  work: (session: SqlSession) => Promise<T>,
): Promise<T> {
  return database.transaction(async (session) => {
    await session.query(
      `select set_config('request.jwt.claims', $1, true), set_config('timezone', 'UTC', true),
              set_config('statement_timeout', $2, true)`,
      [JSON.stringify(claims), String(STATEMENT_TIMEOUT_MS)],
    );
    // The name comes from the two above, never from the request.
    await session.exec(`set local role ${role === 'authenticated' ? 'authenticated' : 'anon'}`);
    return work(session);
  });
}
