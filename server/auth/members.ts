import type { Database } from '../db/database.ts';

/**
 * The inbox's allowlist (app_private.inbox_members), as the owner: INBOX_EMAILS
 * at start and `npm run submissions -- members …` on any backend (through the
 * running server's socket on the embedded database: members-socket.ts).
 * Removing a member deletes their sessions and refresh tokens with them (on
 * delete cascade) and records the removal (app_private.inbox_removed_members),
 * so INBOX_EMAILS never brings them back; only the operator's add does
 * (supabase/migrations/20261126010000_members_removed.sql).
 */

export interface Member {
  email: string;
  added_at: string;
}

/** Who removed a member, when it was not a member: `npm run submissions -- members remove`. */
export const OPERATOR = 'operator';

/** Stored in lower case, as Supabase Auth stores addresses. */
export const memberAddress = (email: string) => email.trim().toLowerCase();

/** The operator's add: takes back any removal, then adds those not there yet; returns the addresses added. */
export async function addMembers(database: Database, emails: readonly string[]): Promise<string[]> {
  const added: string[] = [];
  for (const email of emails) {
    const [row] = await database.query('select app_private.inbox_add_member($1) as added', [
      memberAddress(email),
    ]);
    if (row?.added === true) added.push(memberAddress(email));
  }
  return added;
}

/**
 * Removes a member, ends their sessions at once and records by whom, so no
 * restart brings them back; false if they were not one (the removal is
 * recorded all the same: INBOX_EMAILS will not add them).
 */
export async function removeMember(
  database: Database,
  email: string,
  removedBy: string = OPERATOR,
): Promise<boolean> {
  const [row] = await database.query(
    'select app_private.inbox_remove_member($1, $2) as was_member',
    [memberAddress(email), removedBy],
  );
  return row?.was_member === true;
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

/** What INBOX_EMAILS did at a start. */
export interface SeededMembers {
  added: string[];
  /** Removed by the operator or a member: left out, whatever INBOX_EMAILS says. */
  skipped: string[];
  /** Members after it, so a start with nobody able to sign in can say so. */
  members: number;
}

/** INBOX_EMAILS at a start: adds each address unless it is a member already or was removed. */
export async function seedMembers(
  database: Database,
  emails: readonly string[],
): Promise<SeededMembers> {
  const rows = await database.query(
    'select address, outcome from app_private.inbox_seed_members($1::text[])',
    [emails.map(memberAddress)],
  );
  const [count] = await database.query(
    'select count(*)::int as members from app_private.inbox_members',
  );
  const having = (outcome: string) =>
    rows.filter((row) => row.outcome === outcome).map((row) => String(row.address));
  return { added: having('added'), skipped: having('removed'), members: Number(count?.members) };
}

/**
 * The start-up log's account of INBOX_EMAILS: who was added, who was left out and why. `from`
 * names where the addresses came from: the setting, or the local mailbox's owner when it is unset.
 */
export function logSeededMembers(
  log: { info(message: string): void; warn(message: string): void },
  seeded: SeededMembers,
  from = 'INBOX_EMAILS',
): void {
  if (seeded.added.length > 0) {
    log.info(`${from}: added ${seeded.added.join(', ')} to the inbox's members`);
  }
  if (seeded.skipped.length > 0) {
    log.info(
      `${from}: skipped ${seeded.skipped.join(', ')}, removed from the inbox ` +
        '(only `npm run submissions -- members add EMAIL` takes a removal back)',
    );
  }
  if (seeded.members === 0 && seeded.skipped.length > 0) {
    log.warn('The inbox has no members: nobody can sign in until one is added');
  }
}
