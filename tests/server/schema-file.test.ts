import { readFileSync } from 'node:fs';
import { expect, it, onTestFinished } from 'vitest';
import { openDatabase } from '../../server/db/open-database.ts';
import { dumpSchema, SCHEMA_FILE } from '../../scripts/schema-dump.ts';
import { describePostgres, freshBackend } from './support/backends.ts';

describePostgres('supabase/schema.sql', () => {
  it('is the database the migrations make (npm run db:schema writes it)', async () => {
    const backend = await freshBackend('postgres');
    onTestFinished(() => backend.dispose());
    await (await openDatabase(backend.options)).close();
    const migrated = dumpSchema(backend.options.databaseUrl!);
    const file = readFileSync(SCHEMA_FILE, 'utf8');
    // On a mismatch, the first differing line says where: a migration changed, or the file was edited.
    const lines = (text: string) => text.split('\n');
    const at = lines(file).findIndex((line, index) => line !== lines(migrated)[index]);
    expect(
      at === -1
        ? 'the same'
        : `line ${at + 1}: file "${lines(file)[at]}", migrations "${lines(migrated)[at]}"`,
    ).toBe('the same');
  });

  it('says why each of our functions and policies exists, as its COMMENT', async () => {
    const backend = await freshBackend('postgres');
    onTestFinished(() => backend.dispose());
    const db = await openDatabase(backend.options);
    onTestFinished(() => db.close());
    const silent = await db.query(
      `select n.nspname || '.' || p.proname as name from pg_proc p
       join pg_namespace n on n.oid = p.pronamespace
       where n.nspname in ('public', 'app_private') and obj_description(p.oid, 'pg_proc') is null
       union all
       select polname || ' on ' || polrelid::regclass from pg_policy
       where obj_description(oid, 'pg_policy') is null
       order by 1`,
    );
    expect(silent.map((row) => row.name)).toEqual([]);
  });
});
