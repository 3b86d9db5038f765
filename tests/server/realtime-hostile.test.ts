import { SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import {
  MAX_CHANNELS_PER_SOCKET,
  MAX_FRAME_BYTES,
  MAX_BINDING_TEXT_CHARS,
  MAX_JOINS_PER_SECOND,
  MAX_SOCKETS_PER_ADDRESS,
  MAX_TOPIC_CHARS,
} from '../../server/realtime/client-limits.ts';
import { until } from '../support/until.ts';
import { describeOnEmbedded } from './support/backends.ts';
import { signIn, startInboxServer, storeLead, type InboxServer } from './support/inbox.ts';
import { listen } from './support/realtime.ts';
import {
  closeRawClients,
  firstOf,
  join,
  raw,
  refusedUpgrade,
  replyTo,
} from './support/raw-realtime.ts';

describeOnEmbedded('Realtime refuses and drops bad clients', () => {
  let site: InboxServer;
  // Behind a proxy it trusts, so a test can name a client's address (X-Forwarded-For).
  beforeAll(
    async () =>
      void (site = await startInboxServer('embedded', { listen: true, trustProxy: true })),
  );
  afterAll(() => site?.close());
  afterEach(() => {
    vi.useRealTimers();
    closeRawClients();
  });

  /**
   * A socket's joins are counted in each second of the clock (MAX_JOINS_PER_SECOND): the clock
   * stands still, so a burst cannot straddle two seconds on a slow host and pass under the limit,
   * and moves a whole second at once where a test needs the next, instead of a wait.
   */
  const holdTheClock = () => vi.useFakeTimers({ toFake: ['Date'] });
  const nextSecond = () => vi.setSystemTime(Date.now() + 1_000);

  it('refuses more sockets from one address than the cap, with a 429 before any upgrade', async () => {
    const open = await Promise.all(
      Array.from({ length: MAX_SOCKETS_PER_ADDRESS }, () => raw(site)),
    );
    expect(await refusedUpgrade(site)).toEqual({
      status: 429,
      body: { error: 'Too many connected users' },
    });
    for (const client of open) client.socket.close();
    await Promise.all(open.map((client) => client.closed));
  });

  it('counts an IPv6 client by its /64, as one client is usually given a whole one', async () => {
    const from = (address: string) => ({ 'x-forwarded-for': address });
    const open = await Promise.all(
      Array.from({ length: MAX_SOCKETS_PER_ADDRESS }, (_, i) =>
        raw(site, from(`2001:db8::${(i + 1).toString(16)}`)),
      ),
    );
    // Another address of the same /64 is the same client; one of the next /64 is another.
    expect((await refusedUpgrade(site, from('2001:db8::ffff'))).status).toBe(429);
    const elsewhere = await raw(site, from('2001:db8:0:1::1'));
    elsewhere.send({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: '1' });
    expect((await replyTo(elsewhere, '1')).payload.status).toBe('ok');
    for (const client of [...open, elsewhere]) client.socket.close();
    await Promise.all([...open, elsewhere].map((client) => client.closed));
  });

  it('drops a socket that sends a frame that is not a Phoenix message', async () => {
    for (const bad of [
      '{not json',
      '[1,2,3]',
      JSON.stringify({ topic: 1, event: 'x', payload: {} }),
    ]) {
      const client = await raw(site);
      client.send(bad);
      expect(await client.closed, bad).toBe(1007);
    }
  });

  it('ignores a binary frame, as realtime-js sends a broadcast, and keeps the socket', async () => {
    const client = await raw(site);
    client.send(join('inbox', '1', [{ event: '*', schema: 'public' }]));
    await replyTo(client, '1');
    client.socket.send(Buffer.from([4, 1, 2, 3]));
    client.send({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: '2' });
    expect((await replyTo(client, '2')).payload.status).toBe('ok');
    expect(client.socket.readyState).toBe(WebSocket.OPEN);
  });

  it("echoes each binding's event as the client wrote it, which realtime-js compares", async () => {
    const client = await raw(site);
    client.send(join('inbox', '1', [{ event: 'insert', schema: 'public', table: 'lead_notes' }]));
    const { payload } = await replyTo(client, '1');
    expect(payload.status).toBe('ok');
    expect(payload.response.postgres_changes).toEqual([
      { id: expect.any(Number), event: 'insert', schema: 'public', table: 'lead_notes' },
    ]);
  });

  it('subscribes a binding whose filter is empty, and echoes it as sent, as Realtime does', async () => {
    const client = await raw(site);
    // realtime-js compares the echoed filter with its own: '' against none is a mismatch.
    client.send(
      join('inbox', '1', [
        { event: '*', schema: 'public', table: 'contact_submissions', filter: '' },
      ]),
    );
    const { payload } = await replyTo(client, '1');
    expect(payload.response.postgres_changes).toEqual([
      {
        id: expect.any(Number),
        event: '*',
        schema: 'public',
        table: 'contact_submissions',
        filter: '',
      },
    ]);
    const notice = await firstOf(client, 'system');
    expect(notice).toMatchObject({
      payload: { extension: 'postgres_changes', status: 'ok', message: 'Subscribed to PostgreSQL' },
    });
  });

  it('closes a socket whose frame is over the size limit', async () => {
    const client = await raw(site);
    client.send(join('big', '1', [{ event: '*', schema: 'x'.repeat(MAX_FRAME_BYTES) }]));
    expect(await client.closed).toBe(1009);
  });

  it('refuses a join whose topic or binding is longer than any the inbox needs, which a channel would hold', async () => {
    const client = await raw(site);
    client.send(join('t'.repeat(MAX_TOPIC_CHARS), '1'));
    client.send(join('ok', '2', [{ event: '*', schema: 's'.repeat(MAX_BINDING_TEXT_CHARS + 1) }]));
    client.send(
      join('ok', '3', [
        { event: '*', schema: 'public', filter: `id=eq.${'1'.repeat(MAX_BINDING_TEXT_CHARS)}` },
      ]),
    );
    for (const ref of ['1', '2', '3']) {
      const { payload } = await replyTo(client, ref);
      expect(payload.status, ref).toBe('error');
      expect(payload.response.reason, ref).toMatch(/^InvalidJoinPayload: /);
    }
    client.send(
      join('inbox', '4', [{ event: '*', schema: 'public', table: 'contact_submissions' }]),
    );
    expect((await replyTo(client, '4')).payload.status).toBe('ok');
  });

  /** The `system` notice a channel of these bindings gets: its join is answered ok either way. */
  async function noticeOf(bindings: object[]) {
    const client = await raw(site);
    client.send(join('probe', '1', bindings));
    expect((await replyTo(client, '1')).payload.status).toBe('ok');
    return firstOf(client, 'system');
  }

  it('answers a table it does not serve with the error Realtime gives', async () => {
    expect(
      await noticeOf([{ event: '*', schema: 'app_private', table: 'auth_signing_key' }]),
    ).toMatchObject({
      payload: {
        extension: 'postgres_changes',
        status: 'error',
        message: expect.stringMatching(/^Unable to subscribe/),
      },
    });
  });

  it('refuses a filter on a column its table does not have, in Realtime’s words', async () => {
    const filtered = (filter: string) => [
      { event: '*', schema: 'public', table: 'contact_submissions', filter },
    ];
    expect(await noticeOf(filtered('nope=eq.1'))).toMatchObject({
      payload: {
        extension: 'postgres_changes',
        status: 'error',
        message:
          'Unable to subscribe to changes with given parameters. An exception happened so please ' +
          'check your connect parameters: [event: *, schema: public, table: contact_submissions, ' +
          'filters: [{"nope", "eq", "1", false}], select: nil]. Exception: ERROR P0001 ' +
          '(raise_exception) invalid column for filter nope',
      },
    });
    // A column it has is a subscription, as before.
    expect(await noticeOf(filtered('status=eq.new'))).toMatchObject({
      payload: { status: 'ok', message: 'Subscribed to PostgreSQL' },
    });
  });

  it('a member whose channel also asks for a table not served hears nothing on it, as on hosted', async () => {
    // Realtime makes a channel's subscriptions in one transaction: one it cannot make undoes all.
    const { access_token: token } = await signIn(site.client(), site.sink);
    const control = await listen(site.url, token, { tables: ['contact_submissions'] });
    const mixed = await listen(site.url, token, { tables: ['contact_submissions', 'lead_notes'] });
    try {
      const id = await storeLead(site.server, {
        name: 'Ada',
        email: 'a@example.co.uk',
        message: 'Hi',
      });
      await until(() => control.heardRow('contact_submissions', id), 5_000, 'the lead, by control');
      expect(mixed.statuses).toEqual(['SUBSCRIBED']);
      expect(mixed.heard).toEqual([]);
    } finally {
      await control.close();
      await mixed.close();
    }
  });

  it('hears nothing on a filter naming what every row object inherits, not every change', async () => {
    const { access_token: token } = await signIn(site.client(), site.sink);
    const client = await raw(site);
    const table = 'contact_submissions';
    const joinAs = (topic: string, ref: string, filter?: string) => {
      const message = join(topic, ref, [{ event: '*', schema: 'public', table, filter }]);
      client.send({ ...message, payload: { ...message.payload, access_token: token } });
      return replyTo(client, ref);
    };
    // One socket, one token: a change goes to its channels in the order they joined, so once
    // the second hears the lead, anything sent to the first has arrived before it.
    await joinAs('inherited', '1', 'constructor=eq.function Object() { [native code] }');
    await joinAs('control', '2');
    const heardOn = (topic: string) =>
      client.received.filter(
        (m) => m.topic === `realtime:${topic}` && m.event === 'postgres_changes',
      );
    await storeLead(site.server, { name: 'Ada', email: 'a@example.co.uk', message: 'Hi' });
    await until(() => heardOn('control').length > 0, 5_000, 'the lead, on the control channel');
    expect(heardOn('inherited')).toEqual([]);
  });

  it('refuses a channel over the limit, and drops a socket that joins too fast', async () => {
    holdTheClock();
    const client = await raw(site);
    for (let i = 0; i < MAX_CHANNELS_PER_SOCKET + 1; i++) {
      client.send(join(`c${i}`, String(i)));
      await replyTo(client, String(i));
      // Under the join rate: a second per batch.
      if ((i + 1) % MAX_JOINS_PER_SECOND === 0) nextSecond();
    }
    expect((await replyTo(client, String(MAX_CHANNELS_PER_SOCKET))).payload).toEqual({
      status: 'error',
      response: { reason: 'ChannelRateLimitReached: Too many channels' },
    });

    const flooding = await raw(site);
    for (let i = 0; i <= MAX_JOINS_PER_SECOND; i++) flooding.send(join(`f${i}`, String(i)));
    expect(await flooding.closed).toBe(1008);
  });

  it("answers a socket's messages in order: a burst of joins stays under the cap, a leave finds its join", async () => {
    holdTheClock();
    const client = await raw(site);
    const under = MAX_CHANNELS_PER_SOCKET - 1;
    for (let i = 0; i < under; i++) {
      client.send(join(`c${i}`, String(i)));
      await replyTo(client, String(i));
      if ((i + 1) % MAX_JOINS_PER_SECOND === 0) nextSecond();
    }
    nextSecond();
    // One frame after another, before any is answered: only one of them fits.
    const burst = Array.from({ length: MAX_JOINS_PER_SECOND - 1 }, (_, i) => `b${i}`);
    for (const ref of burst) client.send(join(ref, ref));
    const answers = await Promise.all(burst.map((ref) => replyTo(client, ref)));
    expect(answers.map((a) => a.payload.status)).toEqual(['ok', 'error', 'error', 'error']);

    const leaving = await raw(site);
    leaving.send(join('gone', '1'));
    leaving.send({
      topic: 'realtime:gone',
      event: 'phx_leave',
      payload: {},
      ref: '2',
      join_ref: '1',
    });
    expect((await replyTo(leaving, '2')).payload).toEqual({ status: 'ok', response: {} });
    const replies = leaving.received.filter((m) => m.event === 'phx_reply').map((m) => m.ref);
    expect(replies).toEqual(['1', '2']);
  });

  it("answers a join whose token is malformed, forged or unsigned in Realtime's own words", async () => {
    const claims = {
      role: 'authenticated',
      sub: 'x',
      email: 'x@example.co.uk',
      aud: 'authenticated',
    };
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('not-the-server-key'));
    const base64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const unsigned = `${base64({ alg: 'none' })}.${base64({ ...claims, exp: 2e9 })}.`;
    const reasons = {
      potato: 'MalformedJWT: The token provided is not a valid JWT',
      '': 'MalformedJWT: The token provided is not a valid JWT',
      [forged]: 'JwtSignatureError: Failed to validate JWT signature',
      [unsigned]:
        'JwtSignerError: Failed to generate JWT signer, check your JWT secret or JWKS configuration',
    };
    const client = await raw(site);
    for (const [i, [token, reason]] of Object.entries(reasons).entries()) {
      client.send({ ...join(`t${i}`, String(i)), payload: { config: {}, access_token: token } });
      expect((await replyTo(client, String(i))).payload, token).toEqual({
        status: 'error',
        response: { reason },
      });
    }
    // Not text at all: Realtime listens as the socket's API key, which here is anon.
    client.send({ ...join('t9', '9'), payload: { config: {}, access_token: 7 } });
    expect((await replyTo(client, '9')).payload.status).toBe('ok');
  });
});
