import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachBackend } from './support/backends.ts';
import { OWNER, startInboxServer, type InboxServer } from './support/inbox.ts';

/** Requests for codes per client address in these tests, to reach the limit in a few steps. */
const CLIENT_PER_HOUR = 4;

/** The limits on asking for codes (docs/inbox.md): per address, per client address, the same for anyone. */
describeEachBackend('inbox: limits on sign-in codes', (kind) => {
  let inbox: InboxServer;
  beforeAll(async () => {
    // The real gap between two codes for one address (a minute); fewer per client address.
    inbox = await startInboxServer(kind, { codeRules: { clientPerHour: CLIENT_PER_HOUR } });
  });
  afterAll(() => inbox?.close());

  const ask = async (email: string) => {
    const response = await fetch(`${inbox.server.url}/auth/v1/otp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify({ email, create_user: false, data: {}, gotrue_meta_security: {} }),
    });
    return { status: response.status, body: (await response.json()) as unknown };
  };

  it('allows one code a minute per address, a member’s or not, with GoTrue’s 429', async () => {
    for (const email of [OWNER, 'nobody@example.co.uk']) {
      expect(await ask(email)).toEqual({ status: 200, body: {} });
      expect(await ask(email)).toEqual({
        status: 429,
        body: {
          code: 'over_email_send_rate_limit',
          message: 'For security purposes, you can only request this after 60 seconds.',
        },
      });
    }
  });

  it('limits the requests of one client address whatever addresses it asks for', async () => {
    // Two were counted above; two more reach the limit.
    expect((await ask('third@example.co.uk')).status).toBe(200);
    expect((await ask('fourth@example.co.uk')).status).toBe(200);
    expect(await ask('fifth@example.co.uk')).toEqual({
      status: 429,
      body: { code: 'over_request_rate_limit', message: 'Request rate limit reached' },
    });
  });
});
