import { once } from 'node:events';
import type { IncomingMessage } from 'node:http';
import WebSocket from 'ws';
import { until } from '../../support/until.ts';
import type { InboxServer } from './inbox.ts';

/**
 * A client speaking Phoenix 1.0.0 by hand, frame by frame, for tests of what
 * our Realtime endpoint answers to frames realtime-js would never send.
 */
export interface Raw {
  socket: WebSocket;
  received: Record<string, unknown>[];
  closed: Promise<number>;
  send(message: object | string): void;
}

/** Safe to share between files: each file's afterEach closes what its own tests opened. */
const opened: Raw[] = [];

const socketUrl = (site: InboxServer) => `${site.url.replace('http', 'ws')}/realtime/v1/websocket`;

/** A raw client of `site`'s Realtime (with `headers` on its upgrade); closed by closeRawClients after each test. */
export async function raw(site: InboxServer, headers: Record<string, string> = {}): Promise<Raw> {
  const socket = new WebSocket(`${socketUrl(site)}?vsn=1.0.0`, { headers });
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

/** For afterEach: closes every raw client the test opened. */
export function closeRawClients() {
  for (const client of opened.splice(0)) client.socket.close();
}

/** A join of realtime:`topic` whose ref and join_ref are `ref`. */
export const join = (topic: string, ref: string, postgres_changes: object[] = []) => ({
  topic: `realtime:${topic}`,
  event: 'phx_join',
  payload: { config: { postgres_changes } },
  ref,
  join_ref: ref,
});

/** The first frame of `event` (a system notice, a phx_close) the client has received. */
export const firstOf = (client: Raw, event: string) =>
  until(() => client.received.find((m) => m.event === event), 5_000, `the first ${event}`, Boolean);

/** The reply to the message sent with `ref`. */
export const replyTo = (client: Raw, ref: string) =>
  until(
    () => client.received.find((m) => m.ref === ref && m.event === 'phx_reply'),
    5_000,
    `the reply to ${ref}`,
    Boolean,
  ) as Promise<{
    payload: { status: string; response: Record<string, unknown> };
    join_ref?: string | null;
  }>;

/** The answer to an upgrade the server refuses: its status and JSON body. */
export async function refusedUpgrade(site: InboxServer, headers: Record<string, string> = {}) {
  const socket = new WebSocket(socketUrl(site), { headers });
  socket.on('error', () => {});
  const [, response] = (await once(socket, 'unexpected-response')) as [unknown, IncomingMessage];
  let body = '';
  for await (const chunk of response) body += String(chunk);
  socket.terminate();
  return { status: response.statusCode, body: JSON.parse(body) as unknown };
}
