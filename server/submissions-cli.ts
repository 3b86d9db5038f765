import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { parseDatabaseConfig, parseRetentionConfig } from './settings/read-settings.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import type { Database } from './db/database.ts';
import { PGDATA } from './db/embedded-database.ts';
import { SPAM_RETENTION_DAYS } from '../shared/retention.ts';
import { openDatabase } from './db/open-database.ts';
import { jsonAsTyped } from '../shared/as-typed.ts';
import { toCsv } from '../shared/csv.ts';
import {
  parseMembersCommand,
  runMembersCommand,
  type MembersCommand,
} from './auth/members-command.ts';
import { sendMembersCommand } from './auth/members-socket.ts';
import { purgeExpiredSubmissions } from './leads/retention-purge.ts';
import {
  deleteSubmissionsByEmail,
  EXPORT_COLUMNS,
  OUTBOX_COLUMNS,
  readOutbox,
  readSubmissions,
} from './leads/stored-leads.ts';

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
  submissions members remove EMAIL         remove EMAIL and end their sessions at once; it stays
                                           removed (INBOX_EMAILS never adds it back; add does)
  submissions help, --help, -h             this text
  The members commands also run while the server runs (docs/inbox.md).`;

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
  | { name: 'members'; args: string[]; members: MembersCommand }
  | { name: 'help' };

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
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { positionals, values } = parsed;
  const [name, ...extra] = positionals;
  // What an operator types first on meeting the tool: the usage, not an error.
  if (values.help || name === 'help') return { name: 'help' };
  if (name === 'members') {
    const parsedMembers = parseMembersCommand(extra);
    if ('problem' in parsedMembers) throw new UsageError(parsedMembers.problem);
    return { name, args: extra, members: parsedMembers.command };
  }
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
    if (command.name === 'help') {
      io.stdout(`${USAGE}\n`);
      return 0;
    }
    const db = await openOrHandOver(command, io);
    if (!db) return 0;
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
        io.stdout(await runMembersCommand(db, command.members));
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

/**
 * The database, or undefined when a members command was handed to the server
 * that holds the embedded database (server/auth/members-socket.ts) and answered.
 */
async function openOrHandOver(command: Command, io: CliIo): Promise<Database | undefined> {
  try {
    return await open(io.env);
  } catch (error) {
    if (!(error instanceof DataDirLockedError) || command.name !== 'members') throw error;
    const answer = await sendMembersCommand(error.dataDir, command.args);
    // No server listens there: another command holds the lock; say so as before.
    if (!answer) throw error;
    if ('error' in answer) throw new Error(answer.error);
    io.stdout(answer.stdout);
    return undefined;
  }
}
