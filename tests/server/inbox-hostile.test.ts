import { SignJWT } from 'jose';
import { beforeAll, expect, it } from 'vitest';
import { addMembers, removeMember } from '../../server/auth/members.ts';
import { describeOnEmbedded, sharedPerBackend } from './support/backends.ts';
import { capturedLog } from './support/captured-log.ts';
import { codeSentTo, OWNER, signIn, startInboxServer, storeLead } from './support/inbox.ts';
import { expectEnded } from './support/session-reach.ts';

/**
 * Hostile attempts on sign-in and the reads (docs/inbox.md, "Who can read a lead", "Signing in").
 */

const STRANGER = 'stranger@example.co.uk';
const SEARCH_TERM = 'zebracrossing';

const claims = (email: string) => ({
  sub: crypto.randomUUID(),
  email,
  role: 'authenticated',
  aud: 'authenticated',
  session_id: crypto.randomUUID(),
});
const sign = (payload: object, key: Uint8Array, expiresIn = '1h') =>
  new SignJWT({ ...payload })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(key);
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** One inbox server for the file, its log captured, with one lead stored. */
const hostileInbox = sharedPerBackend(async (kind) => {
  const log = capturedLog();
  const inbox = await startInboxServer(kind, { logger: log.stream });
  const lead = await storeLead(inbox.server, {
    name: 'Lead',
    email: 'l@example.co.uk',
    message: 'Hi',
  });
  const read = (token?: string, query = 'select=id', view = 'inbox_leads') =>
    inbox.fetch(`${inbox.url}/rest/v1/${view}?${query}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const realKey = async () =>
    new TextEncoder().encode(
      String(
        (await inbox.server.query('select secret from app_private.auth_signing_key'))[0]!.secret,
      ),
    );
  return { inbox, log, lead, read, realKey, close: () => inbox.close() };
});

type Hostile = ReturnType<ReturnType<typeof hostileInbox>>;

describeOnEmbedded('inbox: hostile attempts with a forged or a stranger’s token', (kind) => {
  const shared = hostileInbox(kind);
  let inbox: Hostile['inbox'];
  let lead: Hostile['lead'];
  let read: Hostile['read'];
  let realKey: Hostile['realKey'];
  beforeAll(() => void ({ inbox, lead, read, realKey } = shared()));

  it('refuses forged tokens with PostgREST’s 401, reading nothing', async () => {
    const session = await signIn(inbox.client(), inbox.sink);
    const [header, payload, signature] = session.access_token.split('.');
    const body = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as object;
    const forged = {
      'a wrong key': await sign(claims(OWNER), new TextEncoder().encode('x'.repeat(64))),
      'alg none': `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims(OWNER))}.`,
      'a changed role': `${header}.${b64({ ...body, role: 'service_role' })}.${signature}`,
      'a changed email': `${header}.${b64({ ...body, email: 'other@example.co.uk' })}.${signature}`,
    };
    for (const [what, token] of Object.entries(forged)) {
      const response = await read(token);
      expect(response.status, what).toBe(401);
      expect((await response.json()) as object, what).toMatchObject({ code: 'PGRST301' });
      expect(response.headers.get('www-authenticate'), what).toMatch(
        /^Bearer error="invalid_token"/,
      );
    }
    const expired = await read(await sign(claims(OWNER), await realKey(), '-1m'));
    expect(expired.status).toBe(401);
    expect(await expired.json()).toMatchObject({ code: 'PGRST303', message: 'JWT expired' });
  });

  it('lets a signed-in stranger and anon read nothing and change nothing', async () => {
    const stranger = await sign(claims(STRANGER), await realKey());
    const asStranger = await read(stranger);
    expect(asStranger.status).toBe(200);
    expect(await asStranger.json()).toEqual([]);
    const change = await inbox.fetch(`${inbox.url}/rest/v1/rpc/inbox_erase`, {
      method: 'POST',
      headers: { authorization: `Bearer ${stranger}`, 'content-type': 'application/json' },
      body: JSON.stringify({ lead_id: lead }),
    });
    expect(change.status).toBe(403);
    expect(await change.json()).toMatchObject({ code: '42501' });

    const anon = await read();
    expect(anon.status).toBe(401);
    expect(await anon.json()).toMatchObject({ code: '42501' });
    // PostgREST's every 401 from the database names the scheme that would do (Error.hs).
    expect(anon.headers.get('www-authenticate')).toBe('Bearer');
    const anonChange = await inbox.fetch(`${inbox.url}/rest/v1/rpc/inbox_erase`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ lead_id: lead }),
    });
    expect(anonChange.status).toBe(401);
    expect(await anonChange.json()).toMatchObject({ code: '42501' });
    expect(anonChange.headers.get('www-authenticate')).toBe('Bearer');
    expect(
      await inbox.server.query('select id from public.contact_submissions where id = $1', [lead]),
    ).toHaveLength(1);
  });
});

describeOnEmbedded('inbox: hostile attempts at sign-in', (kind) => {
  const shared = hostileInbox(kind);
  let inbox: Hostile['inbox'];
  beforeAll(() => void ({ inbox } = shared()));

  it('takes five wrong tries an hour from one client address, then not even the right code', async () => {
    // An address of its own: OWNER signs in from this client address in the tests below.
    const member = 'mistyped@example.co.uk';
    await addMembers(inbox.server.database, [member]);
    const client = inbox.client();
    const before = inbox.sink.received.length;
    await client.auth.signInWithOtp({ email: member, options: { shouldCreateUser: false } });
    const code = await codeSentTo(inbox.sink, member, before);
    const wrong = `${code.slice(0, -1)}${(Number(code.at(-1)) + 1) % 10}`;
    for (let i = 0; i < 5; i++) {
      const { error } = await client.auth.verifyOtp({ email: member, token: wrong, type: 'email' });
      expect(error).toMatchObject({ status: 403, code: 'otp_expired' });
    }
    const { error } = await client.auth.verifyOtp({ email: member, token: code, type: 'email' });
    expect(error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
  });

  it('answers any address the same and emails only a member', async () => {
    const ask = (email: string) =>
      inbox.fetch(`${inbox.url}/auth/v1/otp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
        body: JSON.stringify({ email, create_user: false, data: {}, gotrue_meta_security: {} }),
      });
    const before = inbox.sink.received.length;
    const stranger = await ask(STRANGER);
    const member = await ask(OWNER);
    expect([stranger.status, await stranger.text()]).toEqual([member.status, await member.text()]);
    expect(stranger.status).toBe(200);
    // Codes go out in the order asked: once the member's has arrived, a stranger's would have too.
    await codeSentTo(inbox.sink, OWNER, before);
    expect(inbox.sink.received.flatMap((mail) => mail.envelopeTo)).not.toContain(STRANGER);
  });
});

