import { beforeAll, expect, it } from 'vitest';
import { describePostgres } from './support/backends.ts';
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
});
