import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './database.ts';

/**
 * Applies supabase/migrations/*.sql in order, each once, recording them in a
 * schema of our own. Hosted Supabase applies the same files with its CLI (and
 * records them in its own table); this runner serves PostgreSQL and PGlite.
 */

const MIGRATIONS_DIR = fileURLToPath(new URL('../../supabase/migrations/', import.meta.url));

/** Supabase CLI naming: a 14-digit UTC timestamp, an underscore, a name. */
const FILE_NAME = /^(\d{14})_([a-z0-9_]+)\.sql$/;

/** Serialises concurrent starts (several server instances sharing one PostgreSQL). */
const MIGRATION_LOCK_KEY = 7_207_117_205_091_102;

/** Outside `public`, so PostgREST on Supabase never exposes it. */
const TRACKING_TABLE_SQL = `
  create schema if not exists app_private;
  revoke all on schema app_private from public;
  create table if not exists app_private.schema_migrations (
    version text primary key,
    name text not null,
    checksum text not null,
    applied_at timestamptz not null default now()
  );
`;

export interface Migration {
  version: string;
  name: string;
  sql: string;
  checksum: string;
}

export class MigrationChangedError extends Error {
  constructor(migration: Migration) {
    super(
      `Migration ${migration.version}_${migration.name}.sql was changed after it was applied. ` +
        'Applied migrations are history: restore the file and put the change in a new migration.',
    );
    this.name = 'MigrationChangedError';
  }
}

export async function readMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const migrations: Migration[] = [];
  for (const file of (await readdir(dir)).sort()) {
    const match = FILE_NAME.exec(file);
    if (!match) {
      if (file.endsWith('.sql')) throw new Error(`Migration file name not understood: ${file}`);
      continue;
    }
    const sql = await readFile(join(dir, file), 'utf8');
    const checksum = createHash('sha256').update(sql).digest('hex');
    migrations.push({ version: match[1]!, name: match[2]!, sql, checksum });
  }
  return migrations;
}

/** Applies what is pending, all in one transaction; returns the versions applied. */
export async function migrate(db: Database, migrations?: Migration[]): Promise<string[]> {
  const all = migrations ?? (await readMigrations());
  return db.transaction(
    async (session) => {
      await session.query(`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
      await session.exec(TRACKING_TABLE_SQL);
      const rows = await session.query(
        'select version, checksum from app_private.schema_migrations',
      );
      const applied = new Map(rows.map((row) => [String(row.version), String(row.checksum)]));

      const appliedNow: string[] = [];
      for (const migration of all) {
        const checksum = applied.get(migration.version);
        if (checksum === migration.checksum) continue;
        if (checksum !== undefined) throw new MigrationChangedError(migration);
        await session.exec(migration.sql);
        await session.query(
          'insert into app_private.schema_migrations (version, name, checksum) values ($1, $2, $3)',
          [migration.version, migration.name, migration.checksum],
        );
        appliedNow.push(migration.version);
      }
      return appliedNow;
    },
    { long: true },
  );
}
