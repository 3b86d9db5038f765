import type { LeadStatus, ReplyMethod, ReplyState } from './lead-status.ts';

/**
 * What the inbox reads through PostgREST (docs/inbox.md), typed once: each
 * view's and table's columns with their SQL types. The server's reads check
 * filters and select= against them (server/rest/inbox/read-tables.ts); the
 * page's rows are typed from them (src/inbox/lead.ts).
 * tests/server/shared-rules-sql.test.ts compares them with the views and tables
 * of a database built from the migrations.
 */

export type SqlType =
  'bigint' | 'text' | 'text[]' | 'boolean' | 'timestamptz' | 'jsonb' | 'tsvector';

/** A column: its SQL type, and the value PostgREST's JSON brings of it (a type only). */
export interface Column<Value = unknown> {
  readonly type: SqlType;
  readonly value?: Value;
}

/** A row as the page receives it: each column's value. */
export type RowOf<Columns> = {
  -readonly [Name in keyof Columns]: Columns[Name] extends Column<infer Value> ? Value : never;
};

const column = <Value>(type: SqlType): Column<Value> => ({ type });
const id = column<number>('bigint');
const text = column<string>('text');
const textOrNull = column<string | null>('text');
const flag = column<boolean>('boolean');
/** JSON brings a timestamptz as ISO 8601 text. */
const time = column<string>('timestamptz');
const timeOrNull = column<string | null>('timestamptz');

export type EmailState = 'queued' | 'sent' | 'in_summary' | 'failed' | 'none';
export type WebhookState = 'queued' | 'sent' | 'failed' | 'none';

/** The inbox_leads view's columns; inbox_list has the same and `search`. */
export const INBOX_LEAD_COLUMNS = {
  id,
  reference: text,
  created_at: time,
  name: text,
  email: text,
  message: text,
  status: column<LeadStatus>('text'),
  suspected_spam: flag,
  verified: flag,
  replied_at: timeOrNull,
  diagnosed_at: timeOrNull,
  /** The page's promises as deadlines (docs/lead-clocks.md); null for suspected spam. */
  reply_due: timeOrNull,
  diagnosis_due: timeOrNull,
  /** The sooner of the deadlines not yet met; null once both are. */
  next_due: timeOrNull,
  unread: flag,
  email_state: column<EmailState>('text'),
  email_error: textOrNull,
  webhook_state: column<WebhookState>('text'),
};

/**
 * PostgREST's computed fields of a lead: public.<name>(inbox_leads), returned
 * only when select= names them.
 */
export const INBOX_LEAD_COMPUTED = {
  /** How it was first answered (20261126200000_lead_replies.sql); null if not yet. */
  reply_method: column<ReplyMethod | null>('text'),
  /** The first time any member opened it (20261126100000_web_push.sql). */
  first_seen_at: timeOrNull,
  /** Who pressed "I'm on it" first, and when; null until someone has. */
  taken_by: textOrNull,
  taken_at: timeOrNull,
  /**
   * Why the content spam score held it, or counted against it, as codes
   * (supabase/schemas/55_spam_score.sql) that shared/copy/spam-reasons.ts words.
   */
  spam_reasons: column<string[] | null>('text[]'),
  /**
   * Whether the score held it as it was stored (5 or more): only then are the score's codes in
   * spam_reasons why it was held. A lead the honeypot or a member's "Spam" held says that instead.
   */
  held_by_score: flag,
};

/** inbox_list: the list as the page reads it, with each lead's words to search. */
export const INBOX_LIST_COLUMNS = { ...INBOX_LEAD_COLUMNS, search: column<never>('tsvector') };

export const LEAD_ACTIVITY_COLUMNS = {
  id,
  submission_id: id,
  at: time,
  actor: text,
  action: text,
  detail: column<unknown>('jsonb'),
};

/** A member's own devices with alerts on (row-level security shows no other). */
export const PUSH_DEVICE_COLUMNS = {
  id,
  member: text,
  endpoint: text,
  browser: text,
  created_at: time,
};

export const LEAD_NOTE_COLUMNS = {
  id,
  submission_id: id,
  created_at: time,
  author: text,
  body: text,
};

/** Replies sent from the inbox, with their delivery state (20261126200000_lead_replies.sql). */
export const LEAD_REPLY_COLUMNS = {
  id,
  submission_id: id,
  author: text,
  body: text,
  created_at: time,
  state: column<ReplyState>('text'),
  sent_at: timeOrNull,
  /** The mail server's words when it refused the reply. */
  refusal: textOrNull,
  message_id: textOrNull,
  /** Sent to the local mailbox (docs/local-mailbox.md): kept on the server's machine, not delivered. */
  kept_locally: flag,
};
