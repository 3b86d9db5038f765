import type pg from 'pg';
import type { ContactSubmission } from '../../../shared/validation.ts';
import type { Database, Row } from '../../../server/db/database.ts';
import { proofFrom } from '../../support/proof.ts';

/** Runs one statement as the anon role, as PostgREST would for a visitor. */
export function asAnon(db: Database, sql: string, params?: unknown[]): Promise<Row[]> {
  return db.transaction(async (session) => {
    await session.exec('set local role anon');
    return session.query(sql, params);
  });
}

/**
 * A submission inserted as the page's insert reaches the database on hosted
 * Supabase: as anon, with a fresh proof of work, and no request headers.
 */
export async function insertAsAnon(db: Database, submission: ContactSubmission): Promise<Row[]> {
  return asAnon(
    db,
    'insert into public.contact_submissions (name, email, message, proof) values ($1, $2, $3, $4)',
    [submission.name, submission.email, submission.message, await proofFrom(db)],
  );
}

/** The SQLSTATE a statement fails with, or 'ok'. */
export async function outcome(run: Promise<unknown>): Promise<string> {
  try {
    await run;
    return 'ok';
  } catch (error) {
    return String((error as { code?: unknown }).code ?? error);
  }
}

/**
 * One request as PostgREST runs it for an anonymous visitor, on a plain
 * connection: a transaction as anon, with the request's headers, claims,
 * method and path published in the settings PostgREST sets.
 */
export async function asPostgrestRequest(
  client: pg.Client,
  headers: Record<string, string>,
  sql: string,
  params: unknown[] = [],
) {
  await client.query('begin');
  try {
    await client.query('set local role anon');
    await client.query(
      `select set_config('request.headers', $1, true),
              set_config('request.jwt.claims', '{"role":"anon"}', true),
              set_config('request.method', 'POST', true),
              set_config('request.path', '/contact_submissions', true)`,
      [JSON.stringify(headers)],
    );
    const result = await client.query(sql, params);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}
