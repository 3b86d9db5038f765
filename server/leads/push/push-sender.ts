import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { Agent } from 'node:https';
import { BlockList, isIP } from 'node:net';
import webPush, { WebPushError } from 'web-push';
import type { VapidKeys } from './vapid-key.ts';
import type { PushMessage } from './push-payload.ts';

/** RFC 8030 TTL: a lead's alert a day late is still worth showing; later, the reminder takes over. */
const PUSH_TTL_SECONDS = 24 * 3_600;
/** A push service that has not answered by then is treated as down, and the push retried. */
const PUSH_TIMEOUT_MS = 10_000;
/** Sockets kept open per push service host: a flood goes out in parallel without a handshake each. */
const SOCKETS_PER_HOST = 32;

interface Device {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What became of one push: accepted; the device is gone (404, 410); try again; or never. */
export type PushOutcome =
  | { status: 'sent' }
  | { status: 'gone'; code: number }
  | { status: 'retry'; reason: string; afterMs?: number }
  | { status: 'refused'; reason: string };

export interface PushSender {
  send(device: Device, message: PushMessage): Promise<PushOutcome>;
}

export interface PushSenderOptions {
  vapid: VapidKeys;
  /** RFC 8292 `sub`: mailto:NOTIFY_EMAIL, or the site's https URL. */
  subject: string;
  /** WEB_PUSH_HOSTS: only these may resolve to a private or loopback address. */
  privateHostsAllowed: readonly string[];
  /** Tests only: a CA for a local push service in this process (child processes use NODE_EXTRA_CA_CERTS). */
  ca?: string;
}

/**
 * Sends with web-push: aes128gcm (RFC 8291), VAPID (RFC 8292), Urgency high,
 * a day's TTL and the message's Topic. The connection refuses to reach a
 * private, loopback or link-local address unless the host is one the
 * operator listed, so a push service name that resolves inward (a poisoned
 * resolver, a rebinding name) is not a way into the network either.
 */
export function createPushSender(options: PushSenderOptions): PushSender {
  const listed = new Set(options.privateHostsAllowed.map((host) => host.replace(/:\d+$/, '')));
  const agent = new Agent({
    keepAlive: true,
    maxSockets: SOCKETS_PER_HOST,
    ...(options.ca && { ca: options.ca }),
    lookup: guardedLookup(listed) as never,
  });
  const vapidDetails = {
    subject: options.subject,
    publicKey: options.vapid.publicKey,
    privateKey: options.vapid.privateKey,
  };
  return {
    async send(device, message) {
      try {
        await webPush.sendNotification(
          { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
          JSON.stringify(message.payload),
          {
            TTL: PUSH_TTL_SECONDS,
            urgency: 'high',
            topic: message.topic,
            vapidDetails,
            timeout: PUSH_TIMEOUT_MS,
            agent,
          },
        );
        return { status: 'sent' };
      } catch (error) {
        return outcomeOf(error);
      }
    },
  };
}

function outcomeOf(error: unknown): PushOutcome {
  if (!(error instanceof WebPushError)) {
    const reason = error instanceof Error ? error.message : String(error);
    // web-push refuses a key it cannot encrypt to before any request: no retry helps.
    if (/public key|auth|p256dh|Vapid/i.test(reason)) return { status: 'refused', reason };
    return { status: 'retry', reason };
  }
  const code = error.statusCode;
  if (code === 404 || code === 410) return { status: 'gone', code };
  const reason = `${code} ${String(error.body ?? '').slice(0, 200)}`.trim();
  if (code === 429 || code >= 500) {
    const seconds = Number(error.headers?.['retry-after']);
    return {
      status: 'retry',
      reason,
      ...(Number.isFinite(seconds) && seconds > 0 && { afterMs: seconds * 1000 }),
    };
  }
  return { status: 'refused', reason };
}

const INWARD = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  INWARD.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  INWARD.addSubnet(network, prefix, 'ipv6');
}

function isInward(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return INWARD.check(mapped, 'ipv4');
  return INWARD.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

function guardedLookup(listed: ReadonlySet<string>) {
  return (hostname: string, options: object, callback: LookupCallback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
      const allowed = listed.has(hostname.toLowerCase()) || listed.has(`[${host}]`);
      const usable = allowed ? addresses : addresses.filter((a) => !isInward(a.address));
      if (usable.length === 0) {
        const refused: NodeJS.ErrnoException = new Error(
          `${hostname} resolves only to private or loopback addresses, which WEB_PUSH_HOSTS does not list`,
        );
        refused.code = 'EPUSHINWARD';
        return callback(refused, []);
      }
      if ((options as { all?: boolean }).all) return callback(null, usable);
      return callback(null, usable[0]!.address, usable[0]!.family);
    });
  };
}
