/**
 * Applies pending migrations (supabase/migrations/) to DATABASE_URL's
 * PostgreSQL, or to the embedded database in DATA_DIR. The server does the
 * same at start-up; this is for deploys that migrate first. Hosted Supabase
 * takes the same files through the Supabase CLI (`supabase db push`).
 *
 *   node --import tsx scripts/db-migrate.ts
 */
import { parseDatabaseConfig } from '../server/settings/read-settings.ts';
import { loadEnvFile } from '../server/env-file.ts';
import { migrate } from '../server/db/migrations.ts';
import { writeDisposableDomains } from '../server/db/disposable-domains.ts';
import { openDatabase } from '../server/db/open-database.ts';

loadEnvFile();
try {
  const db = await openDatabase({ ...parseDatabaseConfig(process.env), migrate: false });
  try {
    const applied = await migrate(db);
    await writeDisposableDomains(db);
    console.log(
      applied.length > 0
        ? `Applied ${applied.join(', ')} to the ${db.location}.`
        : `The ${db.location} is up to date.`,
    );
  } finally {
    await db.close();
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
