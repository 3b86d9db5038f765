import pg from 'pg';
import { beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/open-database.ts';
import {
  createPostgresDatabase,
  describePostgres,
  emptyDataDir,
  sharedPerBackend,
} from './support/backends.ts';
import { SUPABASE_PREPARATION } from './support/supabase-shaped.ts';

const AUTH_FUNCTIONS = `
  select p.oid::int as oid, p.proname, pg_get_functiondef(p.oid) as definition, p.proacl::text as acl
  from pg_proc p where p.pronamespace = 'auth'::regnamespace order by p.proname`;

const MEMBER = 'owner@example.co.uk';

const member = { role: 'authenticated', email: MEMBER, sub: crypto.randomUUID() };
const stranger = {
  role: 'authenticated',
  email: 'stranger@example.co.uk',
  sub: crypto.randomUUID(),
};
const failure = (run: Promise<unknown>) =>
  run.then(
    () => 'ok',
    (error: { code?: string }) => error.code,
  );

/** One PostgreSQL database prepared like hosted Supabase and migrated, shared by the describes below. */
const prepared = sharedPerBackend(async () => {
  const database = await createPostgresDatabase();
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  await client.query(SUPABASE_PREPARATION);
  const supabaseFunctions: unknown[] = (await client.query(AUTH_FUNCTIONS)).rows;

  const { dataDir, remove } = emptyDataDir();
  const db = await openDatabase({ dataDir, databaseUrl: database.url });
  await db.close();
  remove();

  await client.query('insert into app_private.inbox_members (email) values ($1)', [MEMBER]);
  const { rows } = await client.query(
    `insert into public.contact_submissions (name, email, message)
     values ('Ada', 'ada@example.co.uk', 'Hello') returning id`,
  );
  const lead = Number(rows[0].id);

  /** One statement as PostgREST runs a request: the role, and the token's claims. */
  const asRequest = async (
    role: string,
    claims: object | null,
    sql: string,
    params: unknown[] = [],
  ) => {
    await client.query('begin');
    try {
      if (claims) {
        await client.query("select set_config('request.jwt.claims', $1, true)", [
          JSON.stringify(claims),
        ]);
      }
      await client.query(`set local role ${role}`);
      return (await client.query(sql, params)).rows;
    } finally {
      await client.query('rollback');
    }
  };

  return {
    client,
    supabaseFunctions,
    lead,
    asRequest,
    async close() {
      await client.end();
      await database.drop();
    },
  };
});

type Prepared = ReturnType<ReturnType<typeof prepared>>;

describePostgres('inbox migrations on a Supabase-like PostgreSQL, for a member', () => {
  const shared = prepared('postgres');
  let lead: Prepared['lead'];
  let asRequest: Prepared['asRequest'];
  beforeAll(() => void ({ lead, asRequest } = shared()));

  it('lets a member read the lead and its delivery state through row-level security', async () => {
    const rows = await asRequest(
      'authenticated',
      member,
      'select id, email_state from public.inbox_leads',
    );
    expect(rows).toEqual([{ id: String(lead), email_state: 'queued' }]);
    for (const table of ['contact_submissions', 'lead_outbox']) {
      expect(
        await asRequest('authenticated', member, `select * from public.${table}`),
        table,
      ).toHaveLength(1);
    }
  });
});

describePostgres('inbox migrations on a Supabase-like PostgreSQL, for a stranger or anon', () => {
  const shared = prepared('postgres');
  let lead: Prepared['lead'];
  let asRequest: Prepared['asRequest'];
  beforeAll(() => void ({ lead, asRequest } = shared()));

  it('shows a signed-in stranger nothing and refuses their changes', async () => {
    for (const table of [
      'inbox_leads',
      'contact_submissions',
      'lead_outbox',
      'lead_webhooks',
      'lead_summaries',
      'lead_notes',
      'lead_activity',
      'lead_reads',
    ]) {
      expect(
        await asRequest('authenticated', stranger, `select * from public.${table}`),
        table,
      ).toEqual([]);
    }
    expect(
      await failure(asRequest('authenticated', stranger, 'select public.inbox_erase($1)', [lead])),
    ).toBe('42501');
  });

  it('gives anon nothing to read and nothing to call', async () => {
    for (const table of [
      'inbox_leads',
      'lead_notes',
      'lead_activity',
      'lead_reads',
      'lead_outbox',
    ]) {
      expect(await failure(asRequest('anon', null, `select * from public.${table}`)), table).toBe(
        '42501',
      );
    }
    for (const call of ['inbox_erase($1)', 'inbox_not_spam($1)', 'inbox_mark_read($1)']) {
      expect(await failure(asRequest('anon', null, `select public.${call}`, [lead])), call).toBe(
        '42501',
      );
    }
    expect(await failure(asRequest('anon', null, 'select public.inbox_is_member()'))).toBe('42501');
  });
});

describePostgres(
  'inbox migrations on a Supabase-like PostgreSQL, left alone or out of reach',
  () => {
    const shared = prepared('postgres');
    let client: Prepared['client'];
    let supabaseFunctions: Prepared['supabaseFunctions'];
    let asRequest: Prepared['asRequest'];
    beforeAll(() => void ({ client, supabaseFunctions, asRequest } = shared()));

    it('leaves Supabase’s auth functions as they were', async () => {
      expect((await client.query(AUTH_FUNCTIONS)).rows).toEqual(supabaseFunctions);
    });

    it('keeps the sign-in state in app_private, out of every API role’s reach', async () => {
      for (const role of ['anon', 'authenticated']) {
        expect(
          await failure(asRequest(role, member, 'select * from app_private.auth_signing_key')),
          role,
        ).toBe('42501');
      }
    });
  },
);
