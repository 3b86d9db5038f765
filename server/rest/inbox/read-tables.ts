import {
  INBOX_LEAD_COLUMNS,
  INBOX_LEAD_COMPUTED,
  INBOX_LIST_COLUMNS,
  LEAD_ACTIVITY_COLUMNS,
  LEAD_NOTE_COLUMNS,
  LEAD_REPLY_COLUMNS,
  PUSH_DEVICE_COLUMNS,
  type Column,
} from '../../../shared/inbox-columns.ts';

/**
 * What the inbox reads through PostgREST (docs/inbox.md), its columns as
 * shared/inbox-columns.ts types them, and exactly the filters it sends. Anything else is refused in PostgREST's shape; on hosted
 * Supabase PostgREST itself serves these, with the same row-level security.
 */

export interface ReadTable {
  columns: Readonly<Record<string, Column>>;
  /**
   * PostgREST's computed fields: public.<name>(<table>), returned only when
   * select= names them, as PostgREST does (`*` is the columns alone).
   */
  computed?: Readonly<Record<string, Column>>;
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
  columns: INBOX_LEAD_COLUMNS,
  computed: INBOX_LEAD_COMPUTED,
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
    columns: INBOX_LIST_COLUMNS,
    textSearch: 'search',
  },
  lead_activity: {
    columns: LEAD_ACTIVITY_COLUMNS,
    eq: ['id', 'submission_id'],
    neq: [],
    order: ['at', 'id'],
  },
  // A member's own devices with alerts on (row-level security shows no other).
  push_devices: {
    columns: PUSH_DEVICE_COLUMNS,
    eq: ['id'],
    neq: [],
    order: ['created_at', 'id'],
  },
  lead_notes: {
    columns: LEAD_NOTE_COLUMNS,
    eq: ['id', 'submission_id'],
    neq: [],
    order: ['created_at', 'id'],
  },
  // Replies sent from the inbox, with their delivery state (20261126200000_lead_replies.sql).
  lead_replies: {
    columns: LEAD_REPLY_COLUMNS,
    eq: ['id', 'submission_id'],
    neq: [],
    order: ['created_at', 'id'],
  },
};
