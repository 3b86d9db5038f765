import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlType } from '../../shared/inbox-columns.ts';
import { LEAD_STATUSES, REPLY_METHODS, REPLY_STATES } from '../../shared/lead-status.ts';
import { LIMITS, NOTE_MAX_CHARS } from '../../shared/limits.ts';
import { REPLY_MAX_CHARS } from '../../shared/reply-quote.ts';
import type { Database } from '../../server/db/database.ts';
import { openDatabase } from '../../server/db/open-database.ts';
import { READ_TABLES } from '../../server/rest/inbox/read-tables.ts';
import { freshBackend, type Backend } from './support/backends.ts';

/**
 * The rules shared/ defines once that the database must hold too, read from
 * the catalogue of a database built from the migrations: a migration that
 * changes one of them without the TypeScript (or the other way round) fails
 * here, naming the rule. The catalogue is the same on both backends, so the
 * embedded one is enough.
 */
let backend: Backend;
let db: Database;
beforeAll(async () => {
  backend = await freshBackend('embedded');
  db = await openDatabase(backend.options);
});
afterAll(async () => {
  await db?.close();
  await backend?.dispose();
});

async function constraint(name: string): Promise<string> {
  const [row] = await db.query(
    'select pg_get_constraintdef(oid) as def from pg_constraint where conname = $1',
    [name],
  );
  expect(row, `constraint ${name}`).toBeDefined();
  return String(row!.def);
}

async function functionBody(signature: string): Promise<string> {
  const [row] = await db.query('select pg_get_functiondef($1::regprocedure) as def', [signature]);
  return String(row!.def);
}

/** The quoted words of a CHECK or an `in (…)`, sorted: the order is the page's, not the rule's. */
const quoted = (sql: string) => [...sql.matchAll(/'([^']*)'/g)].map((m) => m[1]).sort();
const sorted = (values: readonly string[]) => [...values].sort();

describe('SQL holds the values shared/ defines', () => {
  it("a lead's statuses: the CHECK, and what inbox_set_status takes and says", async () => {
    expect(quoted(await constraint('contact_submissions_status_check'))).toEqual(
      sorted(LEAD_STATUSES),
    );
    const body = await functionBody('public.inbox_set_status(bigint, text)');
    const accepted = /new_status not in \(([^)]*)\)/.exec(body);
    expect(accepted, 'inbox_set_status checks new_status with not in (…)').not.toBeNull();
    expect(quoted(accepted![1]!)).toEqual(sorted(LEAD_STATUSES));
    expect(body).toContain(`status must be one of ${LEAD_STATUSES.join(', ')}`);
  });

  it("a reply's states and a lead's reply methods", async () => {
    expect(quoted(await constraint('lead_replies_state_check'))).toEqual(sorted(REPLY_STATES));
    expect(quoted(await constraint('contact_submissions_reply_method_check'))).toEqual(
      sorted(REPLY_METHODS),
    );
  });

  it("a submission's limits: the CHECKs, and the search words made only within them", async () => {
    const [search] = await db.query(
      `select pg_get_expr(adbin, adrelid) as expr from pg_attrdef
       join pg_attribute on attrelid = adrelid and attnum = adnum
       where adrelid = 'public.contact_submissions'::regclass and attname = 'search'`,
    );
    for (const [field, { min, max }] of Object.entries(LIMITS)) {
      const check = await constraint(`contact_submissions_${field}_check`);
      expect(check).toContain(`char_length(${field}) >= ${min}`);
      expect(check).toContain(`char_length(${field}) <= ${max}`);
      expect(String(search?.expr)).toContain(`char_length(${field}) <= ${max}`);
    }
  });

  it('the longest note and reply: the CHECKs, and the functions that add them', async () => {
    const cases = [
      ['lead_notes_body_check', 'public.inbox_add_note(bigint, text)', NOTE_MAX_CHARS],
      ['lead_replies_body_check', 'public.inbox_send_reply(bigint, text)', REPLY_MAX_CHARS],
    ] as const;
    for (const [check, fn, max] of cases) {
      expect(await constraint(check)).toContain(`char_length(body) <= ${max}`);
      expect(await functionBody(fn)).toContain(`not between 1 and ${max} then`);
    }
  });
});

/** How the catalogue names each SQL type shared/inbox-columns.ts uses. */
const CATALOGUE_TYPE: Record<SqlType, string> = {
  bigint: 'bigint',
  text: 'text',
  'text[]': 'text[]',
  boolean: 'boolean',
  timestamptz: 'timestamp with time zone',
  jsonb: 'jsonb',
  tsvector: 'tsvector',
};

describe("the inbox's reads are the views' and tables' columns (shared/inbox-columns.ts)", () => {
  it.each(Object.entries(READ_TABLES))('%s', async (name, table) => {
    const rows = await db.query(
      `select attname, format_type(atttypid, atttypmod) as type, relkind from pg_attribute
       join pg_class on pg_class.oid = attrelid
       where attrelid = ('public.' || $1)::regclass and attnum > 0 and not attisdropped`,
      [name],
    );
    const typed = Object.fromEntries(
      Object.entries(table.columns).map(([column, { type }]) => [column, CATALOGUE_TYPE[type]]),
    );
    // A view is read whole; of a table, the worker's own columns (attempts, locks) are never read.
    const isView = rows[0]?.relkind === 'v';
    const inDatabase = Object.fromEntries(
      rows
        .filter((row) => isView || Object.hasOwn(typed, String(row.attname)))
        .map((row) => [row.attname, row.type]),
    );
    expect(typed, `${name}'s columns`).toEqual(inDatabase);

    // Computed fields: public.<field>(<name>), as PostgREST finds them.
    for (const [field, { type }] of Object.entries(table.computed ?? {})) {
      const [fn] = await db.query(
        `select format_type(prorettype, null) as type from pg_proc
         where proname = $1 and pronamespace = 'public'::regnamespace
           and proargtypes[0] = ('public.' || $2)::regtype and pronargs = 1`,
        [field, name],
      );
      expect(fn?.type, `public.${field}(${name})`).toBe(CATALOGUE_TYPE[type]);
    }
  });
});
