import { describe, expect, it, onTestFinished } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { openDatabase } from '../../server/db/open-database.ts';
import {
  startLeadDelivery,
  type LeadDeliveryOptions,
} from '../../server/leads/delivery/lead-delivery.ts';
import { readFileSync } from 'node:fs';
import { Webhook } from 'standardwebhooks';
import { leadEvent } from '../../server/leads/delivery/webhook-payload.ts';
import { createWebhookPoster } from '../../server/leads/delivery/webhook-poster.ts';
import { insertAsAnon } from './support/as-anon.ts';
import {
  describeOnEmbedded,
  describePostgres,
  openFreshBackend,
  submissionsJson,
  type Backend,
} from './support/backends.ts';
import { VALID } from '../support/requests.ts';
import { SmtpSink } from '../support/smtp-sink.ts';
import { until } from '../support/until.ts';
import { WEBHOOK_SECRET, WebhookReceiver } from '../support/webhook-receiver.ts';

/**
 * Each lead is posted to a Standard Webhooks receiver (docs/webhooks.md) beside the
 * email, with its own retries, and verified here as an integrator would.
 */

async function setUp(kind: Backend['kind']) {
  const { backend, db } = await openFreshBackend(kind);
  const receiver = await WebhookReceiver.start();
  onTestFinished(() => receiver.close());
  const sink = await SmtpSink.start();
  onTestFinished(() => sink.down());
  return { backend, db, receiver, sink };
}

async function deliver(db: Database, options: LeadDeliveryOptions) {
  const logs: string[] = [];
  const log = { info: (text: string) => logs.push(text), warn: (text: string) => logs.push(text) };
  const delivery = await startLeadDelivery(db, log, { deliveryPollMs: 20, ...options });
  onTestFinished(() => delivery.stop());
  return { delivery, logs };
}

/** A lead as the page stores it: inserted as anon, with a proof of work. */
const insertLead = (db: Database, name = VALID.name) => insertAsAnon(db, { ...VALID, name });

const outbox = (backend: Backend) => submissionsJson(['outbox'], backend);

