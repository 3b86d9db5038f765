import type { PostgrestClient } from '@supabase/postgrest-js';
import { REST_PREFIX } from '../../shared/paths';
import { LEAD_COLUMNS } from './lead';

/**
 * The four reads of an open lead (its row, notes, activity and replies), written once:
 * queries.ts makes them with postgrest-js, and early-lead-reads.ts makes the same
 * requests before the clients exist, so a tap on an alert need not wait for them.
 */
export interface LeadRead {
  table: string;
  select: string;
  /** The column equal to the lead's id. */
  key: string;
  /** Oldest first by this column, if any. */
  order?: string;
}

export const LEAD_READS = {
  // The columns of Lead, named: `*` would bring inbox_list's `search`, each lead's words.
  lead: { table: 'inbox_leads', select: LEAD_COLUMNS.join(','), key: 'id' },
  notes: { table: 'lead_notes', select: '*', key: 'submission_id', order: 'created_at' },
  activity: { table: 'lead_activity', select: '*', key: 'submission_id', order: 'at' },
  replies: {
    table: 'lead_replies',
    select: 'id,submission_id,author,body,created_at,state,sent_at,refusal,kept_locally',
    key: 'submission_id',
    order: 'id',
  },
} as const satisfies Record<string, LeadRead>;

/** `read` of lead `id` as postgrest-js makes it (queries.ts). */
export function leadQuery(rest: PostgrestClient, read: LeadRead, id: number) {
  const query = rest.from(read.table).select(read.select).eq(read.key, id);
  return read.order ? query.order(read.order, { ascending: true }) : query;
}

/** The URL leadQuery requests at `base`, without postgrest-js (tests/unit holds the two equal). */
export function leadReadUrl(base: string, read: LeadRead, id: number): string {
  const url = new URL(`${base}${REST_PREFIX}/${read.table}`);
  url.searchParams.append('select', read.select);
  url.searchParams.append(read.key, `eq.${id}`);
  if (read.order) url.searchParams.append('order', `${read.order}.asc`);
  return url.href;
}
