import { once } from 'node:events';
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { until } from '../support/until.ts';
import { describeOnEmbedded } from './support/backends.ts';
import { signIn, startInboxServer, storeLead, type InboxServer } from './support/inbox.ts';
import { listen, type Ear } from './support/realtime.ts';

/**
 * A channel whose access token has expired, or is replaced by an expired or
 * forged one, stops hearing, with Supabase Realtime's words and shape: a
 * `system` error on the channel ("Token has expired N seconds ago"), then
 * `phx_close`. Time is moved by the clock (vi.setSystemTime), not waited for.
 */

const HEARD_MS = 5_000;
const TOPIC = 'realtime:inbox';
const BINDINGS = [{ event: '*', schema: 'public', table: 'contact_submissions' }];
type Frame = { topic: string; event: string; ref: string | null; payload: Record<string, unknown> };

describeOnEmbedded('Realtime and an expired access token', () => {
  let site: InboxServer;
  let token: string;
  let control: Ear;
  const sockets: WebSocket[] = [];
  beforeAll(async () => {
    site = await startInboxServer('embedded', { listen: true });
    token = (await signIn(site.client(), site.sink)).access_token;
    control = await listen(site.url, token);
  });
  afterEach(() => {
    vi.useRealTimers();
    for (const socket of sockets.splice(0)) socket.terminate();
  });
  afterAll(async () => {
    await control?.close();
    await site?.close();
  });

  /** The member's own token, signed again by the server's key to expire at `exp` (seconds). */
  const expiringAt = async (exp: number, secret?: string) => {
    const [row] = await site.server.query('select secret from app_private.auth_signing_key');
    return new SignJWT({ ...decodeJwt(token), exp })
      .setProtectedHeader(decodeProtectedHeader(token) as { alg: string })
      .sign(new TextEncoder().encode(secret ?? String(row!.secret)));
  };

  /** A client speaking Phoenix 1.0.0 by hand, joined to the leads' changes (or `bindings`) as `as`. */
  const joined = async (as: string, bindings = BINDINGS) => {
    const socket = new WebSocket(
      `${site.url.replace('http', 'ws')}/realtime/v1/websocket?vsn=1.0.0`,
    );
    sockets.push(socket);
    const received: Frame[] = [];
    socket.on('message', (data) => received.push(JSON.parse(String(data)) as Frame));
    await once(socket, 'open');
    const send = (event: string, payload: object) =>
      socket.send(JSON.stringify({ topic: TOPIC, event, payload, ref: event, join_ref: '1' }));
    send('phx_join', { config: { postgres_changes: bindings }, access_token: as });
    const reply = await until(
      () => received.find((frame) => frame.event === 'phx_reply'),
      HEARD_MS,
      'the join reply',
      Boolean,
    );
    expect(reply!.payload.status).toBe('ok');
    return { received, send };
  };

  /** A lead stored now: the control hears it, so the client under test has had its chance. */
  const leadHeard = async () => {
    const id = await storeLead(site.server, {
      name: 'Ada',
      email: 'a@example.co.uk',
      message: 'Hi',
    });
    await until(() => control.heardRow('contact_submissions', id), HEARD_MS, `lead ${id}`);
  };

  /** Realtime's shutdown: the channel's system error, then phx_close; and no change heard after. */
  const expectShut = async (received: Frame[], message: RegExp) => {
    await until(() => received.some((f) => f.event === 'phx_close'), HEARD_MS, 'phx_close');
    const events = received.map((frame) => frame.event);
    expect(events.slice(-2)).toEqual(['system', 'phx_close']);
    expect(received.at(-2)).toMatchObject({
      topic: TOPIC,
      payload: {
        extension: 'system',
        status: 'error',
        channel: 'inbox',
        message: expect.stringMatching(message),
      },
    });
    expect(events).not.toContain('postgres_changes');
    await leadHeard();
    expect(received.map((frame) => frame.event)).not.toContain('postgres_changes');
  };

  it('stops hearing once the token it joined with has expired', async () => {
    const now = Math.floor(Date.now() / 1000);
    const client = await joined(await expiringAt(now + 60));
    // Only the clock is moved, and then it stands still until the channel is shut: the seconds named
    // are the half minute moved however slow the host is to store and deliver the lead (two slow
    // seconds made them 32). The server's timers stay real, and so does the test's timeout.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime((now + 90) * 1000);
    await leadHeard();
    await expectShut(client.received, /^Token has expired 30 seconds ago$/);
  });

  it('shuts a quiet channel when its token expires, with no change to deliver, as Realtime does', async () => {
    // The clock stands still while the channel joins, so on a slow host its token cannot expire
    // before the join is answered; the server's look at the token is then due a second later.
    const now = Math.floor(Date.now() / 1000);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now * 1000);
    // Replies' changes: none is made here, whereas a lead's clocks and delivery change its row.
    const client = await joined(await expiringAt(now + 1), [
      { event: '*', schema: 'public', table: 'lead_replies' },
    ]);
    // Then half a minute has passed, and the clock runs on: the server's timer stays real.
    vi.useRealTimers();
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime((now + 31) * 1000);
    // No lead is stored until the channel is shut: only the server's own timer can notice.
    await expectShut(client.received, /^Token has expired 3\d seconds ago$/);
  });

  it('stops hearing when an access_token message brings an expired token', async () => {
    const client = await joined(token);
    await leadHeard();
    expect(client.received.map((frame) => frame.event)).toContain('postgres_changes');
    client.received.splice(0);
    // The clock stands still from the token's signing to the shut, as above: a slow second between
    // them would otherwise make it 12 seconds.
    vi.useFakeTimers({ toFake: ['Date'] });
    const now = Math.floor(Date.now() / 1000);
    vi.setSystemTime(now * 1000);
    client.send('access_token', { access_token: await expiringAt(now - 10) });
    await expectShut(client.received, /^Token has expired 10 seconds ago$/);
  });

  it("answers a good new token with Realtime's notice that the changes are subscribed again", async () => {
    const client = await joined(token);
    client.received.splice(0);
    client.send('access_token', {
      access_token: await expiringAt(Math.floor(Date.now() / 1000) + 600),
    });
    const notice = await until(
      () => client.received.find((frame) => frame.event === 'system'),
      HEARD_MS,
      'the system notice',
      Boolean,
    );
    expect(notice).toMatchObject({
      topic: TOPIC,
      payload: { extension: 'postgres_changes', status: 'ok', message: 'Subscribed to PostgreSQL' },
    });
  });

  it('keeps hearing as the member when an access_token message brings no token, as Realtime ignores it', async () => {
    const client = await joined(token);
    // A signed-out realtime-js sends null; nothing at all and a number are no token either.
    client.send('access_token', {});
    client.send('access_token', { access_token: null });
    client.send('access_token', { access_token: 7 });
    client.received.splice(0);
    await leadHeard();
    await until(
      () => client.received.some((frame) => frame.event === 'postgres_changes'),
      HEARD_MS,
      'the lead heard by the member still',
    );
    expect(client.received.map((frame) => frame.event)).not.toContain('phx_close');
  });

  it('stops hearing when an access_token message brings a token not signed by the server', async () => {
    const client = await joined(token);
    const forged = await expiringAt(Math.floor(Date.now() / 1000) + 600, 'not-the-server-key');
    client.send('access_token', { access_token: forged });
    // Realtime's words here are Elixir's own print of the reason (inspect(:signature_error)).
    await expectShut(client.received, /^:signature_error$/);
  });

  it('stops hearing when an access_token message brings text that is not a token', async () => {
    const client = await joined(token);
    client.send('access_token', { access_token: '' });
    await expectShut(client.received, /^The token provided is not a valid JWT$/);
  });
});
