import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createClient } from '@pgkit/client';
import { Migration } from '@pgkit/migra';
import pg from 'pg';
import type { Database, Row } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrations.ts';
import { createDatabase } from '../../tests/support/pg-cluster.ts';
import { until } from '../../tests/support/until.ts';
import { compareCatalogues, readCatalogue } from './catalogue.ts';
import { catalogueStatements } from './catalogue-statements.ts';

/**
 * The migration supabase/schemas/ asks for: the database the migrations make
 * and the one the declared schema makes, built side by side in PostgreSQL,
 * and the statements that take the first to the second. migra writes the
 * tables, columns, constraints, indexes, functions, triggers, policies and
 * table grants; it knows no comments and no function grants, so those are
 * written here from the catalogue's difference (scripts/db/catalogue.ts, the
 * drift test's own reading). The result is applied to the migrated database
 * and read again: whatever still differs is named, for a hand to write.
 */

export const SCHEMAS_DIR = 'supabase/schemas';
/** How a difference names the two databases. */
export const DRIFT_SIDES: [string, string] = ['migrations', 'supabase/schemas'];

/** The migration runner's bookkeeping, which the declared schema has no reason to hold. */
const RUNNER_TABLE = /"app_private"\."schema_migrations/;

/** A statement that removes something (migra writes `drop …` and `alter table … drop …`). */
const DROP = /^(drop|alter table \S+ drop) /i;

export interface SchemaDiff {
  /** The statements, each ending in a semicolon, in an order that applies. */
  statements: string[];
  /** The statements that drop something (a renamed column is a drop and an add to migra). */
  drops: string[];
  /** What still differs after the statements: a hand must write it (data, for one). */
  unwritten: string[];
}

/** The declared schema, file by file in name order (the order they apply in). */
export function schemaFiles(dir = SCHEMAS_DIR): { name: string; sql: string }[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => ({ name, sql: readFileSync(join(dir, name), 'utf8') }));
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const catalogueOf = (client: pg.Client) =>
  readCatalogue(async (sql) => (await client.query<Row>(sql)).rows);

/** Runs `work` in one transaction on `client`. */
async function inTransaction<T>(client: pg.Client, work: () => Promise<T>): Promise<T> {
  await client.query('begin');
  try {
    const result = await work();
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}

const applyAll = (client: pg.Client, statements: string[]) =>
  inTransaction(client, async () => {
    for (const statement of statements) await client.query(statement);
  });

/** The migrations through our runner (server/db/migrations.ts), as the server applies them. */
function migrateWith(client: pg.Client): Promise<unknown> {
  const session = {
    query: async (sql: string, params?: unknown[]) => (await client.query<Row>(sql, params)).rows,
    exec: async (sql: string) => void (await client.query(sql)),
  };
  const runner = {
    transaction: (work) => inTransaction(client, () => work(session)),
  } as Pick<Database, 'transaction'> as Database;
  return migrate(runner);
}

/** migra's statements from the migrated database to the declared one, less the runner's table. */
async function migraStatements(fromUrl: string, toUrl: string): Promise<string[]> {
  // pg-promise warns of a second client to one server; these two are meant.
  const options = { pgpOptions: { initialize: { noWarnings: true } } };
  const from = createClient(fromUrl, options);
  const to = createClient(toUrl, options);
  try {
    const migration = await Migration.create(from, to, {});
    migration.set_safety(false);
    migration.add_all_changes(true);
    return (
      migration.statements.array
        .map((statement) => statement.trim())
        .filter((statement) => statement && !RUNNER_TABLE.test(statement))
        // A migration runs in a transaction: the setting must end with it, not outlive it on the connection.
        .map((statement) =>
          statement.replace(/^set check_function_bodies/, 'set local check_function_bodies'),
        )
    );
  } finally {
    await Promise.all([from.end(), to.end()]);
  }
}

/**
 * The statements that take a database migrated by supabase/migrations/ to
 * what `schemasDir` declares, in the PostgreSQL cluster `adminUrl` reaches
 * (two databases made there and dropped after).
 */
export async function diffSchemas(adminUrl: string, schemasDir = SCHEMAS_DIR): Promise<SchemaDiff> {
  const suffix = randomBytes(4).toString('hex');
  const migrated = await createDatabase(adminUrl, `diff_migrated_${suffix}`);
  const declared = await createDatabase(adminUrl, `diff_declared_${suffix}`);
  try {
    await withClient(migrated.url, migrateWith);
    const wanted = await withClient(declared.url, async (client) => {
      await applyAll(
        client,
        schemaFiles(schemasDir).map((file) => file.sql),
      );
      return catalogueOf(client);
    });
    const statements = await migraStatements(migrated.url, declared.url);
    return await withClient(migrated.url, async (client) => {
      const drops = statements.filter((statement) => DROP.test(statement));
      const failure = await applyAll(client, statements).catch((error: Error) => error);
      if (failure) {
        // migra drops and makes again the views over a changed table, not what depends on them.
        return { statements, drops, unwritten: [`the statements fail: ${failure.message}`] };
      }
      const rest = catalogueStatements(await catalogueOf(client), wanted);
      await applyAll(client, rest);
      return {
        statements: [...statements, ...rest],
        drops,
        unwritten: compareCatalogues(await catalogueOf(client), wanted, DRIFT_SIDES),
      };
    });
  } finally {
    // migra's pool resolves its end() before its connections have closed: dropped under them
    // (WITH (FORCE)), one would hear "terminating connection" with nobody listening, an
    // unhandled error in whatever runs this. So the drops wait for them to go.
    await connectionsGone(adminUrl, [migrated.url, declared.url]);
    await migrated.drop();
    await declared.drop();
  }
}

/** Waits (10 s at most) until no session but this one is connected to the databases at `urls`. */
async function connectionsGone(adminUrl: string, urls: string[]): Promise<void> {
  const names = urls.map((url) => new URL(url).pathname.slice(1));
  await withClient(adminUrl, (client) =>
    until(
      async () =>
        (
          await client.query<{ left: number }>(
            `select count(*)::integer as left from pg_stat_activity
             where datname = any($1::text[]) and pid <> pg_backend_pid()`,
            [names],
          )
        ).rows[0]!.left,
      10_000,
      "migra's connections to close",
      (left) => left === 0,
      // Still there after that: the forced drop ends them, as before.
    ).catch(() => undefined),
  );
}
