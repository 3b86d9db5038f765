import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { createECDH, randomBytes } from 'node:crypto';
import type { LookupAddress } from 'node:dns';
import { once } from 'node:events';
import { createServer, isIP } from 'node:net';
import webPush from 'web-push';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isInward, type Lookup } from '../../server/leads/push/push-guard.ts';
import type { PushMessage } from '../../server/leads/push/push-message.ts';
import { createPushSender } from '../../server/leads/push/push-sender.ts';

/**
 * The push sender never connects to a private or reserved address unless WEB_PUSH_HOSTS lists
 * the host (docs/alerts.md, "What holds"): not when the address is in the endpoint, which Node
 * connects to without a look-up, nor when a name resolves to it. A listener on loopback counts
 * the connections that reach it, and Node's own diagnostics count every socket opened.
 */

/** One address in each network the guard refuses, as a URL writes it. */
const INWARD = [
  ...['0.0.0.0', '10.1.2.3', '100.64.0.1', '127.0.0.1', '169.254.169.254', '172.16.0.1'],
  ...['192.0.0.9', '192.0.2.1', '192.88.99.1', '192.168.1.1', '198.18.0.1', '198.19.255.254'],
  ...['198.51.100.7', '203.0.113.9', '224.0.0.1', '239.255.255.250', '240.0.0.1'],
  '255.255.255.255',
  ...['[::]', '[::1]', '[::7f00:1]', '[::ffff:10.0.0.1]', '[::ffff:7f00:1]'],
  // Through NAT64: 169.254.169.254, 127.0.0.1, 198.18.0.1; and the local-use prefix.
  ...['[64:ff9b::a9fe:a9fe]', '[64:ff9b::7f00:1]', '[64:ff9b::c612:1]', '[64:ff9b:1::1]'],
  ...['[100::1]', '[2001::1]', '[2001:2::1]', '[2001:db8::1]', '[2002:7f00:1::1]', '[3fff::1]'],
  ...['[fc00::1]', '[fd12:3456::1]', '[fe80::1]', '[fec0::1]', '[ff02::1]'],
];

/** Public addresses, some beside the refused networks: never refused. */
const PUBLIC = [
  ...[
    '8.8.8.8',
    '142.250.180.10',
    '198.17.255.255',
    '198.20.0.0',
    '192.0.1.255',
    '223.255.255.255',
  ],
  ...['2a00:1450:4009:81e::200a', '2003::1', '2001:4860:4860::8888', '64:ff9b::808:808'],
  '::ffff:8.8.8.8',
];

const MESSAGE = {
  topic: 'waiting',
  payload: { kind: 'waiting', count: 1, title: '1 new lead waiting', body: '', url: '/inbox/' },
} satisfies PushMessage;

const sockets: unknown[] = [];
const opened = (message: unknown) => void sockets.push(message);
let connections = 0;
const listener = createServer((socket) => {
  connections++;
  socket.destroy();
});
let port: number;

beforeAll(async () => {
  listener.listen(0, '127.0.0.1');
  await once(listener, 'listening');
  port = (listener.address() as { port: number }).port;
  subscribe('net.client.socket', opened);
});
afterAll(() => {
  unsubscribe('net.client.socket', opened);
  listener.close();
});
beforeEach(() => {
  sockets.length = 0;
  connections = 0;
});

/** A sender with WEB_PUSH_HOSTS `listed`, whose names resolve by `names` alone. */
function sender(listed: string[], names: Record<string, string> = {}) {
  const lookup: Lookup = (hostname, _options, callback) => {
    const address = names[hostname];
    if (!address) return callback(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }), []);
    const found: LookupAddress = { address, family: isIP(address) };
    callback(null, [found]);
  };
  return createPushSender({
    vapid: webPush.generateVAPIDKeys(),
    subject: 'mailto:agency@example.co.uk',
    privateHostsAllowed: listed,
    lookup,
  });
}

/** A push to a device with real keys: nothing short of the guard stops it before connecting. */
const pushTo = (endpoint: string, through = sender([])) => {
  const device = createECDH('prime256v1');
  device.generateKeys();
  const p256dh = device.getPublicKey().toString('base64url');
  return through.send({ endpoint, p256dh, auth: randomBytes(16).toString('base64url') }, MESSAGE);
};

describe('the push sender’s guard', () => {
  it('refuses an address in the endpoint in each private or reserved network, unconnected', async () => {
    const outcomes = await Promise.all(
      INWARD.map((host) => pushTo(`https://${host}:${port}/push/device`)),
    );
    expect(outcomes.filter((outcome) => outcome.status !== 'refused')).toEqual([]);
    expect(sockets).toHaveLength(0);
    expect(connections).toBe(0);
  });

  it('refuses a name that resolves into each of them, unconnected', async () => {
    const names = Object.fromEntries(
      INWARD.map((host, i) => [`push-${i}.example`, host.replace(/^\[|\]$/g, '')]),
    );
    const guarded = sender([], names);
    const outcomes = await Promise.all(
      Object.keys(names).map((name) => pushTo(`https://${name}:${port}/push/device`, guarded)),
    );
    expect(outcomes.filter((outcome) => outcome.status !== 'refused')).toEqual([]);
    expect(outcomes[0]).toMatchObject({ reason: expect.stringMatching(/WEB_PUSH_HOSTS/) });
    expect(connections).toBe(0);
  });

  it('still connects to a listed host on loopback, by address or by name', async () => {
    const listed = sender([`127.0.0.1:${port}`, `push.test:${port}`], { 'push.test': '127.0.0.1' });
    for (const host of ['127.0.0.1', 'push.test']) {
      // The listener hangs up at once: a failed push, but one that reached it.
      const outcome = await pushTo(`https://${host}:${port}/push/device`, listed);
      expect(outcome.status).toBe('retry');
    }
    expect(connections).toBe(2);
  });

  it('leaves public addresses alone, an IPv4 one through NAT64 too', () => {
    expect(PUBLIC.filter(isInward)).toEqual([]);
    expect(INWARD.filter((host) => !isInward(host))).toEqual([]);
  });
});
