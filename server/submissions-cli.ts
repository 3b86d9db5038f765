import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { parseDatabaseConfig, parseRetentionConfig } from './settings/read-settings.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import type { Database } from './db/database.ts';
import { PGDATA } from './db/embedded-database.ts';
import { SPAM_RETENTION_DAYS } from '../contact/retention.ts';
import { openDatabase } from './db/open-database.ts';
import { jsonAsTyped } from '../contact/as-typed.ts';
import { toCsv } from '../contact/csv.ts';
import { isHeaderSafeAddress } from './leads/delivery/email-address.ts';
import { addMembers, listMembers, memberAddress, removeMember } from './auth/members.ts';
import { purgeExpiredSubmissions } from './leads/retention.ts';
import {
  deleteSubmissionsByEmail,
  EXPORT_COLUMNS,
  OUTBOX_COLUMNS,
  readOutbox,
  readSubmissions,
} from './leads/submissions.ts';

const USAGE = `Usage:
  submissions export [--format json|csv]   every submission, oldest first, to stdout,
                                           with its delivery status
  submissions outbox [--format json|csv]   leads not emailed or posted to the webhook yet, or
                                           given up, per channel, with the last error
  submissions delete --email ADDRESS       remove everything sent from ADDRESS
  submissions purge [--dry-run] [--format json|csv]
                                           delete what retention says must go (older than
                                           VITE_RETENTION_MONTHS, spam after 30 days) and list
                                           it by id and date; --dry-run only lists it
  submissions members list                 the addresses that may sign in to the inbox
  submissions members add EMAIL            allow EMAIL to sign in (docs/inbox.md)
  submissions members remove EMAIL         remove EMAIL and end their sessions at once`;

export interface CliIo {
  env: Record<string, string | undefined>;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

class UsageError extends Error {}

/** What a purge lists: no personal data, the id and date lead to the row in an export. */
const PURGE_COLUMNS = ['id', 'created_at', 'suspected_spam'] as const;

type Command =
  | { name: 'export' | 'outbox'; format: 'json' | 'csv' }
  | { name: 'delete'; email: string }
  | { name: 'purge'; format: 'json' | 'csv'; dryRun: boolean }
  | { name: 'members'; action: 'list' }
  | { name: 'members'; action: 'add' | 'remove'; email: string };

function parseCommand(argv: string[]): Command {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        format: { type: 'string', default: 'json' },
        email: { type: 'string' },
        'dry-run': { type: 'boolean', default: false },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { positionals, values } = parsed;
  const [name, ...extra] = positionals;
  if (name === 'members') return membersCommand(extra);
  if (extra.length > 0) throw new UsageError(`Unexpected argument: ${extra[0]}`);
  if (name === 'export' || name === 'outbox' || name === 'purge') {
    if (values.format !== 'json' && values.format !== 'csv') {
      throw new UsageError(`--format must be json or csv, got "${values.format}"`);
    }
    if (name === 'purge') return { name, format: values.format, dryRun: values['dry-run'] };
    return { name, format: values.format };
  }
  if (name === 'delete') {
    if (!values.email?.trim()) throw new UsageError('delete needs --email ADDRESS');
    return { name, email: values.email.trim() };
  }
  throw new UsageError(name ? `Unknown command: ${name}` : 'No command given');
}

function membersCommand([action, email, ...extra]: string[]): Command {
  if (extra.length > 0) throw new UsageError(`Unexpected argument: ${extra[0]}`);
  if (action === 'list' && email === undefined) return { name: 'members', action };
  if (action === 'add' || action === 'remove') {
    if (!email || !isHeaderSafeAddress(email.trim())) {
      throw new UsageError(`members ${action} needs one email address`);
    }
    return { name: 'members', action, email: email.trim() };
  }
  throw new UsageError('members takes list, add EMAIL or remove EMAIL');
}

async function open(env: CliIo['env']): Promise<Database> {
  const config = parseDatabaseConfig(env);
  // Opening an empty directory would create a database: say where we looked instead.
  if (!config.databaseUrl && !existsSync(join(config.dataDir, PGDATA))) {
    throw new Error(`No embedded database in ${config.dataDir} (set DATA_DIR or DATABASE_URL).`);
  }
  return openDatabase({ ...config, migrate: false });
}

function format(as: 'json' | 'csv', columns: readonly string[], rows: object[]): string {
  return as === 'csv'
    ? toCsv(columns, rows as Record<string, unknown>[])
    : `${jsonAsTyped(rows)}\n`;
}

/** scripts/submissions.ts, testable in-process; returns the exit code. */
export async function runSubmissionsCli(argv: string[], io: CliIo): Promise<number> {
  try {
    const command = parseCommand(argv);
    const db = await open(io.env);
    try {
      if (command.name === 'export') {
        const rows = await readSubmissions(db);
        io.stdout(format(command.format, EXPORT_COLUMNS, rows));
        io.stderr(`Exported ${rows.length} submission(s) from the ${db.location}.\n`);
      } else if (command.name === 'purge') {
        const retentionMonths = parseRetentionConfig(io.env);
        const rows = await purgeExpiredSubmissions(db, {
          retentionMonths,
          dryRun: command.dryRun,
        });
        io.stdout(format(command.format, PURGE_COLUMNS, rows));
        const spam = rows.filter((row) => row.suspected_spam).length;
        io.stderr(
          `${command.dryRun ? 'Would delete' : 'Deleted'} ${rows.length} submission(s) ` +
            `(${spam} suspected spam): older than ${retentionMonths} month(s), or suspected spam ` +
            `older than ${SPAM_RETENTION_DAYS} days, in the ${db.location}.\n`,
        );
      } else if (command.name === 'members') {
        io.stdout(await runMembers(db, command));
      } else if (command.name === 'delete') {
        const removed = await deleteSubmissionsByEmail(db, command.email);
        io.stdout(`Removed ${removed} submission(s) from ${command.email}.\n`);
      } else {
        const rows = await readOutbox(db);
        io.stdout(format(command.format, OUTBOX_COLUMNS, rows));
        io.stderr(`${rows.length} lead(s) pending or failed in the ${db.location}.\n`);
      }
    } finally {
      await db.close();
    }
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`${error.message}\n\n${USAGE}\n`);
      return 2;
    }
    io.stderr(`${error instanceof Error ? error.message : error}\n`);
    if (error instanceof DataDirLockedError) {
      io.stderr('Stop the server first: this tool needs the database the server holds open.\n');
    }
    return 1;
  }
}

/** The allowlist, as the owner: works on any backend, hosted Supabase's PostgreSQL included. */
async function runMembers(
  db: Database,
  command: Extract<Command, { name: 'members' }>,
): Promise<string> {
  if (command.action === 'list') {
    const members = await listMembers(db);
    return `${JSON.stringify(members, null, 2)}\n`;
  }
  const email = memberAddress(command.email);
  if (command.action === 'add') {
    const added = await addMembers(db, [email]);
    return added.length > 0 ? `Added ${email}.\n` : `${email} is already a member.\n`;
  }
  return (await removeMember(db, email))
    ? `Removed ${email}; their sessions have ended.\n`
    : `${email} was not a member.\n`;
}
