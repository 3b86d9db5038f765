import type { Database } from '../db/database.ts';

/**
 * The inbox's allowlist (app_private.inbox_members), as the owner: INBOX_EMAILS
 * at start and `npm run submissions -- members …` on any backend. Removing a
 * member deletes their sessions and refresh tokens with them (on delete
 * cascade); their access token then reads nothing (row-level security) and
 * /auth/v1/user refuses it.
 */

export interface Member {
  email: string;
  added_at: string;
}

/** Stored in lower case, as Supabase Auth stores addresses. */
export const memberAddress = (email: string) => email.trim().toLowerCase();

/** Adds those not there yet; returns the addresses added. */
export async function addMembers(database: Database, emails: readonly string[]): Promise<string[]> {
  const added: string[] = [];
  for (const email of emails) {
    const rows = await database.query(
      `insert into app_private.inbox_members (email) values ($1)
       on conflict (email) do nothing returning email`,
      [memberAddress(email)],
    );
    if (rows.length > 0) added.push(memberAddress(email));
  }
  return added;
}

/** Removes a member and ends their sessions at once; false if they were not one. */
export async function removeMember(database: Database, email: string): Promise<boolean> {
  const rows = await database.query(
    'delete from app_private.inbox_members where email = $1 returning email',
    [memberAddress(email)],
  );
  return rows.length > 0;
}

export async function listMembers(database: Database): Promise<Member[]> {
  const rows = await database.query(
    'select email, added_at from app_private.inbox_members order by email',
  );
  return rows.map((row) => ({
    email: String(row.email),
    added_at: new Date(row.added_at as string).toISOString(),
  }));
}
