/**
 * Backup and restore of submissions and their lead delivery (email outbox, summaries,
 * webhooks; server/leads/backup.ts), for the database in DATABASE_URL or DATA_DIR:
 *
 *   npm run -s backup > backup.json     PostgreSQL: any time; embedded: server stopped
 *   npm run -s restore -- backup.json   into an empty (or new) database
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseDatabaseConfig } from '../server/settings/read-settings.ts';
import { loadEnvFile } from '../server/env-file.ts';
import { DataDirLockedError } from '../server/db/data-dir-lock.ts';
import { PGDATA } from '../server/db/embedded-database.ts';
import { openDatabase } from '../server/db/open-database.ts';
import { createBackup, parseBackup, restoreBackup } from '../server/leads/backup.ts';

const USAGE = `Usage:
  backup.ts backup          write a backup of every submission and delivery row to stdout
  backup.ts restore FILE    load FILE into an empty database (created and migrated if new)`;

async function main([command, file, ...extra]: string[]): Promise<number> {
  if (extra.length > 0 || !(command === 'backup' || (command === 'restore' && file))) {
    console.error(USAGE);
    return 2;
  }
  loadEnvFile();
  const config = parseDatabaseConfig(process.env);
  if (command === 'backup' && !config.databaseUrl && !existsSync(join(config.dataDir, PGDATA))) {
    console.error(`No embedded database in ${config.dataDir} (set DATA_DIR or DATABASE_URL).`);
    return 1;
  }
  // Parsed before the database is touched: a bad file changes nothing.
  const backup = command === 'restore' ? parseBackup(readFileSync(file!, 'utf8')) : undefined;
  const db = await openDatabase({ ...config, migrate: command === 'restore' });
  try {
    if (!backup) {
      const made = await createBackup(db);
      process.stdout.write(`${JSON.stringify(made)}\n`);
      const counts = Object.entries(made.tables).map(([table, rows]) => `${rows.length} ${table}`);
      console.error(`Backed up ${counts.join(', ')} from the ${db.location}.`);
    } else {
      const counts = await restoreBackup(db, backup);
      const restored = Object.entries(counts).map(([table, n]) => `${n} ${table}`);
      console.error(`Restored ${restored.join(', ')} into the ${db.location}.`);
    }
  } finally {
    await db.close();
  }
  return 0;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  if (error instanceof DataDirLockedError) {
    console.error(
      'The server holds this embedded database open: stop it, back up, start it again ' +
        '(or copy the whole data directory while it is stopped).',
    );
  }
  process.exitCode = 1;
}
