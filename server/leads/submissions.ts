import type { Database } from '../db/database.ts';

/** The columns an export holds, in order. */
export const EXPORT_COLUMNS = ['id', 'created_at', 'name', 'email', 'message', 'status'] as const;

export interface StoredSubmission {
  id: number;
  created_at: string;
  name: string;
  email: string;
  message: string;
  status: string;
}

/** Every submission, oldest first; as the owner, which row-level security lets through. */
export async function readSubmissions(db: Database): Promise<StoredSubmission[]> {
  const rows = await db.query(
    `select id, created_at, name, email, message, status
     from public.contact_submissions order by created_at, id`,
  );
  // The two drivers return bigint and timestamptz differently; export one form.
  return rows.map((row) => ({
    id: Number(row.id),
    created_at: new Date(row.created_at as string | Date).toISOString(),
    name: String(row.name),
    email: String(row.email),
    message: String(row.message),
    status: String(row.status),
  }));
}

/**
 * Removes everything a person sent, for a deletion request under UK GDPR.
 * Addresses are matched ignoring case: "Jane@X.com" and "jane@x.com" are one person.
 */
export async function deleteSubmissionsByEmail(db: Database, email: string): Promise<number> {
  const rows = await db.query(
    'delete from public.contact_submissions where lower(email) = lower($1) returning id',
    [email.trim()],
  );
  return rows.length;
}
