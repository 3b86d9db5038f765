import type { Database, Row } from '../../../server/db/database.ts';

/** Runs one statement as the anon role, as PostgREST would for a visitor. */
export function asAnon(db: Database, sql: string, params?: unknown[]): Promise<Row[]> {
  return db.transaction(async (session) => {
    await session.exec('set local role anon');
    return session.query(sql, params);
  });
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
