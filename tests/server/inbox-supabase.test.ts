import { beforeAll, expect, it } from 'vitest';
import { describePostgres } from './support/backends.ts';
import {
  AUTH_SCHEMA,
  changeCalls,
  COLLEAGUE,
  failure,
  MEMBER,
  READ_TABLES,
  STRANGER,
  supabaseLike,
  type Claims,
  type SupabaseLike,
} from './support/supabase-like.ts';

/** Our migrations on a PostgreSQL prepared like hosted Supabase, a row in every table the inbox reads. */
const prepared = supabaseLike();

describePostgres('inbox migrations on a Supabase-like PostgreSQL, for a member', () => {
  const shared = prepared('postgres');
  let client: SupabaseLike['client'];
  let lead: SupabaseLike['lead'];
  let asRequest: SupabaseLike['asRequest'];
  let member: Claims;
  beforeAll(async () => {
    ({ client, lead, asRequest } = shared());
    member = await shared().signIn(MEMBER);
  });

  it('lets a member read the lead and its delivery state through row-level security', async () => {
    const rows = await asRequest(
      'authenticated',
      member,
      'select id, email_state, webhook_state from public.inbox_leads where id = $1',
      [lead],
    );
    expect(rows).toEqual([{ id: String(lead), email_state: 'queued', webhook_state: 'queued' }]);
    for (const table of READ_TABLES) {
      expect(
        await asRequest('authenticated', member, `select * from public.${table}`),
        table,
      ).not.toEqual([]);
    }
  });

  it('shows a member their own read markers only', async () => {
    const everyone = await client.query('select member from public.lead_reads order by member');
    expect(everyone.rows).toEqual([{ member: COLLEAGUE }, { member: MEMBER }]);
    expect(
      await asRequest('authenticated', member, 'select member from public.lead_reads'),
    ).toEqual([{ member: MEMBER }]);
  });
});

