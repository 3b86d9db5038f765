/**
 * Writes the next migration from supabase/schemas/, as `supabase db diff`
 * does with migra: `npm run db:diff -- <what_it_does>`. Builds the database
 * the migrations make and the one the declared schema makes, side by side in
 * a throwaway PostgreSQL cluster (or in DATABASE_URL's server, in databases
 * of their own that are dropped after), and writes the statements between
 * them to supabase/migrations/<version>_<what_it_does>.sql for you to read.
 * Says what it dropped and what it could not write (docs/architecture.md,
 * "Changing the database"). Exits 1 when a hand is still needed, 0 otherwise.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { diffSchemas } from './db/schema-diff.ts';
import { startPgCluster } from '../tests/support/pg-cluster.ts';

const MIGRATIONS_DIR = 'supabase/migrations';
const NAME = /^[a-z0-9_]+$/;

const name = process.argv[2];
if (!name || !NAME.test(name)) {
  console.error('Usage: npm run db:diff -- <what_it_does> (lower case, digits and _)');
  process.exit(2);
}

/** Supabase's naming: a 14-digit UTC timestamp; never before the last migration's. */
function nextVersion(): string {
  const now = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  const last = readdirSync(MIGRATIONS_DIR)
    .map((file) => file.slice(0, 14))
    .filter((version) => /^\d{14}$/.test(version))
    .sort()
    .at(-1);
  return last && last >= now ? String(BigInt(last) + 1000n) : now;
}

async function diff() {
  if (process.env.DATABASE_URL) return diffSchemas(process.env.DATABASE_URL);
  const cluster = await startPgCluster();
  try {
    return await diffSchemas(cluster.url);
  } finally {
    cluster.stop();
  }
}

const { statements, drops, unwritten } = await diff();
if (statements.length === 0 && unwritten.length === 0) {
  console.log('supabase/schemas/ declares what the migrations make: no migration to write.');
  process.exit(0);
}

const file = join(MIGRATIONS_DIR, `${nextVersion()}_${name}.sql`);
const header = [
  `-- Written by \`npm run db:diff\` from supabase/schemas/: read it before committing.`,
  '-- Every migration runs twice in tests/server/migrations.test.ts: make what it creates `if not exists`.',
  ...(drops.length ? ['-- It drops: a renamed column or table is a drop and an add here.'] : []),
  ...unwritten.map((difference) => `-- NOT WRITTEN: ${difference}`),
];
writeFileSync(file, `${header.join('\n')}\n\n${statements.join('\n\n')}\n`);
console.log(`Wrote ${file}: ${statements.length} statements.`);
for (const statement of drops) console.warn(`Drops: ${statement}`);
if (unwritten.length > 0) {
  console.warn(`Still to write by hand (named at the top of the file):`);
  for (const difference of unwritten) console.warn(`  ${difference}`);
  process.exit(1);
}
