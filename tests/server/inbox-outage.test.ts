import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachBackend } from './support/backends.ts';
import { OWNER, signIn, startInboxServer, type InboxServer } from './support/inbox.ts';

/** The database gone: sign-in and the inbox's reads answer a fast 503 in their service's shape. */
// per backend: a closed PGlite and an ended pg pool fail in their own ways; each must read as 503.
describeEachBackend('inbox: the database down', (kind) => {
  let inbox: InboxServer;
  let token: string;
  beforeAll(async () => {
    inbox = await startInboxServer(kind);
    token = (await signIn(inbox.client(), inbox.sink)).access_token;
    await inbox.server.database.close();
  });
  afterAll(() => inbox?.close());

  it('answers a code request with GoTrue’s 503 and Retry-After', async () => {
    const response = await inbox.fetch(`${inbox.url}/auth/v1/otp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify({ email: OWNER }),
    });
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await response.json()).toMatchObject({ code: 'request_timeout' });
  });

  it('answers a read with PostgREST’s 503', async () => {
    const response = await inbox.fetch(`${inbox.url}/rest/v1/inbox_leads?select=*`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ code: 'PGRST000' });
  });
});