describePostgres('inbox migrations on a Supabase-like PostgreSQL, for a stranger or anon', () => {
  const shared = prepared('postgres');
  let client: SupabaseLike['client'];
  let lead: SupabaseLike['lead'];
  let held: SupabaseLike['held'];
  let asRequest: SupabaseLike['asRequest'];
  let stranger: Claims;
  beforeAll(async () => {
    ({ client, lead, held, asRequest } = shared());
    // A Supabase user with a live session, not in the allowlist.
    stranger = await shared().signIn(STRANGER);
  });

  it('shows a signed-in stranger nothing of tables that all hold rows', async () => {
    for (const table of READ_TABLES) {
      const { rows } = await client.query(`select count(*)::int as n from public.${table}`);
      expect(rows[0].n, `${table} holds rows`).toBeGreaterThan(0);
      expect(
        await asRequest('authenticated', stranger, `select * from public.${table}`),
        table,
      ).toEqual([]);
    }
  });

  it('gives a signed-in stranger no figures and refuses each inbox function', async () => {
    const [{ figures }] = await asRequest(
      'authenticated',
      stranger,
      'select public.lead_figures(30) as figures',
    );
    expect(figures).toMatchObject({ leads: 0, held_as_spam: 0 });
    expect(
      await asRequest('authenticated', stranger, 'select public.inbox_is_member() as is'),
    ).toEqual([{ is: false }]);
    for (const [call, params] of changeCalls(lead, held)) {
      expect(await failure(asRequest('authenticated', stranger, call, params)), call).toBe('42501');
    }
    expect(
      await failure(
        asRequest('authenticated', stranger, `select public.inbox_send_reply($1, 'Hi')`, [lead]),
      ),
    ).toBe('42501');
  });

  it('gives anon nothing to read and nothing to call', async () => {
    for (const table of [
      'inbox_leads',
      'lead_notes',
      'lead_activity',
      'lead_reads',
      'lead_outbox',
      'lead_replies',
    ]) {
      expect(await failure(asRequest('anon', null, `select * from public.${table}`)), table).toBe(
        '42501',
      );
    }
    for (const [call, params] of changeCalls(lead, held)) {
      expect(await failure(asRequest('anon', null, call, params)), call).toBe('42501');
    }
    expect(
      await failure(asRequest('anon', null, `select public.inbox_send_reply($1, 'Hi')`, [lead])),
    ).toBe('42501');
    expect(await failure(asRequest('anon', null, 'select public.inbox_is_member()'))).toBe('42501');
    const figures = await client.query(
      `select has_function_privilege('anon', 'public.lead_figures(integer, timestamptz, text)',
         'execute') as callable`,
    );
    expect(figures.rows).toEqual([{ callable: false }]);
  });

  it('lets anon call only the challenge and an alert’s take, and no signed-in user the challenge', async () => {
    const { rows } = await client.query(
      `select r.role, array_agg(p.proname::text order by p.proname) as callable
       from pg_proc p cross join unnest(array['anon', 'authenticated']) as r(role)
       where p.pronamespace = 'public'::regnamespace
         and has_function_privilege(r.role, p.oid, 'execute')
       group by r.role order by r.role`,
    );
    expect(rows[0]).toEqual({
      role: 'anon',
      callable: ['contact_challenge', 'inbox_take_from_alert'],
    });
    expect(rows[1].callable).not.toContain('contact_challenge');
    // The challenge counts only anon's calls against an address: anyone else's would be free.
    expect(
      await failure(asRequest('authenticated', stranger, 'select public.contact_challenge()')),
    ).toBe('42501');
  });

  it('lets no API role use, read or set a sequence, despite Supabase’s default grants', async () => {
    const { rows } = await client.query(
      `select c.oid::regclass::text as sequence, r.role,
              has_sequence_privilege(r.role, c.oid, 'USAGE, SELECT, UPDATE') as granted
       from pg_class c cross join unnest(array['anon', 'authenticated']) as r(role)
       where c.relkind = 'S' and c.relnamespace = 'public'::regnamespace
       order by 1, 2`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(12);
    expect(rows.filter((row: { granted: boolean }) => row.granted)).toEqual([]);
    for (const [role, claims] of [
      ['anon', null],
      ['authenticated', stranger],
    ] as const) {
      expect(
        await failure(
          asRequest(
            role,
            claims,
            "select setval('public.lead_activity_id_seq', 9223372036854775807)",
          ),
        ),
        role,
      ).toBe('42501');
    }
  });
});

describePostgres(
  'inbox migrations on a Supabase-like PostgreSQL, left alone or out of reach',
  () => {
    const shared = prepared('postgres');
    let client: SupabaseLike['client'];
    let authSchema: SupabaseLike['authSchema'];
    let asRequest: SupabaseLike['asRequest'];
    beforeAll(() => void ({ client, authSchema, asRequest } = shared()));

    it('leaves Supabase’s auth schema as it was: its functions, users and sessions', async () => {
      expect((await client.query(AUTH_SCHEMA)).rows).toEqual(authSchema);
    });

    it('keeps the sign-in state in app_private, out of every API role’s reach', async () => {
      const member = await shared().signIn(MEMBER);
      for (const role of ['anon', 'authenticated']) {
        expect(
          await failure(asRequest(role, member, 'select * from app_private.auth_signing_key')),
          role,
        ).toBe('42501');
      }
    });
  },
);

describePostgres('inbox removal on a Supabase-like PostgreSQL', () => {
  const shared = prepared('postgres');
  let client: SupabaseLike['client'];
  let asRequest: SupabaseLike['asRequest'];
  beforeAll(() => void ({ client, asRequest } = shared()));

  const remove = 'select public.inbox_remove_member($1)';

  it('lets a member remove another for good, and nobody else remove anyone', async () => {
    const member = await shared().signIn(MEMBER);
    const colleague = await shared().signIn(COLLEAGUE);
    const stranger = await shared().signIn(STRANGER);
    expect(await failure(asRequest('anon', null, remove, [MEMBER]))).toBe('42501');
    expect(await failure(asRequest('authenticated', stranger, remove, [MEMBER]))).toBe('42501');

    // Kept, unlike asRequest's statements: PostgREST commits a call that succeeds.
    await client.query('begin');
    await client.query("select set_config('request.jwt.claims', $1, true)", [
      JSON.stringify(member),
    ]);
    await client.query('set local role authenticated');
    await client.query(remove, [COLLEAGUE]);
    await client.query('commit');

    expect(await asRequest('authenticated', colleague, 'select * from public.inbox_leads')).toEqual(
      [],
    );
    expect(await failure(asRequest('authenticated', colleague, remove, [MEMBER]))).toBe('42501');
    const { rows } = await client.query('select * from app_private.inbox_seed_members(array[$1])', [
      COLLEAGUE,
    ]);
    expect(rows).toEqual([{ address: COLLEAGUE, outcome: 'removed' }]);
  });
});
