import { beforeAll, expect, it } from 'vitest';
import { describePostgres } from './support/backends.ts';
import { deviceArgs, testSubscription } from './support/push-subscription.ts';
import {
  changeCalls,
  failure,
  MEMBER,
  READ_TABLES,
  supabaseLike,
  type SupabaseLike,
} from './support/supabase-like.ts';

/**
 * On hosted Supabase, Supabase Auth keeps sessions in auth.sessions and ends
 * one by deleting its row (sign-out; a reused refresh token). An access token
 * outlives its session by up to an hour; the database's rule
 * (public.inbox_is_member()) must then read nothing and change nothing.
 */
const prepared = supabaseLike();

describePostgres('inbox on a Supabase-like PostgreSQL, after Supabase Auth ends a session', () => {
  const shared = prepared('postgres');
  let client: SupabaseLike['client'];
  let lead: SupabaseLike['lead'];
  let held: SupabaseLike['held'];
  let signIn: SupabaseLike['signIn'];
  let asRequest: SupabaseLike['asRequest'];
  beforeAll(() => void ({ client, lead, held, signIn, asRequest } = shared()));

  const reads = (claims: object) =>
    asRequest('authenticated', claims, 'select id from public.inbox_leads where id = $1', [lead]);

  /** What PostgREST with row-level security answers: empty reads, false, nought, and 42501s. */
  const expectEnded = async (claims: object) => {
    for (const table of READ_TABLES) {
      expect(
        await asRequest('authenticated', claims, `select * from public.${table}`),
        table,
      ).toEqual([]);
    }
    expect(
      await asRequest('authenticated', claims, 'select public.inbox_is_member() as is'),
    ).toEqual([{ is: false }]);
    const [{ figures }] = await asRequest(
      'authenticated',
      claims,
      'select public.lead_figures(30) as figures',
    );
    expect(figures).toMatchObject({ leads: 0 });
    for (const [call, params] of changeCalls(lead, held)) {
      expect(await failure(asRequest('authenticated', claims, call, params)), call).toBe('42501');
    }
  };

  it('reads nothing once its session row is gone (sign-out, scope local; a reused refresh token)', async () => {
    const laptop = await signIn(MEMBER);
    const phone = await signIn(MEMBER);
    expect(await reads(laptop)).toHaveLength(1);
    // GoTrue's models.LogoutSession, for /logout?scope=local and for refresh-token reuse.
    await client.query('delete from auth.sessions where id = $1', [laptop.session_id]);
    await expectEnded(laptop);
    expect(await reads(phone)).toHaveLength(1);
  });

  it('reads nothing on any device after sign-out, scope global', async () => {
    const laptop = await signIn(MEMBER);
    const phone = await signIn(MEMBER);
    // GoTrue's models.Logout: every session of the user.
    await client.query('delete from auth.sessions where user_id = $1', [laptop.sub]);
    for (const claims of [laptop, phone]) await expectEnded(claims);
  });

  it('reads nothing with a token that names no live session of its own user', async () => {
    const member = await signIn(MEMBER);
    const other = await signIn('someone-else@example.co.uk');
    for (const [what, claims] of Object.entries({
      // JSON leaves an undefined claim out.
      'no session_id': { ...member, session_id: undefined },
      'a session that never was': { ...member, session_id: crypto.randomUUID() },
      'a session_id that is no uuid': { ...member, session_id: 'not-a-uuid' },
      'another user’s live session': { ...member, session_id: other.session_id },
    })) {
      expect(await reads(claims), what).toEqual([]);
      expect(
        await failure(
          asRequest('authenticated', claims, 'select public.inbox_mark_read($1)', [lead]),
        ),
        what,
      ).toBe('42501');
    }
    expect(await reads(member)).toHaveLength(1);
  });

  it('reads nothing after the member is removed from the allowlist', async () => {
    const leaving = 'leaving@example.co.uk';
    await client.query('insert into app_private.inbox_members (email) values ($1)', [leaving]);
    const claims = await signIn(leaving);
    expect(await reads(claims)).toHaveLength(1);
    await client.query('delete from app_private.inbox_members where email = $1', [leaving]);
    await expectEnded(claims);
  });

  it('also reads with a session of our server’s (app_private.auth_sessions) until it ends', async () => {
    const { rows } = await client.query(
      `insert into app_private.auth_sessions (email) values ($1) returning id`,
      [MEMBER],
    );
    const [{ user_id: sub }] = (
      await client.query('select user_id from app_private.inbox_members where email = $1', [MEMBER])
    ).rows;
    const ours = {
      role: 'authenticated',
      aud: 'authenticated',
      email: MEMBER,
      sub,
      session_id: rows[0].id,
    };
    expect(await reads(ours)).toHaveLength(1);
    await client.query('delete from app_private.auth_sessions where id = $1', [ours.session_id]);
    await expectEnded(ours);
  });

  /** One statement as PostgREST runs it, committed: for a change a later statement reads. */
  const asCommitted = async (claims: object, sql: string, params: unknown[] = []) => {
    await client.query('begin');
    try {
      await client.query("select set_config('request.jwt.claims', $1, true)", [
        JSON.stringify(claims),
      ]);
      await client.query('set local role authenticated');
      const { rows } = await client.query(sql, params);
      await client.query('commit');
      return rows;
    } catch (error) {
      await client.query('rollback');
      throw error;
    }
  };

  it('refuses an alert’s "I’m on it" once the session that turned alerts on has ended', async () => {
    const phone = await signIn(MEMBER);
    const subscription = deviceArgs(testSubscription('https://fcm.googleapis.com/fcm/send/lost'));
    const [{ id: device }] = await asCommitted(
      phone,
      'select public.inbox_add_push_device($1, $2, $3, $4) as id',
      Object.values(subscription),
    );
    const [{ token }] = (
      await client.query('select app_private.push_take_token($1, $2) as token', [lead, device])
    ).rows;
    const take = () =>
      failure(asRequest('anon', null, 'select public.inbox_take_from_alert($1)', [token]));
    expect(await take()).toBe('ok');
    // GoTrue's models.LogoutSession: signOut({ scope: 'local' }) on the phone.
    await client.query('delete from auth.sessions where id = $1', [phone.session_id]);
    expect(await take()).toBe('PT403');
  });

  it('holds a member to 30 replies an hour when the lead they went to is erased', async () => {
    const member = await signIn(MEMBER);
    const newLead = async () =>
      Number(
        (
          await client.query(
            `insert into public.contact_submissions (name, email, message)
             values ('Target', 'target@example.co.uk', 'Hi') returning id`,
          )
        ).rows[0].id,
      );
    const first = await newLead();
    for (let i = 1; i <= 30; i++) {
      await asCommitted(member, 'select public.inbox_send_reply($1, $2)', [first, `No ${i}`]);
    }
    await asCommitted(member, 'select public.inbox_erase($1)', [first]);
    const again = await newLead();
    expect(
      await failure(
        asRequest('authenticated', member, 'select public.inbox_send_reply($1, $2)', [
          again,
          'No 31',
        ]),
      ),
    ).toBe('PT429');
  });
});
