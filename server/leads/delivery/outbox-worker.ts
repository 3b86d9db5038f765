import type { Database } from '../../db/database.ts';
import { startChannelLoop } from './channel-loop.ts';
import type { Delivery, DeliveryChannel, Summary } from './delivery-channel.ts';
import type { Lead } from './lead-message.ts';
import type { WorkLog } from '../../work-log.ts';

/**
 * Delivers each submission through the durable outbox: a trigger queues it,
 * in the submission's own transaction, for email (public.lead_outbox) and,
 * when that channel is on, the webhook (public.lead_webhooks). Visitors never
 * wait for this: each channel runs on its own timer (channel-loop.ts), apart
 * from any request and from the other channel.
 *
 * Claim, send, mark: a lead is leased (locked_until) in a statement that
 * commits at once (outbox-claim.ts), sent with no transaction or connection
 * held, then marked sent (outbox-mark.ts). Workers sharing one database
 * (several servers, `npm run worker`) never claim the same lead while its
 * lease runs, and a worker that dies mid-send leaves it to be picked up when
 * the lease ends. A lead sent but not yet marked (the database went away in
 * between) is marked as soon as the database answers again. Email keeps to an
 * hourly cap, and what the cap holds back goes out in one summary email per
 * interval (lead-summary.ts).
 *
 * The one gap is at-least-once, and cannot be closed over SMTP or HTTP: if the
 * process dies after the relay or receiver accepted a lead but before the
 * mark is committed, that lead is sent again once its lease ends. It keeps its
 * Message-ID (lead-message.ts) and webhook-id, so a mail client or a receiver
 * can tell it is the same one.
 */

export interface LeadSender {
  send(lead: Lead): Promise<void>;
  /** One email listing the leads the hourly cap held back (summary-message.ts). */
  sendSummary(summary: Summary): Promise<void>;
}

export interface LeadPoster {
  post(delivery: Delivery): Promise<void>;
}

export interface OutboxLimits {
  /** Attempts before a lead's email is given up. */
  maxAttempts?: number;
  /** Lead emails sent one by one per hour across every worker on the database. */
  maxPerHour?: number;
  /** Of those, leads without a proof of work (docs/email-delivery.md). */
  unverifiedPerHour?: number;
  /** The least time between two summary emails. */
  summaryIntervalMs?: number;
}

export interface OutboxWorkerOptions extends OutboxLimits {
  database: Database;
  /** Absent: no email (a webhook alone). */
  mailer?: LeadSender;
  /** Absent: no webhook. */
  webhook?: LeadPoster;
  log: WorkLog;
  /** How often to look for due leads (tests shorten it). */
  pollMs?: number;
  /** Delay before an email's first retry; doubles with each failure (tests shorten it). */
  retryBaseMs?: number;
  /** The webhook's delays between tries (tests shorten them). */
  webhookRetryScheduleMs?: readonly number[];
}

export interface OutboxWorker {
  /** Stops the timers and waits for sends in progress to finish and be recorded. */
  stop(): Promise<void>;
  /** Resolves once every channel has had a round that found nothing due (for `worker --once`). */
  drained(): Promise<void>;
}

/** A lead reaches the inbox within seconds; an idle poll is one indexed query. */
export const POLL_MS = 2_000;
/** 5 s, 10 s, 20 s, …: rides out a relay restart without hammering a relay that is down. */
export const RETRY_BASE_MS = 5_000;
/** At worst hourly, however long the outage: the lead still goes out soon after it ends. */
const RETRY_CAP_MS = 60 * 60_000;
/** Up to 20 % earlier, so instances sharing one database do not retry in lockstep. */
const RETRY_JITTER = 0.2;
/** About a day of tries (the first ten back off to hourly): outlasts a relay outage, not a refusal. */
export const MAX_ATTEMPTS = 30;
/** Far above a small agency's real leads, far below what a relay allows (Gmail: 100+ an hour). */
export const MAX_PER_HOUR = 60;
/** Leads from the form without JavaScript, which carry no proof of work: a flood of them stays small. */
export const UNVERIFIED_PER_HOUR = 10;
/** Every lead is in the inbox within 5 minutes, and summaries come no faster than that. */
export const SUMMARY_INTERVAL_MS = 5 * 60_000;
/** Standard Webhooks' schedule (standardwebhooks.com): 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. */
const WEBHOOK_RETRY_SCHEDULE_MS: readonly number[] = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
];

export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const pollMs = options.pollMs ?? POLL_MS;
  const channels = [
    options.mailer && emailChannel(options.mailer, options),
    options.webhook && webhookChannel(options.webhook, options),
  ].filter((channel): channel is DeliveryChannel => Boolean(channel));
  const loops = channels.map((channel) =>
    startChannelLoop(options.database, channel, options.log, pollMs),
  );
  return {
    async stop() {
      await Promise.all(loops.map((loop) => loop.stop()));
    },
    async drained() {
      await Promise.all(loops.map((loop) => loop.drained()));
    },
  };
}

function emailChannel(mailer: LeadSender, options: OutboxWorkerOptions): DeliveryChannel {
  const retryBaseMs = options.retryBaseMs ?? RETRY_BASE_MS;
  return {
    verb: 'emailed to the agency',
    table: 'public.lead_outbox',
    send: ({ lead }) => mailer.send(lead),
    maxAttempts: options.maxAttempts ?? MAX_ATTEMPTS,
    retryDelay: (failures) => retryDelay(failures, retryBaseMs),
    cap: {
      maxPerHour: options.maxPerHour ?? MAX_PER_HOUR,
      unverifiedPerHour: options.unverifiedPerHour ?? UNVERIFIED_PER_HOUR,
    },
    summary: {
      intervalMs: options.summaryIntervalMs ?? SUMMARY_INTERVAL_MS,
      send: (summary) => mailer.sendSummary(summary),
    },
  };
}

function webhookChannel(poster: LeadPoster, options: OutboxWorkerOptions): DeliveryChannel {
  const schedule = options.webhookRetryScheduleMs ?? WEBHOOK_RETRY_SCHEDULE_MS;
  return {
    verb: 'posted to the webhook',
    table: 'public.lead_webhooks',
    send: (delivery) => poster.post(delivery),
    // The first try and one per delay.
    maxAttempts: schedule.length + 1,
    retryDelay: (failures) => schedule[Math.min(failures, schedule.length - 1)]!,
  };
}

/** base × 2^failures, capped, less up to RETRY_JITTER of it. */
export function retryDelay(failures: number, baseMs: number, random = Math.random()): number {
  const exact = Math.min(RETRY_CAP_MS, baseMs * 2 ** failures);
  return Math.round(exact * (1 - RETRY_JITTER * random));
}
