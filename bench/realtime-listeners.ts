/**
 * The clients of bench/realtime-clients.ts, in a process of their own so the
 * server's figures are the server's alone. Reads one JSON line from stdin:
 * { url, tokens, mode }, and prints "ready" once every client is joined.
 *
 *  - listen: realtime-js clients, one per token, as the inbox subscribes;
 *  - stalled: clients that join as a member and then never read their socket.
 */
import { once } from 'node:events';
import { RealtimeClient } from '@supabase/realtime-js';
import WebSocket from 'ws';
import { REALTIME_PREFIX, REALTIME_TABLES } from '../shared/realtime.ts';

const [line] = await once(process.stdin.setEncoding('utf8'), 'data');
const { url, tokens, mode } = JSON.parse(String(line)) as {
  url: string;
  tokens: string[];
  mode: 'listen' | 'stalled';
};
let heard = 0;

/**
 * Each client from a loopback address of its own (127.0.0.2, .3, …): the
 * server caps sockets per address, and 50 members are 50 machines.
 */
const fromAddress = (index: number) =>
  class extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      super(address, protocols, { localAddress: `127.0.0.${2 + (index % 250)}` });
    }
  };

async function listen(token: string, index: number) {
  const client = new RealtimeClient(`${url}${REALTIME_PREFIX}`, {
    transport: fromAddress(index) as unknown as typeof globalThis.WebSocket,
    params: { apikey: 'bench' },
  });
  await client.setAuth(token);
  const channel = client.channel('inbox');
  for (const table of Object.keys(REALTIME_TABLES)) {
    channel.on('postgres_changes', { event: '*', schema: 'public', table }, () => heard++);
  }
  await new Promise<void>((joined) =>
    channel.subscribe((status) => status === 'SUBSCRIBED' && joined()),
  );
}

async function stall(token: string) {
  const socket = new WebSocket(
    `${url.replace('http', 'ws')}${REALTIME_PREFIX}/websocket?vsn=1.0.0`,
  );
  await once(socket, 'open');
  const postgres_changes = Object.keys(REALTIME_TABLES).map((table) => ({
    event: '*',
    schema: 'public',
    table,
  }));
  socket.send(
    JSON.stringify({
      topic: 'realtime:inbox',
      event: 'phx_join',
      payload: { config: { postgres_changes }, access_token: token },
      ref: '1',
      join_ref: '1',
    }),
  );
  await once(socket, 'message');
  // Never read again: the kernel's buffers fill, then the server's.
  (socket as unknown as { _socket: { pause(): void } })._socket.pause();
  socket.on('close', () => process.stdout.write('dropped\n'));
}

await Promise.all(tokens.map(mode === 'listen' ? listen : stall));
process.stdout.write('ready\n');
process.stdin.on('data', () => process.stdout.write(`heard ${heard}\n`));
