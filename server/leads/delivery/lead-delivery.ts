import type { Database } from '../../db/database.ts';
import { leadMailerFor, type LeadMailer, type MailRelay } from './lead-mailer.ts';
import { ENABLE_WEBHOOK, WEBHOOK_ENABLED_AT } from './outbox-queries.ts';
import { startReplyLoop, type ReplyLoop } from './reply-loop.ts';
import {
  MAX_ATTEMPTS,
  retryDelay,
  RETRY_BASE_MS,
  MAX_PER_HOUR,
  POLL_MS,
  startOutboxWorker,
  SUMMARY_INTERVAL_MS,
  UNVERIFIED_PER_HOUR,
  type OutboxLimits,
} from './outbox-worker.ts';
import { createWebhookPoster } from './webhook-poster.ts';
import type { WorkLog } from '../../work-log.ts';

export interface LeadDeliveryOptions extends OutboxLimits, MailRelay {
  /** A relay (or the local mailbox) and this, or neither: server/settings/schema.ts enforces that for the environment, this for callers. */
  notifyEmail?: string;
  mailFrom?: string;
  /** VITE_SITE_URL: each lead email links to the lead in the inbox there. */
  siteUrl?: string;
  /** VITE_BRAND_NAME: the sender's name of replies to leads, unless MAIL_FROM names one. */
  brandName?: string;
  /** Both or neither, likewise. The URL may hold a token: logs show only its origin. */
  webhookUrl?: string;
  webhookSecret?: string;
  /** Tests only: see outbox-worker.ts. */
  deliveryPollMs?: number;
  deliveryRetryBaseMs?: number;
  webhookRetryScheduleMs?: readonly number[];
}

export interface LeadDelivery {
  /** Waits for sends in progress; call before the database closes. */
  stop(): Promise<void>;
  /** Resolves once nothing is due (`npm run worker -- --once`). */
  drained(): Promise<void>;
}

/**
 * Starts delivering leads by email when SMTP is configured and to the webhook
 * when it is, and says so either way: an agency that expects leads and gets
 * none should find out at start-up, not after the first lost client. Logs
 * name the relay's host and the webhook's origin, never their URLs, which may
 * hold a password or a token. A configured webhook is switched on in the
 * database first, so every lead stored from then on is queued for it.
 */
export async function startLeadDelivery(
  database: Database,
  log: WorkLog,
  options: LeadDeliveryOptions,
): Promise<LeadDelivery> {
  const { smtpUrl, mailbox, notifyEmail, webhookUrl, webhookSecret } = options;
  if (Boolean(smtpUrl || mailbox) !== Boolean(notifyEmail)) {
    throw new Error('Lead delivery needs both smtpUrl and notifyEmail, or neither');
  }
  if (Boolean(webhookUrl) !== Boolean(webhookSecret)) {
    throw new Error('The webhook needs both webhookUrl and webhookSecret, or neither');
  }
  if (!smtpUrl && !mailbox && !webhookUrl) {
    log.info(
      'Lead delivery is off: set SMTP_URL and NOTIFY_EMAIL to email each submission ' +
        '(and WEBHOOK_URL and WEBHOOK_SECRET to post it to another tool)',
    );
    return { stop: async () => {}, drained: async () => {} };
  }
  if (!smtpUrl && !mailbox) {
    log.info('Lead email is off: set SMTP_URL and NOTIFY_EMAIL to email each submission');
  }

  const mailer: LeadMailer | undefined = leadMailerFor(options);
  if (mailer) {
    const via = smtpUrl ? origin(smtpUrl) : 'the local mailbox';
    log.info(
      `Lead delivery is on: each submission is emailed to ${notifyEmail} via ${via}, ` +
        `at most ${options.maxPerHour ?? MAX_PER_HOUR} an hour one by one ` +
        `(${options.unverifiedPerHour ?? UNVERIFIED_PER_HOUR} of them without a proof of work); ` +
        `the rest go out in one summary email every ` +
        `${Math.round((options.summaryIntervalMs ?? SUMMARY_INTERVAL_MS) / 1000)} s at most. ` +
        `A lead is given up after ${options.maxAttempts ?? MAX_ATTEMPTS} attempts ` +
        '(npm run -s submissions -- outbox lists them)',
    );
  }
  const webhook =
    webhookUrl && webhookSecret && createWebhookPoster({ url: webhookUrl, secret: webhookSecret });
  if (webhookUrl) {
    await database.query(ENABLE_WEBHOOK);
    const [row] = await database.query(WEBHOOK_ENABLED_AT);
    const since = new Date(row?.enabled_at as string | Date).toISOString();
    log.info(
      `Lead webhook is on: each submission stored since ${since} is posted to ` +
        `${origin(webhookUrl)}, signed (Standard Webhooks); earlier ones are not`,
    );
  }

  const worker = startOutboxWorker({
    database,
    mailer,
    webhook: webhook || undefined,
    log,
    pollMs: options.deliveryPollMs,
    retryBaseMs: options.deliveryRetryBaseMs,
    webhookRetryScheduleMs: options.webhookRetryScheduleMs,
    maxAttempts: options.maxAttempts,
    maxPerHour: options.maxPerHour,
    unverifiedPerHour: options.unverifiedPerHour,
    summaryIntervalMs: options.summaryIntervalMs,
  });
  // Replies from the inbox go through the same relay and sender: the lead hears from the agency's
  // address, the member in Reply-To (docs/inbox.md, "Replying from the inbox").
  const replies: ReplyLoop | undefined =
    mailer &&
    startReplyLoop(database, mailer, log, {
      pollMs: options.deliveryPollMs ?? POLL_MS,
      maxAttempts: options.maxAttempts ?? MAX_ATTEMPTS,
      retryDelay: (failures) => retryDelay(failures, options.deliveryRetryBaseMs ?? RETRY_BASE_MS),
    });
  return {
    drained: async () => {
      await Promise.all([worker.drained(), replies?.drained()]);
    },
    async stop() {
      try {
        await Promise.all([worker.stop(), replies?.stop()]);
      } finally {
        mailer?.close();
      }
    },
  };
}

/** smtps://host:465 or https://hooks.example.com, with no user name, password or path, for logs. */
function origin(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}`;
}
