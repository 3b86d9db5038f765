import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { migrate, MigrationChangedError, readMigrations } from '../../server/db/migrations.ts';
import { openDatabase } from '../../server/db/open-database.ts';
import { asAnon, outcome } from './support/as-anon.ts';
import {
  createPostgresDatabase,
  describeEachBackend,
  describePostgres,
  emptyDataDir,
} from './support/backends.ts';
import { VALID } from '../support/requests.ts';
import { proofFrom } from '../support/proof.ts';

/** Everything the migration decides, as text, to compare before and after a re-run. */
const CATALOG_SNAPSHOT = `
  select
    (select json_agg(c order by conname) from (
       select conname, pg_get_constraintdef(oid) as def from pg_constraint
       where conrelid = 'public.contact_submissions'::regclass) c) as constraints,
    (select json_agg(p order by policyname) from pg_policies p
       where tablename = 'contact_submissions') as policies,
    (select relacl::text from pg_class where oid = 'public.contact_submissions'::regclass) as acl,
    (select json_agg(a order by attname) from (
       select attname, attacl::text as acl from pg_attribute
       where attrelid = 'public.contact_submissions'::regclass and attnum > 0) a) as column_acl,
    (select relrowsecurity from pg_class where oid = 'public.contact_submissions'::regclass) as rls,
    (select nspacl::text from pg_namespace where nspname = 'public') as schema_acl,
    (select count(*)::int from pg_roles where rolname = 'anon') as anon_roles`;

// per backend: the migrations themselves, on PGlite and on PostgreSQL as hosted Supabase runs them.
describeEachBackend('migrations', (kind) => {
  let db: Database;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    // A database nobody has migrated: the embedded one is created from nothing here.
    const { dataDir, remove } = emptyDataDir();
    const pg = kind === 'postgres' ? await createPostgresDatabase() : undefined;
    db = await openDatabase({ dataDir, databaseUrl: pg?.url, migrate: false });
    cleanup = async () => {
      await db.close();
      await pg?.drop();
      remove();
    };
  });
  afterAll(() => cleanup?.());

  it('applies each migration once; a second run is a no-op', async () => {
    const versions = (await readMigrations()).map((m) => m.version);
    expect(await migrate(db)).toEqual(versions);
    expect(await migrate(db)).toEqual([]);
    const recorded = await db.query('select version from app_private.schema_migrations order by 1');
    expect(recorded.map((row) => row.version)).toEqual(versions);
  });

  it('is idempotent SQL: running the files again by hand changes nothing', async () => {
    const before = await db.query(CATALOG_SNAPSHOT);
    for (const migration of await readMigrations()) {
      await db.transaction((session) => session.exec(migration.sql));
    }
    expect(await db.query(CATALOG_SNAPSHOT)).toEqual(before);
  });

  it('runs concurrent starts one at a time', async () => {
    const later = {
      version: '20991231000000',
      name: 'probe',
      sql: 'create table probe (x int);',
      checksum: 'p',
    };
    const migrations = [...(await readMigrations()), later];
    const results = await Promise.all([migrate(db, migrations), migrate(db, migrations)]);
    expect(results.flat()).toEqual([later.version]);
  });

  it('refuses a migration edited after it was applied', async () => {
    const [first, ...rest] = await readMigrations();
    const edited = { ...first!, sql: `${first!.sql}\n-- edited`, checksum: 'changed' };
    await expect(migrate(db, [edited, ...rest])).rejects.toBeInstanceOf(MigrationChangedError);
  });

  it('turns row-level security on: anon may insert, a signed-in member may read', async () => {
    const [table] = await db.query(
      "select relrowsecurity, relforcerowsecurity from pg_class where oid = 'public.contact_submissions'::regclass",
    );
    expect(table).toEqual({ relrowsecurity: true, relforcerowsecurity: false });
    const policies = await db.query(
      "select cmd, roles::text as roles, with_check from pg_policies where tablename = 'contact_submissions' order by cmd, roles::text",
    );
    expect(policies).toEqual([
      { cmd: 'INSERT', roles: '{anon}', with_check: 'true' },
      // Only for `on conflict (submission_key)`: rows of anon's own transaction (20261124010000_submission_key.sql).
      { cmd: 'SELECT', roles: '{anon}', with_check: null },
      // Only for an inbox member (20261125020000_inbox_leads.sql).
      { cmd: 'SELECT', roles: '{authenticated}', with_check: null },
    ]);
  });

  it('lets anon insert the three fields and nothing else', async () => {
    const insert =
      'insert into public.contact_submissions (name, email, message, proof) values ($1, $2, $3, $4)';
    const values = [VALID.name, VALID.email, VALID.message, await proofFrom(db)];
    expect(await outcome(asAnon(db, insert, values))).toBe('ok');

    const refused = {
      select: 'select * from public.contact_submissions',
      'select one column': 'select email from public.contact_submissions',
      update: "update public.contact_submissions set status = 'spam'",
      delete: 'delete from public.contact_submissions',
      truncate: 'truncate public.contact_submissions',
      'insert returning': `${insert.replace('($1, $2, $3, $4)', "('a', 'a@b.co', 'm', null)")} returning id`,
      'insert a status': `insert into public.contact_submissions (name, email, message, status) values ('a', 'a@b.co', 'm', 'closed')`,
      'insert an id': `insert into public.contact_submissions (id, name, email, message) overriding system value values (99, 'a', 'a@b.co', 'm')`,
      'read the migration log': 'select * from app_private.schema_migrations',
    };
    for (const [what, sql] of Object.entries(refused)) {
      expect(`${what}: ${await outcome(asAnon(db, sql))}`).toBe(`${what}: 42501`);
    }
    // The submission key's column grant lets a count run, over no row anon can see.
    const [counted] = await asAnon(db, 'select count(*)::int as n from public.contact_submissions');
    expect(counted).toEqual({ n: 0 });
  });
});

describePostgres('migrations run by a database owner who is not a superuser', () => {
  it('still let the owner insert as anon', async () => {
    const pg = await createPostgresDatabase();
    const owner = `owner_${Math.random().toString(36).slice(2, 10)}`;
    const superuser = await openDatabase({ dataDir: '', databaseUrl: pg.url, migrate: false });
    await superuser.query(`create role ${owner} login createrole`);
    await superuser.query(`alter database ${new URL(pg.url).pathname.slice(1)} owner to ${owner}`);
    await superuser.query(`alter schema public owner to ${owner}`);

    const url = new URL(pg.url);
    url.username = owner;
    const db = await openDatabase({ dataDir: '', databaseUrl: url.href });
    await db.insertSubmission(VALID, { clientAddress: '203.0.113.7', proof: await proofFrom(db) });
    expect(await outcome(asAnon(db, 'select * from public.contact_submissions'))).toBe('42501');
    await db.close();
    await superuser.close();
    await pg.drop();
    // Roles outlive databases; leave the cluster as we found it.
    const cluster = await openDatabase({
      dataDir: '',
      databaseUrl: inject('postgresUrl'),
      migrate: false,
    });
    await cluster.query(`drop role ${owner}`);
    await cluster.close();
  });
});