describeOnEmbedded('inbox: hostile attempts after a session ends', (kind) => {
  const shared = hostileInbox(kind);
  let inbox: Hostile['inbox'];
  let read: Hostile['read'];
  beforeAll(() => void ({ inbox, read } = shared()));

  it('ends a removed member’s sessions at once', async () => {
    const member = 'leaving@example.co.uk';
    await addMembers(inbox.server.database, [member]);
    const client = inbox.client();
    const session = await signIn(client, inbox.sink, member);
    expect(await (await read(session.access_token)).json()).not.toEqual([]);

    // What `submissions members remove` runs (tests/server/inbox-members.test.ts).
    expect(await removeMember(inbox.server.database, member)).toBe(true);

    expect(await (await read(session.access_token)).json()).toEqual([]);
    expect((await client.auth.getUser()).data.user).toBeNull();
    const refreshed = await inbox.client().auth.refreshSession({
      refresh_token: session.refresh_token,
    });
    expect(refreshed.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
  });
});

describeOnEmbedded('inbox: hostile attempts to leave a search in the log', (kind) => {
  const shared = hostileInbox(kind);
  let inbox: Hostile['inbox'];
  let log: Hostile['log'];
  let read: Hostile['read'];
  beforeAll(() => void ({ inbox, log, read } = shared()));

  it('never logs a search term or an authenticated read’s query string', async () => {
    const session = await signIn(inbox.client(), inbox.sink);
    const search = `search=fts(simple).${SEARCH_TERM}:*`;
    expect((await read(session.access_token, search, 'inbox_list')).status).toBe(200);
    expect(
      (await read(session.access_token, `${search}&id=gt.${SEARCH_TERM}`, 'inbox_list')).status,
    ).toBe(400);
    expect((await read(session.access_token, `id=eq.${SEARCH_TERM}`)).status).toBe(400);
    expect(log.text()).toContain('/rest/v1/inbox_leads');
    expect(log.text()).not.toContain(SEARCH_TERM);
    // The start-up lines name INBOX_EMAILS' addresses, the operator's setting; no request's line does.
    const requestLines = log.lines().filter((line) => 'reqId' in line);
    expect(requestLines.length).toBeGreaterThan(0);
    expect(JSON.stringify(requestLines)).not.toContain(OWNER);
  });
});

describeOnEmbedded('inbox: hostile attempts with a token signed by the real key', (kind) => {
  const shared = hostileInbox(kind);
  let inbox: Hostile['inbox'];
  let lead: Hostile['lead'];
  let read: Hostile['read'];
  let realKey: Hostile['realKey'];
  beforeAll(() => void ({ inbox, lead, read, realKey } = shared()));

  /** A live member's own claims, changed, and signed again with the database's key. */
  const resigned = async (changes: object) => {
    const session = await signIn(inbox.client(), inbox.sink);
    const [, payload] = session.access_token.split('.');
    const own = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as object;
    return sign({ ...own, ...changes }, await realKey());
  };

  it('refuses a foreign role or audience with PostgREST’s 401 (request-role.ts)', async () => {
    expect(await (await read(await resigned({}))).json()).toEqual([{ id: lead }]);
    for (const [what, changes] of Object.entries({
      'role service_role': { role: 'service_role' },
      'role postgres': { role: 'postgres' },
      'aud service_role': { aud: 'service_role' },
      'no aud': { aud: undefined },
    })) {
      const token = await resigned(changes);
      const response = await read(token);
      expect(response.status, what).toBe(401);
      expect((await response.json()) as object, what).toMatchObject({
        code: expect.stringMatching(/^PGRST30[13]$/),
      });
      expect(response.headers.get('www-authenticate'), what).toMatch(
        /^Bearer error="invalid_token"/,
      );
      const erase = await inbox.fetch(`${inbox.url}/rest/v1/rpc/inbox_erase`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ lead_id: lead }),
      });
      expect(erase.status, what).toBe(401);
    }
    expect(await (await read(await resigned({}))).json()).toEqual([{ id: lead }]);
  });

  it('reads nothing and changes nothing with a dead or missing session_id', async () => {
    const held = await storeLead(inbox.server, {
      name: 'Held',
      email: 'h@example.co.uk',
      message: 'Buy',
      suspected_spam: true,
    });
    // A row in each table a member reads, so an ended session's empty answer means something.
    await inbox.server.query(
      `insert into public.lead_activity (submission_id, actor, action) values ($1, $2, 'note')`,
      [lead, OWNER],
    );
    await inbox.server.query(
      `insert into public.lead_notes (submission_id, author, body) values ($1, $2, 'A note')`,
      [lead, OWNER],
    );
    await inbox.server.query(
      `insert into public.lead_replies (submission_id, author, body, state)
       values ($1, $2, 'A reply', 'refused')`,
      [lead, OWNER],
    );
    for (const session_id of [crypto.randomUUID(), undefined, 'not-a-uuid']) {
      await expectEnded(inbox.server, await resigned({ session_id }), lead, held);
    }
  });
});
