/**
 * Backup and restore of what only this database holds: every submission and
 * every lead-delivery row of each channel (sent or still pending), with the
 * summary emails that carried leads, and the inbox's work on them: notes,
 * replies, activity, who saw and took each lead, read markers, the reminders
 * already sent, the members (and who was removed) and what the spam score
 * learned from their marks. One JSON file for both backends, so a backup of
 * the embedded database restores into PostgreSQL and back. The schema is not
 * in it: migrations make that. Nor are sessions, alert devices and the alerts'
 * key: members sign in again and turn alerts on again.
 *
 * Consistency: the backup reads every table in one repeatable-read
 * transaction, so a submission stored meanwhile is either in the file with its
 * rows or not at all. On PostgreSQL that is safe while the servers run.
 * The embedded database admits one process, so it is backed up with the
 * server stopped (the data directory's lock refuses otherwise).
 */
import type { Database, Row, SqlSession } from '../db/database.ts';

const BACKUP_FORMAT = 'foreland-submissions-backup';
const BACKUP_VERSION = 1;

/**
 * Each table and its schema, parents before children: an outbox row names its
 * submission and its summary; a lead's attention before its reads, whose
 * trigger would otherwise record a first sight of its own.
 */
const SCHEMAS = {
  contact_submissions: 'public',
  lead_summaries: 'public',
  lead_outbox: 'public',
  lead_webhooks: 'public',
  lead_notes: 'public',
  lead_activity: 'public',
  lead_attention: 'public',
  lead_reads: 'public',
  lead_replies: 'public',
  lead_reminders: 'app_private',
  inbox_members: 'app_private',
  inbox_removed_members: 'app_private',
  spam_marks: 'app_private',
  spam_tokens: 'app_private',
  spam_model: 'app_private',
} as const;
type Table = keyof typeof SCHEMAS;
const TABLES = Object.keys(SCHEMAS) as Table[];
/** Tables an older backup lacks (before the lead channels, before the inbox's work): restored empty. */
const LATER_TABLES: readonly Table[] = TABLES.filter(
  (table) => !['contact_submissions', 'lead_outbox'].includes(table),
);
/**
 * Rows a migrated database may already hold before a restore: the members a
 * server's start added (INBOX_EMAILS), kept as they are; the spam model's one
 * row of counts, which the backup's replaces.
 */
const MAY_EXIST: readonly Table[] = ['inbox_members', 'inbox_removed_members'];
const REPLACED: readonly Table[] = ['spam_model'];

const qualified = (table: Table) => `${SCHEMAS[table]}.${table}`;
/** The spam score's trigger (supabase/schemas/55_spam_score.sql). */
const SCORE_TRIGGER = 'contact_submissions_score_spam';

export interface Backup {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  tables: Record<Table, Row[]>;
}

export async function createBackup(db: Database): Promise<Backup> {
  return db.transaction(async (session) => {
    // First statement of the transaction: every read below sees one snapshot.
    await session.query('set transaction isolation level repeatable read');
    const tables = {} as Backup['tables'];
    for (const table of TABLES) {
      const columns = (await storedColumns(session, table)).join(', ');
      tables[table] = await session.query(`select ${columns} from ${qualified(table)} order by 1`);
    }
    return {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      tables,
    };
  });
}

/**
 * A table's columns but the generated ones (contact_submissions.search, each
 * lead's words): PostgreSQL computes those again on restore, and refuses them
 * in an insert. A bigint is read as its digits: the spam model's hashed words
 * use all 64 bits, which a JSON number (a double) would round, and a restore
 * reads the digits back as the column's bigint.
 */
async function storedColumns(session: SqlSession, table: Table): Promise<string[]> {
  const rows = await session.query(
    `select case when atttypid = 'pg_catalog.int8'::pg_catalog.regtype
              then pg_catalog.format('%1$I::text as %1$I', attname)
              else pg_catalog.quote_ident(attname) end as name
     from pg_catalog.pg_attribute
     where attrelid = pg_catalog.to_regclass($1) and attnum > 0
       and not attisdropped and attgenerated = ''
     order by attnum`,
    [qualified(table)],
  );
  return rows.map((row) => String(row.name));
}

