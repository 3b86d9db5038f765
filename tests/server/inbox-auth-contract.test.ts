import { AuthApiError, type SupabaseClient } from '@supabase/supabase-js';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, onTestFinished } from 'vitest';
import { SIGN_IN_CODE_LENGTH } from '../../shared/sign-in-code.ts';
import { describeOnEmbedded, testApp } from './support/backends.ts';
import {
  CODE_PATTERN,
  codeSentTo,
  OWNER,
  signIn,
  startInboxServer,
  type InboxServer,
} from './support/inbox.ts';

/**
 * Every call the inbox makes to Supabase Auth, through auth-js against our
 * /auth/v1 (server/auth/): the same answers and error shapes as GoTrue.
 */
describeOnEmbedded('inbox sign-in: the auth-js contract', (kind) => {
  let inbox: InboxServer;
  let client: SupabaseClient;
  beforeAll(async () => {
    inbox = await startInboxServer(kind);
    client = inbox.client();
  });
  afterAll(() => inbox?.close());

  it('signInWithOtp answers {} and emails a member a code of SIGN_IN_CODE_LENGTH digits', async () => {
    const before = inbox.sink.received.length;
    const { data, error } = await client.auth.signInWithOtp({
      email: OWNER,
      options: { shouldCreateUser: false },
    });
    expect(error).toBeNull();
    expect(data).toEqual({ user: null, session: null });
    expect(await codeSentTo(inbox.sink, OWNER, before)).toMatch(CODE_PATTERN);
    // From the agency by its name (VITE_BRAND_NAME's default here), as replies are, not from
    // "Website contact form": the member knows whose inbox the code opens.
    const mail = inbox.sink.received.slice(before).findLast((m) => m.envelopeTo.includes(OWNER));
    expect(mail!.header('from')).toMatch(/^Foreland Digital </);
  });

  it('verifyOtp with the code gives a session: a bearer JWT for role authenticated', async () => {
    const session = await signIn(client, inbox.sink);
    expect(session).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(session.user).toMatchObject({
      email: OWNER,
      aud: 'authenticated',
      role: 'authenticated',
    });
    const claims = JSON.parse(
      Buffer.from(session.access_token.split('.')[1]!, 'base64url').toString(),
    ) as Record<string, unknown>;
    expect(claims).toMatchObject({ role: 'authenticated', aud: 'authenticated', email: OWNER });
    expect(Number(claims.exp) - Number(claims.iat)).toBeLessThanOrEqual(3600);
  });

  it('a wrong code is GoTrue 403 otp_expired', async () => {
    const { error } = await client.auth.verifyOtp({
      email: OWNER,
      token: '0'.repeat(SIGN_IN_CODE_LENGTH),
      type: 'email',
    });
    expect(error).toBeInstanceOf(AuthApiError);
    expect(error).toMatchObject({ status: 403, code: 'otp_expired' });
    expect(error!.message).toBe('Token has expired or is invalid');
  });

  it('getUser returns the member', async () => {
    await signIn(client, inbox.sink);
    const { data, error } = await client.auth.getUser();
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email: OWNER, aud: 'authenticated' });
  });

  it('refreshSession rotates the refresh token; the one before, shown again, gets the live one back', async () => {
    const first = await signIn(client, inbox.sink);
    const { data, error } = await client.auth.refreshSession();
    expect(error).toBeNull();
    const live = data.session!.refresh_token;
    expect(live).not.toBe(first.refresh_token);
    expect(data.session!.user.email).toBe(OWNER);

    // GoTrue's reuse: auth-js retries a refresh whose answer was lost (a network error, a
    // 5xx) with the same token, and two tabs can send one at once. The token just before the
    // live one gets the live one back, however long after: the session goes on.
    await ageUsedTokens(inbox, first.access_token, 3600);
    for (let i = 0; i < 2; i++) {
      const again = await inbox.client().auth.refreshSession({
        refresh_token: first.refresh_token,
      });
      expect(again.error).toBeNull();
      expect(again.data.session!.refresh_token).toBe(live);
      expect(again.data.session!.user.email).toBe(OWNER);
    }
    const next = await inbox.client().auth.refreshSession({ refresh_token: live });
    expect(next.error).toBeNull();
    expect(next.data.session!.refresh_token).not.toBe(live);
  });

  it('an older used refresh token: the live one within the reuse interval, after it GoTrue 400 refresh_token_already_used, ending the session', async () => {
    const first = await signIn(client, inbox.sink);
    const second = (await client.auth.refreshSession()).data.session!;
    const third = (await client.auth.refreshSession()).data.session!;
    expect(third.refresh_token).not.toBe(second.refresh_token);

    // Two behind, within GoTrue's 10 s: concurrent refreshes, answered with the live token.
    const early = await inbox.client().auth.refreshSession({ refresh_token: first.refresh_token });
    expect(early.error).toBeNull();
    expect(early.data.session!.refresh_token).toBe(third.refresh_token);

    await ageUsedTokens(inbox, first.access_token, 11);
    const late = await inbox.client().auth.refreshSession({ refresh_token: first.refresh_token });
    expect(late.error).toBeInstanceOf(AuthApiError);
    expect(late.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });
    expect(late.error!.message).toBe('Invalid Refresh Token: Already Used');
    // A copy is in someone else's hands: the session ends, its live token and access tokens too.
    const other = inbox.client();
    const refreshed = await other.auth.refreshSession({ refresh_token: third.refresh_token });
    expect(refreshed.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
    const user = await other.auth.getUser(third.access_token);
    expect(user.error?.name).toBe('AuthSessionMissingError');
  });

  it('signOut ends the session: getUser and the refresh token are refused', async () => {
    const session = await signIn(client, inbox.sink);
    expect((await client.auth.signOut()).error).toBeNull();
    const other = inbox.client();
    const user = await other.auth.getUser(session.access_token);
    // GoTrue's 403 session_not_found, which auth-js reports as a missing session.
    expect(user.data.user).toBeNull();
    expect(user.error?.name).toBe('AuthSessionMissingError');
    const refreshed = await other.auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refreshed.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
  });

  it('refuses a body that is not application/json with 415, as /rest/v1 does, changing nothing', async () => {
    // What another site's page can make a browser send without asking (a no-cors fetch).
    const send = (path: string, json: object, type?: string) => {
      const text = JSON.stringify(json);
      const body = type?.startsWith('application/x-www-form-urlencoded')
        ? new URLSearchParams(json as Record<string, string>).toString()
        : text;
      return inbox.fetch(`${inbox.url}/auth/v1/${path}`, {
        method: 'POST',
        // No type at all: a body of bytes, which fetch sends with no Content-Type.
        ...(type ? { headers: { 'content-type': type }, body } : { body: Buffer.from(body) }),
      });
    };
    const types = ['text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', undefined];
    const before = inbox.sink.received.length;
    for (const type of types) {
      const asked = await send('otp', { email: OWNER }, type);
      expect(asked.status).toBe(415);
      expect(await asked.json()).toEqual({
        code: 415,
        error_code: 'bad_json',
        msg: `Content-Type not acceptable: ${type ?? '(none)'}. Send the body as application/json.`,
      });
    }
    const asked = await client.auth.signInWithOtp({
      email: OWNER,
      options: { shouldCreateUser: false },
    });
    expect(asked.error).toBeNull();
    // Codes go out in the order asked: the first to arrive now is the one asked for as JSON.
    const code = await codeSentTo(inbox.sink, OWNER, before);
    expect(inbox.sink.received.length).toBe(before + 1);
    // More wrong tries than a client address has in an hour, none of them counted.
    for (let i = 0; i < 2; i++) {
      for (const type of types) {
        const wrong = '1'.repeat(SIGN_IN_CODE_LENGTH);
        const tried = await send('verify', { email: OWNER, token: wrong, type: 'email' }, type);
        expect(tried.status).toBe(415);
      }
    }
    const signedIn = await client.auth.verifyOtp({ email: OWNER, token: code, type: 'email' });
    expect(signedIn.error).toBeNull();
  });

  it('refuses U+0000, which PostgreSQL cannot store, in an address or a refresh token with GoTrue’s 4xx', async () => {
    const post = async (path: string, body: object) => {
      const response = await inbox.fetch(`${inbox.url}/auth/v1/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return [response.status, await response.json()];
    };
    const badEmail = {
      code: 400,
      error_code: 'validation_failed',
      msg: 'Unable to validate email address: invalid format',
    };
    const email = 'a\u0000b@example.com';
    expect(await post('otp', { email })).toEqual([400, badEmail]);
    const token = '1'.repeat(SIGN_IN_CODE_LENGTH);
    // GoTrue's /verify answers an address it cannot read with a 422, not /otp's 400.
    expect(await post('verify', { email, token, type: 'email' })).toEqual([
      422,
      { code: 422, error_code: 'validation_failed', msg: 'Invalid email format' },
    ]);
    expect(await post('token?grant_type=refresh_token', { refresh_token: 'a\u0000b' })).toEqual([
      400,
      { code: 400, error_code: 'validation_failed', msg: 'Refresh token is not valid' },
    ]);
  });

  it('checks verifyOtp and refresh bodies as GoTrue does, in its order', async () => {
    const post = async (path: string, body: object) => {
      const response = await inbox.fetch(`${inbox.url}/auth/v1/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const { code, error_code, msg } = (await response.json()) as Record<string, unknown>;
      expect(code).toBe(response.status);
      return [response.status, error_code, msg];
    };
    const token = '1'.repeat(SIGN_IN_CODE_LENGTH);
    const invalid = (msg: string) => [400, 'validation_failed', msg];
    // VerifyParams.Validate's order: the type, then the token, then the address.
    expect(await post('verify', { email: 'bad', token: '' })).toEqual(
      invalid('Verify requires a verification type'),
    );
    expect(await post('verify', { email: 'bad', type: 'email' })).toEqual(
      invalid('Verify requires either a token or a token hash'),
    );
    expect(await post('verify', { token, type: 'email' })).toEqual(
      invalid('Only an email address or phone number should be provided on verify'),
    );
    expect(await post('verify', { email: 'bad', token, type: 'email' })).toEqual([
      422,
      'validation_failed',
      'Invalid email format',
    ]);
    expect(await post('verify', { email: OWNER, token, type: 'nonsense' })).toEqual(
      invalid('Unsupported verification type'),
    );
    // RefreshTokenGrantParams.Validate: a string that cannot be a token is not looked up.
    for (const refresh_token of [undefined, '', 'short', 'x'.repeat(44), 'a b'.repeat(15)]) {
      expect(await post('token?grant_type=refresh_token', { refresh_token })).toEqual(
        invalid('Refresh token is not valid'),
      );
    }
    // Shaped as ours are but never issued: GoTrue's not found.
    expect(await post('token?grant_type=refresh_token', { refresh_token: 'A'.repeat(43) })).toEqual(
      [400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found'],
    );
  });

  it('anything else under /auth/v1 gets GoTrue’s error shape', async () => {
    const versioned = await inbox.fetch(`${inbox.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
      body: '{}',
    });
    expect(versioned.status).toBe(404);
    expect(versioned.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await versioned.json()).toEqual({ code: 'not_found', message: 'Not Found' });

    const legacy = await inbox.fetch(`${inbox.url}/auth/v1/admin/users`);
    expect(legacy.status).toBe(404);
    expect(await legacy.json()).toEqual({ code: 404, error_code: 'not_found', msg: 'Not Found' });

    // GoTrue's DetermineClosestAPIVersion: any real date from 2024-01-01 on is that version,
    // echoed as 2024-01-01; an earlier or unreadable one is the original shape, not echoed.
    for (const [given, dated] of [
      ['2025-06-30', true],
      ['2023-12-31', false],
      ['2024-02-30', false],
      ['2024-1-01', false],
      ['latest', false],
    ] as const) {
      const asked = await inbox.fetch(`${inbox.url}/auth/v1/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-supabase-api-version': given },
        body: '{}',
      });
      expect(asked.status, given).toBe(404);
      expect(asked.headers.get('x-supabase-api-version'), given).toBe(dated ? '2024-01-01' : null);
      expect(await asked.json(), given).toEqual(
        dated
          ? { code: 'not_found', message: 'Not Found' }
          : { code: 404, error_code: 'not_found', msg: 'Not Found' },
      );
    }
  });

  it('beside the site, a GET under /auth/v1 is GoTrue’s 404, not the static site’s', async () => {
    // The site's catch-all (GET /*) answers any GET no route of ours takes, in Fastify's shape.
    const distDir = mkdtempSync(join(tmpdir(), 'auth-beside-site-'));
    onTestFinished(() => rmSync(distDir, { recursive: true, force: true }));
    writeFileSync(join(distDir, 'index.html'), '<p>The page</p>');
    const t = await testApp(kind, {}, { distDir });
    onTestFinished(() => t.close());
    // A route of ours asked with another method, and paths the client never asks.
    for (const path of ['otp', 'settings', '']) {
      const asked = await t.app.inject({ method: 'GET', url: `/auth/v1/${path}` });
      expect(asked.statusCode, path).toBe(404);
      expect(asked.json(), path).toEqual({ code: 404, error_code: 'not_found', msg: 'Not Found' });
    }
    expect((await t.app.inject({ method: 'GET', url: '/' })).statusCode).toBe(200);
  });
});

/** As if the session's used refresh tokens had been used `seconds` earlier. */
async function ageUsedTokens(inbox: InboxServer, accessToken: string, seconds: number) {
  const claims = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()) as {
    session_id: string;
  };
  await inbox.server.query(
    `update app_private.auth_refresh_tokens
     set used_at = used_at - make_interval(secs => $2)
     where session_id = $1::uuid and used_at is not null`,
    [claims.session_id, seconds],
  );
}
