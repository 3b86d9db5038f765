import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openEmbeddedDatabase } from '../../server/db/embedded-database.ts';
import { migrate } from '../../server/db/migrations.ts';
import { PGLITE_TEMPLATE_ENV } from '../support/database-template.ts';

/**
 * Migrates one embedded database before the workers start; each server a test starts copies it
 * (tests/support/database-template.ts). Only the migrations: the proof-of-work difficulty and
 * the rate limit stay as each server's own options set them, so spam.spec.ts keeps the default.
 */
export default async function globalSetup() {
  const template = mkdtempSync(join(tmpdir(), 'e2e-pglite-template-'));
  const db = await openEmbeddedDatabase(template);
  await migrate(db);
  await db.close();
  // Workers start after this and inherit the environment.
  process.env[PGLITE_TEMPLATE_ENV] = template;
  return () => rmSync(template, { recursive: true, force: true });
}
