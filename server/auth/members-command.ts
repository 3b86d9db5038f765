import type { Database } from '../db/database.ts';
import { isHeaderSafeAddress } from '../leads/delivery/mail-header.ts';
import { addMembers, listMembers, memberAddress, OPERATOR, removeMember } from './members.ts';

/**
 * `npm run submissions -- members list|add|remove`: one parser and one runner
 * for the command run directly against the database and for the same command
 * handed to a running server over its socket (members-socket.ts), so both
 * answer alike.
 */

export type MembersCommand = { action: 'list' } | { action: 'add' | 'remove'; email: string };

/** The arguments after `members`: the command, or what is wrong with them. */
export function parseMembersCommand(
  args: readonly string[],
): { command: MembersCommand } | { problem: string } {
  const [action, email, ...extra] = args;
  if (extra.length > 0) return { problem: `Unexpected argument: ${extra[0]}` };
  if (action === 'list' && email === undefined) return { command: { action } };
  if (action === 'add' || action === 'remove') {
    if (!email || !isHeaderSafeAddress(email.trim())) {
      return { problem: `members ${action} needs one email address` };
    }
    return { command: { action, email: email.trim() } };
  }
  return { problem: 'members takes list, add EMAIL or remove EMAIL' };
}

/** The allowlist, as the owner: works on any backend, hosted Supabase's PostgreSQL included. */
export async function runMembersCommand(db: Database, command: MembersCommand): Promise<string> {
  if (command.action === 'list') {
    const members = await listMembers(db);
    return `${JSON.stringify(members, null, 2)}\n`;
  }
  const email = memberAddress(command.email);
  if (command.action === 'add') {
    const added = await addMembers(db, [email]);
    return added.length > 0 ? `Added ${email}.\n` : `${email} is already a member.\n`;
  }
  return (await removeMember(db, email, OPERATOR))
    ? `Removed ${email}; their sessions have ended.\n`
    : `${email} was not a member; INBOX_EMAILS will not add them.\n`;
}
