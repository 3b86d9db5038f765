import { Agent } from 'node:https';
import webPush, { WebPushError } from 'web-push';
import {
  endpointRefusal,
  guardedLookup,
  INWARD_ERROR,
  listedHosts,
  type Lookup,
} from './push-guard.ts';
import type { VapidKeys } from './vapid-key.ts';
import type { PushMessage } from './push-message.ts';

/** RFC 8030 TTL: a lead's alert a day late is still worth showing; later, the reminder takes over. */
const PUSH_TTL_SECONDS = 24 * 3_600;
/** A push service that has not answered by then is treated as down, and the push retried. */
const PUSH_TIMEOUT_MS = 10_000;
/** Sockets kept open per push service host: a flood goes out in parallel without a handshake each. */
const SOCKETS_PER_HOST = 32;
/**
 * How long an idle socket is kept for the next push, or a second less than the push service says
 * it keeps one (its Keep-Alive: timeout=N). Without this, Node's agent keeps an idle socket for
 * ever and ignores that hint: a push sent as the service closed the socket failed with ECONNRESET
 * ("socket hang up") and waited 2 s for its retry, behind the leads after it, which a flood's
 * per-minute cap then let through first.
 */
const IDLE_SOCKET_MS = 4_000;

interface Device {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What became of one push: accepted; the device is gone (404, 410); try again; or never. */
export type PushOutcome =
  | { status: 'sent'; code?: number }
  | { status: 'gone'; code: number }
  | { status: 'retry'; reason: string; afterMs?: number; code?: number }
  | { status: 'refused'; reason: string; code?: number };

export interface PushSender {
  send(device: Device, message: PushMessage): Promise<PushOutcome>;
}

export interface PushSenderOptions {
  vapid: VapidKeys;
  /** RFC 8292 `sub`: mailto:NOTIFY_EMAIL, or the site's https URL. */
  subject: string;
  /** WEB_PUSH_HOSTS: only these may be, or resolve to, a private or reserved address. */
  privateHostsAllowed: readonly string[];
  /** Tests only: a CA for a local push service in this process (child processes use NODE_EXTRA_CA_CERTS). */
  ca?: string;
  /** Tests only: the resolver, so a name can resolve anywhere (node:dns's lookup otherwise). */
  lookup?: Lookup;
}

/**
 * Sends with web-push: aes128gcm (RFC 8291), VAPID (RFC 8292), Urgency high,
 * a day's TTL and the message's Topic. Never to a private, loopback,
 * link-local or otherwise reserved address unless the host is one the
 * operator listed (push-guard.ts): an address in the endpoint is refused
 * before any connection, and a name that resolves inward (a poisoned
 * resolver, a rebinding name) at the connection's look-up.
 */
export function createPushSender(options: PushSenderOptions): PushSender {
  const listed = listedHosts(options.privateHostsAllowed);
  const agent = new Agent({
    keepAlive: true,
    maxSockets: SOCKETS_PER_HOST,
    timeout: IDLE_SOCKET_MS,
    ...(options.ca && { ca: options.ca }),
    lookup: guardedLookup(listed, options.lookup) as never,
  });
  const vapidDetails = {
    subject: options.subject,
    publicKey: options.vapid.publicKey,
    privateKey: options.vapid.privateKey,
  };
  return {
    async send(device, message) {
      const refusal = endpointRefusal(device.endpoint, listed);
      if (refusal) return { status: 'refused', reason: refusal };
      try {
        const answer = await webPush.sendNotification(
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
        return { status: 'sent', code: answer.statusCode };
      } catch (error) {
        return outcomeOf(error);
      }
    },
  };
}

function outcomeOf(error: unknown): PushOutcome {
  if (!(error instanceof WebPushError)) {
    const reason = error instanceof Error ? error.message : String(error);
    // The guard's refusal: the name resolves inward, which no retry should reach.
    if ((error as NodeJS.ErrnoException | null)?.code === INWARD_ERROR)
      return { status: 'refused', reason };
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
      code,
      ...(Number.isFinite(seconds) && seconds > 0 && { afterMs: seconds * 1000 }),
    };
  }
  return { status: 'refused', reason, code };
}
