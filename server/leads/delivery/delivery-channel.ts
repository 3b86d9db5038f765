import type { Lead } from './lead-message.ts';
import type { OutboxTable } from './outbox-queries.ts';

/**
 * One way a lead reaches the agency (docs/product.md#data-durability): email
 * or the webhook. Each has its own delivery table, retries and pace, and its
 * own loop (channel-loop.ts), so a slow receiver never holds up the other.
 */

/** A lead as a channel claims it: what the visitor sent, and where its delivery stands. */
export interface Delivery {
  lead: Lead;
  /** Failed attempts so far. */
  attempts: number;
  /** The webhook-id: the same on every attempt (the migration's lead_webhooks.message_id). */
  messageId?: string;
}

/**
 * An answer that retrying cannot change (a webhook's 410 Gone, a relay's 5xx
 * to a message's words): the delivery is given up at once.
 */
export class PermanentFailure extends Error {}

export interface HourlyCap {
  /** Leads sent one by one per hour, across every worker on the database. */
  maxPerHour: number;
  /** Of those, leads without a proof of work (docs/email-delivery.md). */
  unverifiedPerHour: number;
}

export interface Summary {
  /** The summary's row in public.lead_summaries. */
  id: string;
  leads: Lead[];
  /** Suspected-spam submissions stored since the previous summary (or in the last hour). */
  heldAsSpam: number;
  /** When the previous summary started; undefined for the first. */
  since?: Date;
  /** Leads given up since then (named by reference only: their words may be what was refused). */
  undeliverable?: Undeliverable[];
}

interface Undeliverable {
  reference: string;
  receivedAt: Date;
  /** The relay's answer, or the last error. */
  reason: string;
}

export interface SummaryStep {
  /** The least time between two summaries, across every worker. */
  intervalMs: number;
  send(summary: Summary): Promise<void>;
}

export interface DeliveryChannel {
  /** For logs: "Lead 12 was not <verb>". */
  verb: string;
  table: OutboxTable;
  send(delivery: Delivery): Promise<void>;
  /** Attempts before a delivery is given up. */
  maxAttempts: number;
  /** Ms before the next try after `failures` failed attempts (fewer than maxAttempts). */
  retryDelay(failures: number): number;
  /** Absent: no cap (the webhook). */
  cap?: HourlyCap;
  /** What the cap holds back goes out this way (email only). */
  summary?: SummaryStep;
}
