import type { PostgrestError } from '@supabase/postgrest-js';
import { INBOX_EXPORT_PAGE_SIZE } from '../config/inbox';
import type { LeadStatus } from '../content/inbox';
import type { LeadFigures } from './figures/lead-figures';
import type { Lead, LeadActivity, LeadNote, LeadView } from './lead';
import { inboxClients } from './supabase';

/**
 * Every read and change the inbox makes, in PostgREST's protocol: the reads
 * of the inbox contract (docs/inbox.md) and its RPCs, each of which checks
 * membership and records who did what in the database.
 */

/** A failed request, with PostgREST's error and the HTTP status (0: no response). */
export class InboxRequestError extends Error {
  constructor(
    readonly status: number,
    readonly error: PostgrestError,
  ) {
    super(error.message);
    this.name = 'InboxRequestError';
  }
}

function unwrap<T>({
  data,
  error,
  status,
}: {
  data: T | null;
  error: PostgrestError | null;
  status: number;
}): T {
  if (error) throw new InboxRequestError(status, error);
  return data as T;
}

/**
 * Search words inside PostgREST's `or` filter: a value holding one of its
 * reserved characters is double-quoted, with `"` and `\` escaped.
 */
function orValue(pattern: string): string {
  return /[,.:()"\\]/.test(pattern) ? `"${pattern.replace(/["\\]/g, '\\$&')}"` : pattern;
}

/**
 * A lead's columns: the view's, and who saw and took it first (computed
 * fields, which PostgREST returns only when named).
 */
const LEAD_COLUMNS = '*,first_seen_at,taken_by,taken_at';

/** The filtered query of a view, before ordering and paging. */
function viewQuery(view: LeadView, count?: 'exact') {
  let query = inboxClients()
    .rest.from('inbox_leads')
    .select(LEAD_COLUMNS, count ? { count } : undefined);
  if (view.tab === 'spam') query = query.eq('suspected_spam', true);
  else query = query.eq('suspected_spam', false);
  if (view.tab === 'inbox') query = query.neq('status', 'archived');
  if (view.tab === 'archived') query = query.eq('status', 'archived');
  if (view.status) query = query.eq('status', view.status);
  const words = view.search.trim();
  if (words) {
    const like = orValue(`*${words}*`);
    query = query.or(`name.ilike.${like},email.ilike.${like},message.ilike.${like}`);
  }
  // Due first: the deadline not yet met that comes soonest (overdue ones lead); none, last.
  if (view.sort === 'due') query = query.order('next_due', { ascending: true, nullsFirst: false });
  return query.order('created_at', { ascending: false });
}

export interface LeadPage {
  leads: Lead[];
  total: number;
}

/** One page of a view, newest first, with the number of leads in the whole view. */
export async function listLeads(view: LeadView, offset: number, limit: number): Promise<LeadPage> {
  const result = await viewQuery(view, 'exact').range(offset, offset + limit - 1);
  const leads = unwrap<Lead[]>(result);
  return { leads, total: result.count ?? leads.length };
}

/** Every lead of a view, for the export: read in pages, as PostgREST caps a response. */
export async function allLeads(view: LeadView): Promise<Lead[]> {
  const leads: Lead[] = [];
  for (;;) {
    const page = unwrap<Lead[]>(
      await viewQuery(view).range(leads.length, leads.length + INBOX_EXPORT_PAGE_SIZE - 1),
    );
    leads.push(...page);
    if (page.length < INBOX_EXPORT_PAGE_SIZE) return leads;
  }
}

/** One lead by id, whatever folder it is in; null when there is none (erased, or never was). */
export async function getLead(id: number): Promise<Lead | null> {
  const rows = unwrap<Lead[]>(
    await inboxClients().rest.from('inbox_leads').select(LEAD_COLUMNS).eq('id', id),
  );
  return rows[0] ?? null;
}

export async function leadNotes(id: number): Promise<LeadNote[]> {
  return unwrap(
    await inboxClients()
      .rest.from('lead_notes')
      .select('*')
      .eq('submission_id', id)
      .order('created_at', { ascending: true }),
  );
}

export async function leadActivity(id: number): Promise<LeadActivity[]> {
  return unwrap(
    await inboxClients()
      .rest.from('lead_activity')
      .select('*')
      .eq('submission_id', id)
      .order('at', { ascending: true }),
  );
}

async function rpc(name: string, args: Record<string, unknown>): Promise<void> {
  unwrap(await inboxClients().rest.rpc(name, args));
}

export const setStatus = (id: number, status: LeadStatus) =>
  rpc('inbox_set_status', { lead_id: id, new_status: status });
export const addNote = (id: number, body: string) => rpc('inbox_add_note', { lead_id: id, body });
export const markRead = (id: number) => rpc('inbox_mark_read', { lead_id: id });
export const notSpam = (id: number) => rpc('inbox_not_spam', { lead_id: id });
export const eraseLead = (id: number) => rpc('inbox_erase', { lead_id: id });

/** The speed-to-lead figures over the last `days`, as the weekly digest reports them. */
export async function leadFigures(days: number): Promise<LeadFigures> {
  return unwrap<LeadFigures>(await inboxClients().rest.rpc('lead_figures', { days }));
}
