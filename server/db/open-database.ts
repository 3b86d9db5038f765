import type { Database } from './database.ts';
import { openEmbeddedDatabase } from './embedded-database.ts';
import { migrate } from './migrations.ts';
import { openPostgresDatabase } from './postgres-database.ts';

export interface DatabaseOptions {
  /** PostgreSQL connection string; without it, the embedded database in dataDir. */
  databaseUrl?: string;
  dataDir: string;
  /**
   * Apply pending migrations on opening (the default; the server relies on it). The submissions
   * CLI passes false, so an export never changes the schema; scripts/db-migrate.ts passes false
   * and migrates itself, to report what it applied.
   */
  migrate?: boolean;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const db = options.databaseUrl
    ? await openPostgresDatabase(options.databaseUrl)
    : await openEmbeddedDatabase(options.dataDir);
  if (options.migrate !== false) {
    try {
      await migrate(db);
    } catch (error) {
      await db.close();
      throw error;
    }
  }
  return db;
}