describeOnEmbedded('the lead webhook while the receiver answers 503', (kind) => {
  it('retries a 503 with the same webhook-id, sends nothing after the 2xx, and never holds the email up', async () => {
    const { db, receiver, sink } = await setUp(kind);
    // The first answer waits until the email is in: the email does not wait for the webhook.
    receiver.answer = async (hook) => {
      if (receiver.received.indexOf(hook) > 0) return 204;
      await until(() => sink.received.length === 1, 10_000, 'the email, sent meanwhile');
      return 503;
    };
    const { delivery } = await deliver(db, {
      smtpUrl: sink.url,
      notifyEmail: 'leads@agency.example',
      webhookUrl: receiver.url,
      webhookSecret: WEBHOOK_SECRET,
      webhookRetryScheduleMs: [50, 50],
    });
    await insertLead(db);
    await until(() => receiver.received.length === 2, 10_000, 'the retry');
    await delivery.drained();
    await delivery.drained();
    expect(receiver.received).toHaveLength(2);
    expect(receiver.verified).toHaveLength(2);
    const [first, retry] = receiver.received;
    expect(retry!.id).toBe(first!.id);
    expect(retry!.id).toMatch(/^msg_[0-9a-f-]{36}$/);
    expect(retry!.event).toMatchObject({
      type: 'contact.submitted',
      data: { name: VALID.name, email: VALID.email, message: VALID.message },
    });
    expect(retry!.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(sink.received).toHaveLength(1);
    const [row] = await db.query('select sent_at, attempts from lead_webhooks');
    expect(row).toMatchObject({ attempts: 1 });
    expect(row!.sent_at).not.toBeNull();
  });

  it('walks the whole retry schedule on 503, then marks the delivery failed for submissions outbox', async () => {
    const { backend, db, receiver } = await setUp(kind);
    receiver.answer = () => 503;
    const { delivery, logs } = await deliver(db, {
      webhookUrl: receiver.url,
      webhookSecret: WEBHOOK_SECRET,
      webhookRetryScheduleMs: [10, 10, 10],
    });
    await insertLead(db);
    await until(
      async () =>
        (await db.query('select 1 from lead_webhooks where failed_at is not null')).length === 1,
      20_000,
      'the webhook delivery to be given up',
    );
    await delivery.drained();
    await delivery.stop();
    expect(receiver.received).toHaveLength(4);
    expect(new Set(receiver.received.map((hook) => hook.id)).size).toBe(1);
    expect(logs.some((line) => line.includes('attempt 4 of 4') && line.includes('Given up'))).toBe(
      true,
    );
    // Nothing personal in what was logged.
    expect(logs.join('\n')).not.toContain(VALID.email);

    await db.close(); // The embedded database admits one process: the CLI's turn.
    // Each channel has its own state: email (not configured here) still waits for SMTP.
    expect(await outbox(backend)).toEqual([
      expect.objectContaining({ channel: 'email', delivery: 'pending', attempts: 0 }),
      expect.objectContaining({
        channel: 'webhook',
        delivery: 'failed',
        attempts: 4,
        next_attempt_at: null,
        last_error: 'HTTP 503 Service Unavailable',
      }),
    ]);
  });

  it("removes a lead's webhook delivery with the lead (erasure)", async () => {
    const { db, receiver } = await setUp(kind);
    receiver.answer = () => 503;
    await deliver(db, {
      webhookUrl: receiver.url,
      webhookSecret: WEBHOOK_SECRET,
      webhookRetryScheduleMs: [60_000],
    });
    await insertLead(db);
    await until(() => receiver.received.length === 1, 10_000, 'the first try');
    await db.query('delete from contact_submissions');
    expect(await db.query('select 1 from lead_webhooks')).toHaveLength(0);
  });
});

describeOnEmbedded('the lead webhook to a receiver that refuses for good or redirects', (kind) => {
  it('stops at once on 410 Gone, and follows no redirect', async () => {
    const { db, receiver } = await setUp(kind);
    receiver.answer = (hook) => (hook.event?.data.name === 'Gone' ? 410 : 302);
    const { delivery } = await deliver(db, {
      webhookUrl: receiver.url,
      webhookSecret: WEBHOOK_SECRET,
      webhookRetryScheduleMs: [10, 10, 10],
    });
    await insertLead(db, 'Gone');
    await insertLead(db, 'Moved');
    await until(
      async () =>
        (await db.query('select 1 from lead_webhooks where failed_at is not null')).length === 2,
      20_000,
      'both deliveries to be given up',
    );
    await delivery.drained();
    const names = receiver.received.map((hook) => hook.event?.data.name);
    expect(names.filter((name) => name === 'Gone')).toHaveLength(1);
    expect(names.filter((name) => name === 'Moved')).toHaveLength(4);
    expect(receiver.received.every((hook) => hook.path === '/hooks/leads')).toBe(true);
    const errors = await db.query('select last_error from lead_webhooks order by submission_id');
    expect(errors.map((row) => row.last_error)).toEqual([
      'HTTP 410 Gone: not retried',
      'HTTP 302 Found: redirects are not followed; set WEBHOOK_URL to the target',
    ]);
  });
});

describeOnEmbedded('the lead webhook turned on with leads already stored', (kind) => {
  it('posts no lead stored before the webhook was configured, and every one after', async () => {
    const { db, receiver } = await setUp(kind);
    await insertLead(db, 'Before');
    const { delivery } = await deliver(db, {
      webhookUrl: receiver.url,
      webhookSecret: WEBHOOK_SECRET,
    });
    await insertLead(db, 'After');
    await until(() => receiver.received.length === 1, 10_000, 'the new lead');
    await delivery.drained();
    expect(receiver.verified.map((hook) => hook.event?.data.name)).toEqual(['After']);
  });
});

describe('the lead webhook to a receiver behind Basic auth', () => {
  it("sends WEBHOOK_URL's user and password as an Authorization header, as curl would", async () => {
    const receiver = await WebhookReceiver.start();
    onTestFinished(() => receiver.close());
    const url = new URL(receiver.url);
    url.username = 'n8n';
    url.password = 'p@ss:word'; // percent-encoded in the URL, as it would be written there
    const poster = createWebhookPoster({ url: url.href, secret: WEBHOOK_SECRET });
    const lead = { id: '7', ...VALID, receivedAt: new Date() };
    await poster.post({ lead, attempts: 0, messageId: '3f0c8a4e-6d0b-4c55-9d7e-2b1f4a9e8c21' });
    expect(receiver.verified).toHaveLength(1);
    const [hook] = receiver.verified;
    expect(hook!.headers.authorization).toBe(
      `Basic ${Buffer.from('n8n:p@ss:word').toString('base64')}`,
    );
    expect(hook!.path).toBe('/hooks/leads');
  });
});

describe("docs/webhooks.md's example request", () => {
  it('has every field a lead is posted with, in its order, and a signature that verifies', () => {
    const example = /```http\n([\s\S]*?)\n```/.exec(readFileSync('docs/webhooks.md', 'utf8'))![1]!;
    const [head, body] = example.split('\n\n') as [string, string];
    const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'm').exec(head)?.[1];
    const { data } = JSON.parse(body) as { data: Record<string, string> };
    const lead = {
      id: data.id!,
      reference: data.reference,
      name: data.name!,
      email: data.email!,
      message: data.message!,
      receivedAt: new Date(data.received_at!),
    };
    // The field a lead may lack (no submission key) is shown too.
    expect(Object.keys(data)).toEqual(Object.keys(leadEvent({ ...lead, reference: 'FD' }).data));
    expect(JSON.stringify(leadEvent(lead))).toBe(body);
    const timestamp = new Date(Number(header('webhook-timestamp')) * 1000);
    expect(new Webhook(WEBHOOK_SECRET).sign(header('webhook-id')!, timestamp, body)).toBe(
      header('webhook-signature'),
    );
    expect(header('content-type')).toBe('application/json');
  });
});

describePostgres('three instances sharing one PostgreSQL', () => {
  it('post 30 leads inserted as the owner once each, with 30 distinct webhook-ids', async () => {
    const { backend, db, receiver } = await setUp('postgres');
    const instances = await Promise.all(
      [0, 1, 2].map(async () => {
        const own = await openDatabase(backend.options);
        onTestFinished(() => own.close());
        return (await deliver(own, { webhookUrl: receiver.url, webhookSecret: WEBHOOK_SECRET }))
          .delivery;
      }),
    );
    for (let i = 0; i < 30; i++) {
      await db.query('insert into contact_submissions (name, email, message) values ($1, $2, $3)', [
        `Lead ${i}`,
        VALID.email,
        VALID.message,
      ]);
    }
    await until(() => receiver.received.length >= 30, 20_000, '30 deliveries');
    await Promise.all(instances.map((instance) => instance.drained()));
    expect(receiver.verified).toHaveLength(30);
    expect(new Set(receiver.received.map((hook) => hook.id)).size).toBe(30);
    expect(new Set(receiver.received.map((hook) => hook.event?.data.id)).size).toBe(30);
  });
});
