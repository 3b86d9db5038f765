import { once } from 'node:events';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  MAX_CHANNELS_PER_SOCKET,
  MAX_FRAME_BYTES,
  MAX_JOINS_PER_SECOND,
  MAX_SOCKETS_PER_ADDRESS,
} from '../../server/realtime/client-limits.ts';
import { until } from '../support/until.ts';
import { describeOnEmbedded } from './support/backends.ts';
import { startInboxServer, type InboxServer } from './support/inbox.ts';

interface Raw {
  socket: WebSocket;
  received: Record<string, unknown>[];
  closed: Promise<number>;
  send(message: object | string): void;
}

const opened: Raw[] = [];

/** A client speaking Phoenix 1.0.0 by hand, frame by frame; closed after each test. */
async function raw(site: InboxServer): Promise<Raw> {
  const socket = new WebSocket(`${site.url.replace('http', 'ws')}/realtime/v1/websocket?vsn=1.0.0`);
  const received: Raw['received'] = [];
  socket.on('message', (data) =>
    received.push(JSON.parse(String(data)) as Record<string, unknown>),
  );
  const closed = once(socket, 'close').then(([code]) => code as number);
  await once(socket, 'open');
  const client: Raw = {
    socket,
    received,
    closed,
    send: (message) => socket.send(typeof message === 'string' ? message : JSON.stringify(message)),
  };
  opened.push(client);
  return client;
}

const join = (topic: string, ref: string, postgres_changes: object[] = []) => ({
  topic: `realtime:${topic}`,
  event: 'phx_join',
  payload: { config: { postgres_changes } },
  ref,
  join_ref: ref,
});
const replyTo = (client: Raw, ref: string) =>
  until(
    () => client.received.find((m) => m.ref === ref && m.event === 'phx_reply'),
    5_000,
    `the reply to ${ref}`,
    Boolean,
  ) as Promise<{ payload: { status: string; response: Record<string, unknown> } }>;

describeOnEmbedded('Realtime refuses and drops bad clients', () => {
  let site: InboxServer;
  beforeAll(async () => void (site = await startInboxServer('embedded', { listen: true })));
  afterAll(() => site?.close());
  afterEach(async () => {
    for (const client of opened.splice(0)) client.socket.close();
  });

  it('refuses more sockets from one address than the cap, with a 429 before any upgrade', async () => {
    const open = await Promise.all(
      Array.from({ length: MAX_SOCKETS_PER_ADDRESS }, () => raw(site)),
    );
    const refused = new WebSocket(`${site.url.replace('http', 'ws')}/realtime/v1/websocket`);
    const [, response] = (await once(refused, 'unexpected-response')) as [
      unknown,
      { statusCode: number },
    ];
    expect(response.statusCode).toBe(429);
    refused.on('error', () => {}).terminate();
    for (const client of open) client.socket.close();
    await Promise.all(open.map((client) => client.closed));
  });

  it('drops a socket that sends a frame that is not a Phoenix message, or a binary one', async () => {
    for (const bad of [
      '{not json',
      '[1,2,3]',
      JSON.stringify({ topic: 1, event: 'x', payload: {} }),
    ]) {
      const client = await raw(site);
      client.send(bad);
      expect(await client.closed, bad).toBe(1007);
    }
    const binary = await raw(site);
    binary.socket.send(Buffer.from([1, 2, 3]));
    expect(await binary.closed).toBe(1003);
  });

  it('closes a socket whose frame is over the size limit', async () => {
    const client = await raw(site);
    client.send(join('big', '1', [{ event: '*', schema: 'x'.repeat(MAX_FRAME_BYTES) }]));
    expect(await client.closed).toBe(1009);
  });

  it('answers a table it does not serve with the error Realtime gives', async () => {
    const client = await raw(site);
    client.send(
      join('probe', '1', [{ event: '*', schema: 'app_private', table: 'auth_signing_key' }]),
    );
    expect((await replyTo(client, '1')).payload.status).toBe('ok');
    const notice = await until(
      () => client.received.find((m) => m.event === 'system'),
      5_000,
      'the system notice',
      Boolean,
    );
    expect(notice).toMatchObject({
      payload: {
        extension: 'postgres_changes',
        status: 'error',
        message: expect.stringMatching(/^Unable to subscribe/),
      },
    });
  });

  it('refuses a channel over the limit, and drops a socket that joins too fast', async () => {
    const client = await raw(site);
    for (let i = 0; i < MAX_CHANNELS_PER_SOCKET + 1; i++) {
      client.send(join(`c${i}`, String(i)));
      await replyTo(client, String(i));
      // Under the join rate: a second per batch.
      if ((i + 1) % MAX_JOINS_PER_SECOND === 0) await new Promise((r) => setTimeout(r, 1_000));
    }
    expect((await replyTo(client, String(MAX_CHANNELS_PER_SOCKET))).payload).toEqual({
      status: 'error',
      response: { reason: 'ChannelRateLimitReached: Too many channels' },
    });

    const flooding = await raw(site);
    for (let i = 0; i <= MAX_JOINS_PER_SECOND; i++) flooding.send(join(`f${i}`, String(i)));
    expect(await flooding.closed).toBe(1008);
  });

  it('answers a heartbeat, and a message on a topic never joined as Phoenix does', async () => {
    const client = await raw(site);
    client.send({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: '1' });
    expect((await replyTo(client, '1')).payload).toEqual({ status: 'ok', response: {} });
    client.send({ topic: 'realtime:nowhere', event: 'broadcast', payload: {}, ref: '2' });
    expect((await replyTo(client, '2')).payload).toEqual({
      status: 'error',
      response: { reason: 'unmatched topic' },
    });
  });
});
