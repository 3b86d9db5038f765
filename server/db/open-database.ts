import type { Database } from './database.ts';
import { endDeadLeases } from './dead-leases.ts';
import { writeDisposableDomains } from './disposable-domains.ts';
import { embeddedLocation, openEmbeddedDatabase } from './embedded-database.ts';
import { migrate } from './migrations.ts';
import {
  openPostgresDatabase,
  postgresLocation,
  SERVING_QUERY_TIMEOUT_MS,
} from './postgres-database.ts';
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
  /**
   * A running server or worker: on PostgreSQL each statement is bounded by the client
   * (SERVING_QUERY_TIMEOUT_MS), so a database that stops answering gets its requests a 503
   * rather than none. A command (an export, a restore) waits as long as its work takes.
   */
  serving?: boolean;
  /** RATE_LIMIT_PER_MINUTE, written into the database's rate limit after migrating. */
  rateLimitPerMinute?: number;
  /** PROOF_OF_WORK_*: written after migrating, each only when given. */
  proofOfWork?: ProofOfWorkSettings;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const db = options.databaseUrl
    ? await openPostgresDatabase(options.databaseUrl, {
        queryTimeoutMs: options.serving ? SERVING_QUERY_TIMEOUT_MS : undefined,
      })
    : await openEmbeddedDatabase(options.dataDir);
  if (options.migrate !== false) {
    try {
      await migrate(db);
      await writeDisposableDomains(db);
      if (!options.databaseUrl) await endDeadLeases(db);
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

/**
 * The `location` of the database these options name, for a message about one that did not open.
 */
export function databaseLocation({ databaseUrl, dataDir }: DatabaseOptions): string {
  return databaseUrl ? postgresLocation(databaseUrl) : embeddedLocation(dataDir);
}
