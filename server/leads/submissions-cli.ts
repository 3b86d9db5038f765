import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { parseDatabaseConfig } from '../config.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import type { Database } from '../db/database.ts';
import { PGDATA } from '../db/embedded-database.ts';
import { openDatabase } from '../db/open-database.ts';
import { toCsv } from './csv.ts';
import {
  deleteSubmissionsByEmail,
  EXPORT_COLUMNS,
  OUTBOX_COLUMNS,
  readOutbox,
  readSubmissions,
} from './submissions.ts';

export const USAGE = `Usage:
  submissions export [--format json|csv]   every submission, oldest first, to stdout,
                                           with its delivery status
  submissions outbox [--format json|csv]   leads not emailed or posted to the webhook yet, or
                                           given up, per channel, with the last error
  submissions delete --email ADDRESS       remove everything sent from ADDRESS`;

export interface CliIo {
  env: Record<string, string | undefined>;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

class UsageError extends Error {}

type Command =
  { name: 'export' | 'outbox'; format: 'json' | 'csv' } | { name: 'delete'; email: string };

function parseCommand(argv: string[]): Command {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { format: { type: 'string', default: 'json' }, email: { type: 'string' } },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { positionals, values } = parsed;
  const [name, ...extra] = positionals;
  if (extra.length > 0) throw new UsageError(`Unexpected argument: ${extra[0]}`);
  if (name === 'export' || name === 'outbox') {
    if (values.format !== 'json' && values.format !== 'csv') {
      throw new UsageError(`--format must be json or csv, got "${values.format}"`);
    }
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
    : `${JSON.stringify(rows, null, 2)}\n`;
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
