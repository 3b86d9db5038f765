import { afterAll, beforeAll, expect, it } from 'vitest';
import { SIGN_IN_CODE_LENGTH } from '../../shared/sign-in-code.ts';
import { addMembers } from '../../server/auth/members.ts';
import { CODE_RULES } from '../../server/auth/sign-in-queries.ts';
import { describeOnEmbedded } from './support/backends.ts';
import { codeSentTo, OWNER, startInboxServer, type InboxServer } from './support/inbox.ts';

/** Requests for codes per client address in these tests, to reach the limit in a few steps. */
const CLIENT_PER_HOUR = 4;
/** The member's own client address, and strangers' elsewhere (TEST-NET ranges). */
const MEMBER_CLIENT = '198.51.100.7';
const strangerClient = (n: number) => `203.0.113.${n}`;

/** auth-js's calls, from a client address (X-Forwarded-For, behind a trusted proxy). */
function authCalls(inbox: () => InboxServer) {
  const post = async (path: string, client: string, body: object) => {
    const response = await inbox().fetch(`${inbox().url}/auth/v1/${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-supabase-api-version': '2024-01-01',
        'x-forwarded-for': client,
      },
      body: JSON.stringify({ ...body, gotrue_meta_security: {} }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  return {
    ask: (email: string, client = MEMBER_CLIENT) =>
      post('otp', client, { email, create_user: false, data: {} }),
    verify: (email: string, token: string, client = MEMBER_CLIENT) =>
      post('verify', client, { email, token, type: 'email' }),
  };
}

/** GoTrue's refusal of a second code within the minute, with the whole seconds left of it. */
const TOO_SOON = {
  status: 429,
  body: {
    code: 'over_email_send_rate_limit',
    message: expect.stringMatching(
      /^For security purposes, you can only request this after \d+ seconds\.$/,
    ),
  },
};
/** The seconds GoTrue's refusal says are left. */
const secondsLeft = (refusal: { body: Record<string, unknown> }) =>
  Number(/after (\d+) seconds/.exec(String(refusal.body.message))?.[1]);
const EMAIL_LIMIT = {
  status: 429,
  body: { code: 'over_email_send_rate_limit', message: 'email rate limit exceeded' },
};
const REQUEST_LIMIT = {
  status: 429,
  body: { code: 'over_request_rate_limit', message: 'Request rate limit reached' },
};

/** The limits on asking for codes (docs/inbox.md): per address and client address, per client address. */
describeOnEmbedded('inbox: limits on sign-in codes', (kind) => {
  let inbox: InboxServer;
  const { ask } = authCalls(() => inbox);
  beforeAll(async () => {
    // The real gap between two codes (a minute); fewer per client address.
    inbox = await startInboxServer(kind, {
      trustProxy: true,
      codeRules: { clientPerHour: CLIENT_PER_HOUR },
    });
  });
  afterAll(() => inbox?.close());

  it('allows one code a minute per address and client address, a member’s or not', async () => {
    for (const email of [OWNER, 'nobody@example.co.uk']) {
      expect(await ask(email)).toEqual({ status: 200, body: {} });
      const refusal = await ask(email);
      expect(refusal).toEqual(TOO_SOON);
      // Asked again at once: under a minute is left, never more.
      expect(secondsLeft(refusal)).toBeLessThan(60);
      expect(secondsLeft(refusal)).toBeGreaterThan(0);
    }
  });

  it('says how long is left of the minute, as GoTrue does', async () => {
    // The first code asked for 45 seconds ago (the request's time moved back): at most 15 are left.
    await inbox.server.query(
      `update app_private.auth_code_requests set at = at - interval '45 seconds'
       where at > now() - interval '1 minute'`,
    );
    const refusal = await ask(OWNER);
    expect(refusal).toEqual(TOO_SOON);
    expect(secondsLeft(refusal)).toBeLessThan(15);
  });

  it('does not hold another client address to that minute', async () => {
    expect(await ask(OWNER, strangerClient(1))).toEqual({ status: 200, body: {} });
  });

  it('limits the requests of one client address whatever addresses it asks for', async () => {
    // Two were counted above; two more reach the limit.
    expect((await ask('third@example.co.uk')).status).toBe(200);
    expect((await ask('fourth@example.co.uk')).status).toBe(200);
    expect(await ask('fifth@example.co.uk')).toEqual(REQUEST_LIMIT);
  });
});

/** A wrong code of the right length: all digits the same, and not the code. */
const wrongCodes = (code: string) =>
  '0123456789'
    .split('')
    .map((digit) => digit.repeat(SIGN_IN_CODE_LENGTH))
    .filter((guess) => guess !== code);

describeOnEmbedded('inbox: strangers cannot keep a member from signing in', (kind) => {
  let inbox: InboxServer;
  const { ask, verify } = authCalls(() => inbox);
  beforeAll(async () => {
    // No minute's gap, so a member may ask again at once; the hourly limits are the real ones.
    inbox = await startInboxServer(kind, { trustProxy: true, codeRules: { pairGapSeconds: 0 } });
  });
  afterAll(() => inbox?.close());

  const newMember = async (name: string) => {
    const email = `${name}@example.co.uk`;
    await addMembers(inbox.server.database, [email]);
    return email;
  };
  const askForCode = async (email: string) => {
    const before = inbox.sink.received.length;
    expect(await ask(email)).toEqual({ status: 200, body: {} });
    return codeSentTo(inbox.sink, email, before);
  };

  it('leaves the member’s own request answered and their code good after five strangers ask', async () => {
    const member = await newMember('asked-for');
    const code = await askForCode(member);
    for (let n = 1; n <= 5; n++) {
      expect(await ask(member, strangerClient(n))).toEqual({ status: 200, body: {} });
    }
    expect(await askForCode(member)).not.toBe(code);
    const signedIn = await verify(member, code);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user).toMatchObject({ email: member });
  });

  it('ends no code with a stranger’s wrong tries, and stops the stranger at five', async () => {
    const member = await newMember('guessed-at');
    const code = await askForCode(member);
    const guesses = wrongCodes(code);
    for (const guess of guesses.slice(0, CODE_RULES.wrongPerPairPerHour)) {
      expect(await verify(member, guess, strangerClient(1))).toMatchObject({ status: 403 });
    }
    expect(await verify(member, guesses[0]!, strangerClient(1))).toEqual(REQUEST_LIMIT);
    expect((await verify(member, code)).status).toBe(200);
  });

  it('bounds the code emails to one address per hour, from any number of client addresses', async () => {
    const member = await newMember('flooded');
    const before = inbox.sink.received.length;
    const clients = CODE_RULES.emailPerHour / CODE_RULES.pairPerHour;
    for (let n = 1; n <= clients; n++) {
      for (let i = 0; i < CODE_RULES.pairPerHour; i++) {
        expect(await ask(member, strangerClient(n))).toEqual({ status: 200, body: {} });
      }
    }
    expect(await ask(member, strangerClient(1))).toEqual(EMAIL_LIMIT);
    expect(await ask(member, strangerClient(clients + 1))).toEqual(EMAIL_LIMIT);
    const sent = () =>
      inbox.sink.received.slice(before).filter((m) => m.envelopeTo.includes(member));
    await inbox.sink.waitFor(before + CODE_RULES.emailPerHour);
    expect(sent()).toHaveLength(CODE_RULES.emailPerHour);
  });

  it('compares no code once an address has had its wrong tries for the hour', async () => {
    const member = await newMember('besieged');
    const code = await askForCode(member);
    const guesses = wrongCodes(code);
    const clients = CODE_RULES.wrongPerEmailPerHour / CODE_RULES.wrongPerPairPerHour;
    for (let n = 1; n <= clients; n++) {
      for (const guess of guesses.slice(0, CODE_RULES.wrongPerPairPerHour)) {
        expect((await verify(member, guess, strangerClient(n))).status).toBe(403);
      }
    }
    // The bound on guessing (docs/inbox.md): past it, not even the right code is taken.
    expect(await verify(member, code, strangerClient(clients + 1))).toEqual(REQUEST_LIMIT);
    expect(await verify(member, code)).toEqual(REQUEST_LIMIT);
  });
});