class RestoreError extends Error {}

/** Parses a backup file's text, or says why it is not one. */
export function parseBackup(text: string): Backup {
  let parsed: Partial<Backup>;
  try {
    parsed = JSON.parse(text) as Partial<Backup>;
  } catch {
    throw new RestoreError('Not a backup: the file is not JSON.');
  }
  if (parsed?.format !== BACKUP_FORMAT || parsed.version !== BACKUP_VERSION) {
    throw new RestoreError(`Not a backup of version ${BACKUP_VERSION} (format ${BACKUP_FORMAT}).`);
  }
  for (const table of LATER_TABLES) {
    if (parsed.tables && parsed.tables[table] === undefined) parsed.tables[table] = [];
  }
  if (!TABLES.every((table) => Array.isArray(parsed.tables?.[table]))) {
    throw new RestoreError(`A backup holds the tables ${TABLES.join(', ')}.`);
  }
  return parsed as Backup;
}

/**
 * Loads a backup into a migrated database that has no submissions yet (a
 * restore never merges), in one transaction: all of it or nothing. Ids are
 * kept, so outbox rows still point at their submissions, and a lead already
 * emailed stays marked sent: a restore never emails anyone twice.
 */
export async function restoreBackup(db: Database, backup: Backup): Promise<Record<Table, number>> {
  return db.transaction(async (session) => {
    const [existing] = await session.query(
      'select count(*)::int as n from public.contact_submissions',
    );
    if (Number(existing?.n) > 0) {
      throw new RestoreError(
        `The database already holds ${existing?.n} submission(s); restore into an empty one.`,
      );
    }
    // Each lead keeps the spam verdict it had: scored again, copies of one text would read as a
    // blast of each other, a lead released by "Not spam" would be held again, and a member's mark
    // would be lost. Off in this transaction only: its lock on the table holds every other insert
    // until it commits, with the score back on.
    await session.query(`alter table public.contact_submissions disable trigger ${SCORE_TRIGGER}`);
    await insertRows(session, 'contact_submissions', backup.tables.contact_submissions);
    await session.query(`alter table public.contact_submissions enable trigger ${SCORE_TRIGGER}`);
    // The next visitor's id follows the restored ones.
    await session.query(
      `select setval(pg_get_serial_sequence('public.contact_submissions', 'id'),
                     greatest((select max(id) from public.contact_submissions), 1))`,
    );
    // The insert trigger queued every restored submission as unsent; the backup says which were sent.
    await session.query('delete from public.lead_outbox');
    await session.query('delete from public.lead_webhooks');
    const counts = {} as Record<Table, number>;
    for (const table of TABLES) {
      const rows = backup.tables[table];
      if (REPLACED.includes(table) && rows.length > 0) {
        await session.query(`delete from ${qualified(table)}`);
      }
      if (table !== 'contact_submissions') await insertRows(session, table, rows);
      counts[table] = rows.length;
      // The next note, reply or summary gets an id after the restored ones.
      if (table !== 'contact_submissions' && rows.length > 0 && rows[0]!.id !== undefined) {
        await session.query(
          `select setval(pg_get_serial_sequence($1, 'id'), (select max(id) from ${qualified(table)}))
           where pg_get_serial_sequence($1, 'id') is not null`,
          [qualified(table)],
        );
      }
    }
    return counts;
  });
}

/** Rows as the backup holds them (JSON), typed by the table itself via json_populate_recordset. */
async function insertRows(session: SqlSession, table: Table, rows: Row[]) {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!);
  if (!columns.every((column) => /^[a-z_][a-z0-9_]*$/.test(column))) {
    throw new RestoreError(`Not a backup: a ${table} column name is not a plain identifier.`);
  }
  const list = columns.join(', ');
  const kept = MAY_EXIST.includes(table) ? ' on conflict do nothing' : '';
  await session.query(
    `insert into ${qualified(table)} (${list}) overriding system value
     select ${list} from json_populate_recordset(null::${qualified(table)}, $1::json)${kept}`,
    [JSON.stringify(rows)],
  );
}
