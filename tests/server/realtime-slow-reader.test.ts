import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MAX_BUFFERED_BYTES } from '../../server/realtime/client-limits.ts';
import { until } from '../support/until.ts';
import { describeOnEmbedded } from './support/backends.ts';
import { signIn, startInboxServer, storeLead, type InboxServer } from './support/inbox.ts';
import { listen, type Ear } from './support/realtime.ts';

/**
 * A client that completes the upgrade, joins, then never reads again: the
 * server must drop it once MAX_BUFFERED_BYTES wait unsent, not hold every
 * change for it, while the other clients hear on. The kernel's socket buffers
 * take their share first (docs/inbox.md, "Live"), so the test sends more than
 * they and the cap can hold, in real changes of a lead with a long message.
 */

const TOPIC = 'realtime:inbox';
const BATCH = 10;

/**
 * What the kernel may hold for a client that never reads: the server's send buffer at its
 * largest, and the client's receive buffer as it starts (Linux grows it only as the client reads).
 * Read from this machine, since hosts tune them differently.
 */
function kernelBufferBytes(): number {
  const field = (file: string, index: number) =>
    Number(readFileSync(`/proc/sys/net/ipv4/${file}`, 'utf8').trim().split(/\s+/)[index]);
  return field('tcp_wmem', 2) + field('tcp_rmem', 1);
}
/** Less than one change's frame (a message of 4,800 characters and its row): a floor, so enough changes are sent. */
const CHANGE_BYTES = 4_800;
/** Enough changes to pass the kernel's buffers and the cap by a megabyte, in whole batches. */
const CHANGES =
  Math.ceil((kernelBufferBytes() + MAX_BUFFERED_BYTES + 1_000_000) / CHANGE_BYTES / BATCH) * BATCH;
/** A client frame (RFC 6455 5.2): text, final, masked with an all-zero key (so unchanged). */
function textFrame(text: string): Buffer {
  const body = Buffer.from(text);
  const length =
    body.length < 126
      ? Buffer.from([0x80 | body.length])
      : Buffer.from([0x80 | 126, body.length >> 8, body.length & 0xff]);
  return Buffer.concat([Buffer.from([0x81]), length, Buffer.alloc(4), body]);
}

describeOnEmbedded('Realtime and a client that never reads', () => {
  let site: InboxServer;
  let token: string;
  let control: Ear;
  beforeAll(async () => {
    site = await startInboxServer('embedded', { listen: true });
    token = (await signIn(site.client(), site.sink)).access_token;
    control = await listen(site.url, token);
  });
  afterAll(async () => {
    await control?.close();
    await site?.close();
  });

  it('drops it once its unread changes pass the cap, and the others still hear', async () => {
    const { port, hostname } = new URL(site.url);
    const socket: Socket = connect(Number(port), hostname);
    await once(socket, 'connect');
    socket.write(
      [
        'GET /realtime/v1/websocket?vsn=1.0.0 HTTP/1.1',
        `Host: ${hostname}:${port}`,
        'Upgrade: websocket',
        'Connection: Upgrade',
        `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
        'Sec-WebSocket-Version: 13',
        '',
        '',
      ].join('\r\n'),
    );
    let read = '';
    socket.on('data', (chunk: Buffer) => (read += chunk.toString('latin1')));
    await until(() => read.includes('\r\n\r\n'), 5_000, 'the upgrade');
    expect(read).toMatch(/^HTTP\/1.1 101/);
    socket.write(
      textFrame(
        JSON.stringify({
          topic: TOPIC,
          event: 'phx_join',
          payload: {
            config: {
              postgres_changes: [{ event: '*', schema: 'public', table: 'contact_submissions' }],
            },
            access_token: token,
          },
          ref: '1',
          join_ref: '1',
        }),
      ),
    );
    await until(() => read.includes('Subscribed to PostgreSQL'), 5_000, 'the join');
    socket.pause();
    let ended = false;
    socket.on('end', () => (ended = true));

    // BATCH leads with long messages, changed together: one statement a batch, not one a change.
    const ids: number[] = [];
    for (let i = 0; i < BATCH; i++) {
      ids.push(
        await storeLead(site.server, {
          name: 'Ada',
          email: `a${i}@example.co.uk`,
          message: randomBytes(2_400).toString('hex'),
        }),
      );
    }
    for (let changes = BATCH; changes <= CHANGES; changes += BATCH) {
      await site.server.query(
        `update public.contact_submissions
         set status = case status when 'new' then 'won' else 'new' end where id = any($1)`,
        [ids],
      );
      // The other client hears each change: the one that does not read holds nobody up.
      await until(() => control.heard.length >= changes, 10_000, `change ${changes}`, Boolean);
    }
    // Reading again, it gets what the kernel and the cap held, then the server's close.
    socket.resume();
    await until(() => ended, 10_000, 'the server to have closed the socket');
    const heard = read.split('"event":"postgres_changes"').length - 1;
    expect(heard).toBeGreaterThan(0);
    expect(heard).toBeLessThan(CHANGES);
  }, 120_000);
});
