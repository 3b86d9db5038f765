import { migrateEmbeddedTemplate, PGLITE_TEMPLATE_ENV } from '../support/database-template.ts';

/**
 * Migrates one embedded database before the workers start; each server a test starts copies it
 * (tests/support/database-template.ts). Only the migrations: the proof-of-work difficulty and
 * the rate limit stay as each server's own options set them, so spam.spec.ts keeps the default.
 */
export default async function globalSetup() {
  const template = await migrateEmbeddedTemplate('e2e-pglite-template-');
  // Workers start after this and inherit the environment.
  process.env[PGLITE_TEMPLATE_ENV] = template.dir;
  return template.remove;
}
