import { spamReasons } from '../../shared/copy/spam-reasons.ts';
import { submissionReference } from '../../shared/reference.ts';
import type { Database } from '../db/database.ts';

/** The columns an export holds, in order. */
export const EXPORT_COLUMNS = [
  'id',
  'created_at',
  'name',
  'email',
  'message',
  'status',
  'delivery',
  'webhook',
  'spam_reasons',
  'reference',
  'reply_due',
  'replied_at',
  'reply_method',
  'diagnosis_due',
  'diagnosed_at',
  'first_seen_at',
  'taken_by',
  'taken_at',
] as const;

/**
 * Whether the agency was emailed about a submission: `pending` (still trying),
 * `sent`, `failed` (given up: see `submissions outbox`), `suspected spam` (the
 * honeypot was filled, the spam score held it or a member marked it: kept,
 * never emailed), or `not queued` (stored before lead delivery existed).
 */
type DeliveryStatus = 'pending' | 'sent' | 'failed' | 'suspected spam' | 'not queued';

/**
 * Whether it was posted to the webhook: the same states; `not queued` also for
 * leads stored while no webhook was configured (docs/webhooks.md).
 */
type WebhookStatus = DeliveryStatus;

export interface StoredSubmission {
  id: number;
  created_at: string;
  name: string;
  email: string;
  message: string;
  status: string;
  delivery: DeliveryStatus;
  webhook: WebhookStatus;
  /**
   * Why the spam score held it or counted against it, in the inbox's words
   * (docs/spam.md); empty when nothing did, or when it was stored before the score.
   */
  spam_reasons: string[];
  /** What the visitor was shown and may quote (docs/product.md#exactly-once). */
  reference: string;
  /** The page's promises as deadlines (docs/lead-clocks.md), and when each was met; null if not. */
  reply_due: string | null;
  replied_at: string | null;
  /** How it was first answered: 'email' (a reply the relay accepted) or 'marked'; null if not yet. */
  reply_method: 'email' | 'marked' | null;
  diagnosis_due: string | null;
  diagnosed_at: string | null;
  /** Who has seen and taken it (docs/alerts.md): the first opening by any member, "I'm on it". */
  first_seen_at: string | null;
  taken_by: string | null;
  taken_at: string | null;
}

/** A channel's state for one submission, from its delivery table's row (alias `o`). */
const channelState = (o: string) => `
  case when s.suspected_spam then 'suspected spam'
       when ${o}.sent_at is not null then 'sent'
       when ${o}.failed_at is not null then 'failed'
       when ${o}.submission_id is not null then 'pending'
       else 'not queued' end`;

/** Every submission, oldest first; as the owner, which row-level security lets through. */
export async function readSubmissions(db: Database): Promise<StoredSubmission[]> {
  const rows = await db.query(
    `select s.id, s.created_at, s.name, s.email, s.message, s.status,
            ${channelState('o')} as delivery, ${channelState('w')} as webhook, s.spam_reasons,
            s.submission_key::text as submission_key,
            s.reply_due, s.replied_at, s.reply_method, s.diagnosis_due, s.diagnosed_at,
            t.first_seen_at, t.taken_by, t.taken_at
     from public.contact_submissions s
     left join public.lead_outbox o on o.submission_id = s.id
     left join public.lead_webhooks w on w.submission_id = s.id
     left join public.lead_attention t on t.submission_id = s.id
     order by s.created_at, s.id`,
  );
  // The two drivers return bigint and timestamptz differently; export one form.
  return rows.map((row) => ({
    id: Number(row.id),
    created_at: isoTime(row.created_at),
    name: String(row.name),
    email: String(row.email),
    message: String(row.message),
    status: String(row.status),
    delivery: row.delivery as DeliveryStatus,
    webhook: row.webhook as WebhookStatus,
    spam_reasons: spamReasons(row.spam_reasons as string[] | null),
    // Every row has a key since 20261124010000_submission_key.sql.
    reference: row.submission_key ? submissionReference(String(row.submission_key)) : '',
    reply_due: isoTimeOrNull(row.reply_due),
    replied_at: isoTimeOrNull(row.replied_at),
    reply_method: (row.reply_method ?? null) as StoredSubmission['reply_method'],
    diagnosis_due: isoTimeOrNull(row.diagnosis_due),
    diagnosed_at: isoTimeOrNull(row.diagnosed_at),
    first_seen_at: isoTimeOrNull(row.first_seen_at),
    taken_by: row.taken_by == null ? null : String(row.taken_by),
    taken_at: isoTimeOrNull(row.taken_at),
  }));
}

/** The columns `submissions outbox` lists, in order: no personal data, the id leads to it. */
export const OUTBOX_COLUMNS = [
  'id',
  'created_at',
  'channel',
  'delivery',
  'attempts',
  'next_attempt_at',
  'last_error',
] as const;

export interface OutboxEntry {
  id: number;
  created_at: string;
  /** Each channel has its own state: a lead can be emailed and still waiting for the webhook. */
  channel: 'email' | 'webhook';
  delivery: 'pending' | 'failed';
  attempts: number;
  /** When the next try is due; null once given up. */
  next_attempt_at: string | null;
  last_error: string | null;
}

/** The delivery columns both channels' tables have. */
const STATE = 'submission_id, attempts, next_attempt_at, last_error, failed_at';

/** Deliveries not made yet, or given up, per channel, oldest first, with why the last try failed. */
export async function readOutbox(db: Database): Promise<OutboxEntry[]> {
  const rows = await db.query(
    `select o.submission_id as id, s.created_at, o.channel, o.attempts, o.next_attempt_at,
            o.last_error, o.failed_at is not null as failed
     from (select 'email' as channel, ${STATE} from public.lead_outbox where sent_at is null
           union all
           select 'webhook', ${STATE} from public.lead_webhooks where sent_at is null) o
     join public.contact_submissions s on s.id = o.submission_id
     order by s.created_at, o.submission_id, o.channel`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    created_at: isoTime(row.created_at),
    channel: row.channel === 'webhook' ? 'webhook' : 'email',
    delivery: row.failed ? 'failed' : 'pending',
    attempts: Number(row.attempts),
    next_attempt_at: row.failed ? null : isoTime(row.next_attempt_at),
    last_error: row.last_error === null ? null : String(row.last_error),
  }));
}

export function isoTime(value: unknown): string {
  return new Date(value as string | Date).toISOString();
}

function isoTimeOrNull(value: unknown): string | null {
  return value == null ? null : isoTime(value);
}

/**
 * Removes everything a person sent, for a deletion request under UK GDPR.
 * Addresses are matched ignoring case: "Jane@X.com" and "jane@x.com" are one person.
 */
export async function deleteSubmissionsByEmail(db: Database, email: string): Promise<number> {
  const rows = await db.query(
    'delete from public.contact_submissions where lower(email) = lower($1) returning id',
    [email.trim()],
  );
  return rows.length;
}
