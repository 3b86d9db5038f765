import { cp } from 'node:fs/promises';

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
