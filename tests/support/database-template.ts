import { mkdtempSync, rmSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openEmbeddedDatabase } from '../../server/db/embedded-database.ts';
import { migrate } from '../../server/db/migrations.ts';
import { writeDisposableDomains } from '../../server/db/disposable-domains.ts';
import type { Database } from '../../server/db/database.ts';

/**
 * Where the browser tests' global setup (tests/e2e/global-setup.ts) leaves a migrated, closed
 * embedded database for every server the tests start. Migrating PGlite costs each server some
 * 5 s of CPU, 40 s on two busy cores; copying the migrated files costs milliseconds.
 */
export const PGLITE_TEMPLATE_ENV = 'E2E_PGLITE_TEMPLATE';

/**
 * Fills `dataDir` with the migrated template, so the server that opens it finds every migration
 * applied (it still checks them, and applies any that is missing). Without the template (a
 * config that skips the global setup), the server migrates a fresh database itself.
 */
export async function copyMigratedDatabase(dataDir: string): Promise<void> {
  const template = process.env[PGLITE_TEMPLATE_ENV];
  if (template) await cp(template, dataDir, { recursive: true });
}

/**
 * Migrates one embedded database in a new temporary directory and closes it, for every test of a
 * run to copy: the browser tests' servers (above) and Vitest's `pgliteTemplate`. `prepare` writes
 * what that runner's copies share beyond the migrations. Returns the directory and its removal.
 */
export async function migrateEmbeddedTemplate(
  prefix: string,
  prepare?: (db: Database) => Promise<void>,
): Promise<{ dir: string; remove: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const db = await openEmbeddedDatabase(dir);
  await migrate(db);
  await writeDisposableDomains(db);
  await prepare?.(db);
  await db.close();
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
