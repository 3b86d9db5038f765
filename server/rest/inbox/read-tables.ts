/**
 * What the inbox reads through PostgREST (docs/inbox.md), and exactly the
 * filters it sends. Anything else is refused in PostgREST's shape; on hosted
 * Supabase PostgREST itself serves these, with the same row-level security.
 */

type ColumnType = 'bigint' | 'text' | 'boolean' | 'timestamptz' | 'jsonb' | 'tsvector';

export interface ReadTable {
  columns: Readonly<Record<string, ColumnType>>;
  /**
   * PostgREST's computed fields: public.<name>(<table>), returned only when
   * select= names them, as PostgREST does (`*` is the columns alone).
   */
  computed?: Readonly<Record<string, ColumnType>>;
  /** Columns `col=eq.value` may filter on. */
  eq: readonly string[];
  /** Columns `col=neq.value` may filter on. */
  neq: readonly string[];
  /**
   * The column `col=fts(config).query` may search: words in an index's reach,
   * never a pattern over every message (docs/inbox.md, "Search").
   */
  textSearch?: string;
  /** Columns `order=` may name. */
  order: readonly string[];
}

const INBOX_LEADS: ReadTable = {
  columns: {
    id: 'bigint',
    reference: 'text',
    created_at: 'timestamptz',
    name: 'text',
    email: 'text',
    message: 'text',
    status: 'text',
    suspected_spam: 'boolean',
    verified: 'boolean',
    replied_at: 'timestamptz',
    diagnosed_at: 'timestamptz',
    reply_due: 'timestamptz',
    diagnosis_due: 'timestamptz',
    next_due: 'timestamptz',
    unread: 'boolean',
    email_state: 'text',
    email_error: 'text',
    webhook_state: 'text',
  },
  // 'email' (a reply the relay accepted) or 'marked' ("Mark replied"): 20261126200000_lead_replies.sql.
  // Who has seen and taken the lead (20261126100000_web_push.sql), named in select=.
  computed: {
    reply_method: 'text',
    first_seen_at: 'timestamptz',
    taken_by: 'text',
    taken_at: 'timestamptz',
  },
  eq: ['id', 'status', 'suspected_spam'],
  neq: ['status'],
  // Newest first, or what falls due first (docs/lead-clocks.md).
  order: ['created_at', 'id', 'next_due'],
};

export const READ_TABLES: Readonly<Record<string, ReadTable>> = {
  inbox_leads: INBOX_LEADS,
  // The list as the page reads it: the same, with each lead's words to search (docs/inbox.md).
  inbox_list: {
    ...INBOX_LEADS,
    columns: { ...INBOX_LEADS.columns, search: 'tsvector' },
    textSearch: 'search',
  },
  lead_activity: {
    columns: {
      id: 'bigint',
      submission_id: 'bigint',
      at: 'timestamptz',
      actor: 'text',
      action: 'text',
      detail: 'jsonb',
    },
    eq: ['id', 'submission_id'],
    neq: [],
    order: ['at', 'id'],
  },
  // A member's own devices with alerts on (row-level security shows no other).
  push_devices: {
    columns: {
      id: 'bigint',
      member: 'text',
      endpoint: 'text',
      browser: 'text',
      created_at: 'timestamptz',
    },
    eq: ['id'],
    neq: [],
    order: ['created_at', 'id'],
  },
  lead_notes: {
    columns: {
      id: 'bigint',
      submission_id: 'bigint',
      created_at: 'timestamptz',
      author: 'text',
      body: 'text',
    },
    eq: ['id', 'submission_id'],
    neq: [],
    order: ['created_at', 'id'],
  },
  // Replies sent from the inbox, with their delivery state (20261126200000_lead_replies.sql).
  lead_replies: {
    columns: {
      id: 'bigint',
      submission_id: 'bigint',
      author: 'text',
      body: 'text',
      created_at: 'timestamptz',
      state: 'text',
      sent_at: 'timestamptz',
      refusal: 'text',
      message_id: 'text',
    },
    eq: ['id', 'submission_id'],
    neq: [],
    order: ['created_at', 'id'],
  },
};
