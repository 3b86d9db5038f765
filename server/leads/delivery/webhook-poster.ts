import { Webhook } from 'standardwebhooks';
import { PermanentFailure, type Delivery } from './delivery-channel.ts';
import type { LeadPoster } from './outbox-worker.ts';
import { leadEvent } from './webhook-payload.ts';

/**
 * Posts a lead to WEBHOOK_URL as Standard Webhooks do (standardwebhooks.com;
 * docs/webhooks.md): webhook-id (the same on every
 * attempt), webhook-timestamp (this attempt's) and webhook-signature
 * (`v1,` and a base64 HMAC-SHA256 of `id.timestamp.body`, keyed with the
 * whsec_ secret). Only a 2xx answer delivers it. Errors name the status or
 * the network failure, never the body, which may echo the lead.
 */

export interface WebhookPosterOptions {
  url: string;
  /** `whsec_` and base64: checked by server/settings/schema.ts. */
  secret: string;
}

/** A receiver that has not answered in 10 s is down, as far as this attempt is concerned. */
const TIMEOUT_MS = 10_000;
const USER_AGENT = 'contact-site-webhooks/1';

export function createWebhookPoster({ url, secret }: WebhookPosterOptions): LeadPoster {
  const signer = new Webhook(secret);
  const target = withoutCredentials(url);
  return {
    async post({ lead, messageId }: Delivery) {
      const id = `msg_${messageId ?? lead.id}`;
      const body = JSON.stringify(leadEvent(lead));
      const now = new Date();
      let response: Response;
      try {
        response = await fetch(target.url, {
          method: 'POST',
          headers: {
            ...target.headers,
            'content-type': 'application/json',
            'user-agent': USER_AGENT,
            'webhook-id': id,
            'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
            'webhook-signature': signer.sign(id, now, body),
          },
          body,
          // A redirect could carry the lead somewhere nobody configured: a failure, not a hop.
          redirect: 'manual',
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        throw new Error(networkFailure(error));
      }
      // Nothing of the answer is kept but its status.
      await response.body?.cancel().catch(() => {});
      if (response.ok) return;
      const status = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
      // 410 Gone: the receiver says this endpoint is gone for good (Standard Webhooks).
      if (response.status === 410) throw new PermanentFailure(`${status}: not retried`);
      if (response.status >= 300 && response.status < 400) {
        throw new Error(`${status}: redirects are not followed; set WEBHOOK_URL to the target`);
      }
      throw new Error(status);
    },
  };
}

/**
 * A receiver behind Basic auth (n8n's Webhook node, a CRM's endpoint) is given
 * as https://user:password@host/…, as curl takes it; fetch refuses such a URL
 * outright, so every attempt would fail as a bare network error. The
 * credentials go in an Authorization header instead, percent-decoded as curl does.
 */
function withoutCredentials(value: string): { url: string; headers: Record<string, string> } {
  const url = new URL(value);
  if (!url.username && !url.password) return { url: value, headers: {} };
  const credentials = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
  url.username = '';
  url.password = '';
  return {
    url: url.href,
    headers: { authorization: `Basic ${Buffer.from(credentials).toString('base64')}` },
  };
}

function networkFailure(error: unknown): string {
  if (error instanceof DOMException && error.name === 'TimeoutError') {
    return `No answer within ${TIMEOUT_MS / 1000} s`;
  }
  const cause = error instanceof Error ? (error.cause as { code?: string } | undefined) : undefined;
  return `Network error${cause?.code ? ` (${cause.code})` : ''}`;
}
