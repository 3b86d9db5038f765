import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, inject, it, onTestFinished } from 'vitest';
import { diffSchemas, SCHEMAS_DIR } from '../../scripts/db/schema-diff.ts';
import { describePostgres } from './support/backends.ts';

/**
 * `npm run db:diff` writes the next migration from supabase/schemas/: what a
 * change there needs, whole, and nothing when there is none.
 */

/** Two databases built from nothing, twice over, on a busy 2-core machine. */
const TIMEOUT = 240_000;

/** supabase/schemas/ copied, with `sql` declared after the rest. */
function declaredWith(sql: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'schemas-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  cpSync(SCHEMAS_DIR, dir, { recursive: true });
  writeFileSync(join(dir, '99_change.sql'), sql);
  return dir;
}

describePostgres('npm run db:diff', () => {
  it(
    'writes nothing on PostgreSQL 15: the declared schema is what the migrations make',
    async () => {
      const diff = await diffSchemas(inject('postgresUrl')!);
      expect(diff).toEqual({ statements: [], drops: [], unwritten: [] });
    },
    TIMEOUT,
  );

  it(
    'writes a new column, a function, its comment and who may call it, so the migrated database becomes the declared one',
    async () => {
      const dir = declaredWith(`
        alter table public.contact_submissions add column diff_probe text;
        comment on column public.contact_submissions.diff_probe is 'A probe''s column.';
        create function app_private.diff_probe(n int) returns int language sql immutable
          as 'select n + 1';
        comment on function app_private.diff_probe(int) is 'Why it exists.';
        revoke execute on function app_private.diff_probe(int) from public;
        grant execute on function app_private.diff_probe(int) to authenticated;
        comment on table public.contact_submissions is 'Leads, as a reader would call them.';
      `);
      const diff = await diffSchemas(inject('postgresUrl')!, dir);
      expect(diff.unwritten).toEqual([]);
      expect(diff.drops).toEqual([]);
      expect(diff.statements).toContain(
        `alter table "public"."contact_submissions" add column "diff_probe" text;`,
      );
      expect(diff.statements).toContain(
        `grant execute on function app_private.diff_probe(integer) to authenticated;`,
      );
      expect(diff.statements).toContain(
        `comment on table public.contact_submissions is 'Leads, as a reader would call them.';`,
      );
    },
    TIMEOUT,
  );

  it(
    'names what it drops, and what it cannot write: a row the declared schema starts with',
    async () => {
      const dir = declaredWith(`
        drop index app_private.auth_wrong_codes_at;
        create table app_private.diff_probe_rows (id int primary key);
        insert into app_private.diff_probe_rows values (1);
      `);
      const diff = await diffSchemas(inject('postgresUrl')!, dir);
      expect(diff.drops).toEqual([`drop index if exists "app_private"."auth_wrong_codes_at";`]);
      expect(diff.unwritten).toEqual([
        expect.stringMatching(/^rows of app_private\.diff_probe_rows: rows differs/),
      ]);
    },
    TIMEOUT,
  );

  it(
    'says so when its statements do not apply, rather than writing a migration that fails',
    async () => {
      // migra drops and makes again the inbox's views to change the leads'
      // table, but not the functions that return their rows.
      const dir = declaredWith(`alter table public.contact_submissions drop column proof;`);
      const diff = await diffSchemas(inject('postgresUrl')!, dir);
      expect(diff.unwritten).toEqual([
        expect.stringMatching(
          /^the statements fail: cannot drop .* because other objects depend on it/,
        ),
      ]);
    },
    TIMEOUT,
  );
});
