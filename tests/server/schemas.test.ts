import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database, Row } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrations.ts';
import { compareCatalogues, readCatalogue, type Catalogue } from '../../scripts/db/catalogue.ts';
import { DRIFT_SIDES, schemaFiles } from '../../scripts/db/schema-diff.ts';

/**
 * supabase/schemas/ is the database as it is now, written by hand to be read;
 * supabase/migrations/ is how deployed databases got there. This file keeps
 * the two one database: built each way, their catalogues must be equal, and a
 * difference is named ("function public.x(text): body differs (line 3: …)").
 * On PostgreSQL, tests/server/db-diff.test.ts holds the same, through the
 * tool that writes the next migration.
 */

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
    expect(compareCatalogues(migrated, declared, DRIFT_SIDES)).toEqual([]);
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
