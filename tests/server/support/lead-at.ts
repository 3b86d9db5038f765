import type { Database } from '../../../server/db/database.ts';

/** A lead stored as if it arrived at `createdAt` (held as suspected spam when `spam`): its id. */
export async function insertLeadAt(
  db: Database,
  name: string,
  createdAt: string,
  spam = false,
): Promise<string> {
  const [row] = await db.query(
    `insert into contact_submissions (name, email, message, created_at, suspected_spam)
     values ($1, 'visitor@example.com', 'Our booking form is broken', $2, $3) returning id::text`,
    [name, createdAt, spam],
  );
  return String(row!.id);
}
