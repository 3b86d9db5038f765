/**
 * What the inbox reads through PostgREST (docs/inbox.md), and exactly the
 * filters it sends. Anything else is refused in PostgREST's shape; on hosted
 * Supabase PostgREST itself serves these, with the same row-level security.
 */

type ColumnType = 'bigint' | 'text' | 'boolean' | 'timestamptz' | 'jsonb';

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
  /** Columns an `or=(col.ilike.*term*,…)` search may name. */
  search: readonly string[];
  /** Columns `order=` may name. */
  order: readonly string[];
}

export const READ_TABLES: Readonly<Record<string, ReadTable>> = {
  inbox_leads: {
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
    // Who has seen and taken the lead (20261126100000_web_push.sql), named in select=.
    computed: { first_seen_at: 'timestamptz', taken_by: 'text', taken_at: 'timestamptz' },
    eq: ['id', 'status', 'suspected_spam'],
    neq: ['status'],
    search: ['name', 'email', 'message'],
    // Newest first, or what falls due first (docs/lead-clocks.md).
    order: ['created_at', 'id', 'next_due'],
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
    search: [],
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
    search: [],
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
    search: [],
    order: ['created_at', 'id'],
  },
};
