import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import pg from 'pg';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { Database, Row } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrations.ts';
import { openDatabase } from '../../server/db/open-database.ts';
import { createPostgresDatabase, describePostgres, freshBackend } from './support/backends.ts';
import { compareCatalogues, readCatalogue, type Catalogue } from './support/catalogue.ts';

/**
 * supabase/schemas/ is the database as it is now, written by hand to be read;
 * supabase/migrations/ is how deployed databases got there. This file keeps
 * the two one database: built each way, their catalogues must be equal, and a
 * difference is named ("function public.x(text): body differs (line 3: …)").
 */

const SCHEMAS_DIR = 'supabase/schemas';
const NAMES: [string, string] = ['migrations', 'supabase/schemas'];

/** The declared schema, file by file in name order (the order they apply in). */
function schemaFiles(): { name: string; sql: string }[] {
  return readdirSync(SCHEMAS_DIR)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => ({ name, sql: readFileSync(join(SCHEMAS_DIR, name), 'utf8') }));
}

/** A fresh in-memory PGlite with pgcrypto, as the embedded database loads it. */
const memoryPglite = () => PGlite.create({ extensions: { pgcrypto } });

const pgliteQuery = (db: PGlite) => async (sql: string) => (await db.query<Row>(sql)).rows;

/** The migrations through our runner (server/db/migrations.ts), as the server applies them. */
async function migratedPglite(db: PGlite): Promise<void> {
  const runner = {
    transaction: (work) =>
      db.transaction((tx) =>
        work({
          query: async (sql, params) => (await tx.query<Row>(sql, params)).rows,
          exec: async (sql) => void (await tx.exec(sql)),
        }),
      ),
  } as Pick<Database, 'transaction'> as Database;
  await migrate(runner);
}

async function declaredPglite(db: PGlite): Promise<void> {
  await db.transaction(async (tx) => {
    for (const file of schemaFiles()) await tx.exec(file.sql);
  });
}

/** Building two databases from nothing takes a minute on a busy 2-core machine. */
const BUILD_TIMEOUT = 240_000;

describe('supabase/schemas/ [embedded]', () => {
  let migrated: Catalogue;
  let declared: Catalogue;

  beforeAll(async () => {
    for (const [build, set] of [
      [migratedPglite, (catalogue: Catalogue) => (migrated = catalogue)],
      [declaredPglite, (catalogue: Catalogue) => (declared = catalogue)],
    ] as const) {
      const db = await memoryPglite();
      try {
        await build(db);
        set(await readCatalogue(pgliteQuery(db)));
      } finally {
        await db.close();
      }
    }
  }, BUILD_TIMEOUT);

  it('declares the database the migrations make: same tables, columns, constraints, functions, policies, grants, comments', () => {
    expect(migrated.size).toBeGreaterThan(500);
    expect(compareCatalogues(migrated, declared, NAMES)).toEqual([]);
  });

  it('says why each of our functions and policies exists, as its COMMENT', () => {
    // auth.jwt(), auth.uid() and auth.role() are Supabase's, not ours to annotate.
    const silent = [...declared]
      .filter(([key]) => /^(function (public|app_private)\.|policy )/.test(key))
      .filter(([, props]) => !props.comment)
      .map(([key]) => key);
    expect(silent).toEqual([]);
  });
});

describePostgres('supabase/schemas/', () => {
  it(
    'declares the database the migrations make on PostgreSQL 15 too',
    async () => {
      const backend = await freshBackend('postgres');
      onTestFinished(() => backend.dispose());
      // Migrated as a deployment is: no test settings written over the defaults.
      const { databaseUrl, dataDir } = backend.options;
      await (await openDatabase({ databaseUrl, dataDir })).close();
      const declared = await createPostgresDatabase();
      onTestFinished(() => declared.drop());

      const catalogueOf = async (url: string, files: { sql: string }[] = []) => {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        try {
          if (files.length > 0) {
            await client.query('begin');
            for (const file of files) await client.query(file.sql);
            await client.query('commit');
          }
          return await readCatalogue(async (sql) => (await client.query(sql)).rows);
        } finally {
          await client.end();
        }
      };
      const migrated = await catalogueOf(databaseUrl!);
      expect(
        compareCatalogues(migrated, await catalogueOf(declared.url, schemaFiles()), NAMES),
      ).toEqual([]);
    },
    BUILD_TIMEOUT,
  );
});
