/**
 * `npm run db:schema`: writes supabase/schema.sql, the database as the
 * migrations leave it, from a throwaway PostgreSQL 15 cluster migrated from
 * nothing (or from DATABASE_URL's server, in a database made and dropped for it).
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import pg from 'pg';
import { openDatabase } from '../server/db/open-database.ts';
import { startPgCluster } from '../tests/support/pg-cluster.ts';
import { dumpSchema, SCHEMA_FILE } from './schema-dump.ts';

const cluster = process.env.DATABASE_URL ? undefined : await startPgCluster();
const adminUrl = process.env.DATABASE_URL ?? cluster!.url;
const name = `schema_${randomBytes(6).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
try {
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  await (await openDatabase({ databaseUrl: url.href, dataDir: '' })).close();
  writeFileSync(SCHEMA_FILE, dumpSchema(url.href));
  console.log(`Wrote ${SCHEMA_FILE}`);
} finally {
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
  cluster?.stop();
}
