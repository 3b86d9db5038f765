import type { Database } from './database.ts';
import { writeDisposableDomains } from './disposable-domains.ts';
import { openEmbeddedDatabase } from './embedded-database.ts';
import { migrate } from './migrations.ts';
import { openPostgresDatabase } from './postgres-database.ts';
import { setProofOfWork, type ProofOfWorkSettings } from './proof-of-work-settings.ts';
import { setDatabaseRateLimit } from './rate-limit.ts';

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
  /** RATE_LIMIT_PER_MINUTE, written into the database's rate limit after migrating. */
  rateLimitPerMinute?: number;
  /** PROOF_OF_WORK_*: written after migrating, each only when given. */
  proofOfWork?: ProofOfWorkSettings;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const db = options.databaseUrl
    ? await openPostgresDatabase(options.databaseUrl)
    : await openEmbeddedDatabase(options.dataDir);
  if (options.migrate !== false) {
    try {
      await migrate(db);
      await writeDisposableDomains(db);
      if (options.rateLimitPerMinute !== undefined) {
        await setDatabaseRateLimit(db, options.rateLimitPerMinute);
      }
      if (options.proofOfWork) await setProofOfWork(db, options.proofOfWork);
    } catch (error) {
      await db.close();
      throw error;
    }
  }
  return db;
}
