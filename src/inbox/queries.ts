import { SEARCH_CONFIG, searchQuery } from '../../shared/search';
import { INBOX_EXPORT_PAGE_SIZE } from '../config/inbox';
import type { LeadStatus } from '../../shared/lead-status';
import type { LeadFigures } from './figures/lead-figures';
import {
  asShown,
  type Lead,
  type LeadActivity,
  type LeadNote,
  type LeadReply,
  type LeadView,
} from './lead';
import { callRpc, unwrap } from './api';
import { LEAD_READS, leadQuery, type LeadRead } from './lead-reads';
import { inboxClients } from './supabase';

/**
 * Every read and change the inbox makes, in PostgREST's protocol: the reads
 * of the inbox contract (docs/inbox.md) and its RPCs, each of which checks
 * membership and records who did what in the database.
 */

/** The columns of Lead, named, as the open lead's read names them (lead-reads.ts). */
const LEAD_SELECT = LEAD_READS.lead.select;

/** The filtered query of a view, before ordering and paging: inbox_list, which can be searched. */
function viewQuery(view: LeadView, count?: 'exact') {
  let query = inboxClients()
    .rest.from('inbox_list')
    .select(LEAD_SELECT, count ? { count } : undefined);
  if (view.tab === 'spam') query = query.eq('suspected_spam', true);
  else query = query.eq('suspected_spam', false);
  if (view.tab === 'inbox') query = query.neq('status', 'archived');
  if (view.tab === 'archived') query = query.eq('status', 'archived');
  if (view.status) query = query.eq('status', view.status);
  // Words, not a pattern: looked up in each lead's words (docs/inbox.md, "Search").
  const words = searchQuery(view.search);
  if (words) query = query.textSearch('search', words, { config: SEARCH_CONFIG });
  // Due first: the deadline not yet met that comes soonest (overdue ones lead); none, last.
  if (view.sort === 'due') query = query.order('next_due', { ascending: true, nullsFirst: false });
  return query.order('created_at', { ascending: false });
}

export interface LeadPage {
  leads: Lead[];
  total: number;
}

/** One page of a view, newest first, with the number of leads in the whole view, as shown. */
export async function listLeads(view: LeadView, offset: number, limit: number): Promise<LeadPage> {
  const result = await viewQuery(view, 'exact').range(offset, offset + limit - 1);
  const leads = unwrap<Lead[]>(result).map(asShown);
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

const leadRead = (read: LeadRead, id: number) => leadQuery(inboxClients().rest, read, id);

/** One lead by id, as shown, whatever folder it is in; null when there is none (erased, or never was). */
export async function getLead(id: number): Promise<Lead | null> {
  const rows = unwrap<Lead[]>(await leadRead(LEAD_READS.lead, id));
  return rows[0] ? asShown(rows[0]) : null;
}

export async function leadNotes(id: number): Promise<LeadNote[]> {
  return unwrap(await leadRead(LEAD_READS.notes, id));
}

export async function leadActivity(id: number): Promise<LeadActivity[]> {
  return unwrap(await leadRead(LEAD_READS.activity, id));
}

export async function leadReplies(id: number): Promise<LeadReply[]> {
  return unwrap(await leadRead(LEAD_READS.replies, id));
}

/** Stores a reply for the worker to send; resolves to its id. */
export async function sendReply(id: number, body: string): Promise<number> {
  return callRpc('inbox_send_reply', { lead_id: id, body });
}

export const setStatus = (id: number, status: LeadStatus) =>
  callRpc('inbox_set_status', { lead_id: id, new_status: status });
export const addNote = (id: number, body: string) =>
  callRpc('inbox_add_note', { lead_id: id, body });
export const markRead = (id: number) => callRpc('inbox_mark_read', { lead_id: id });
export const notSpam = (id: number) => callRpc('inbox_not_spam', { lead_id: id });
/** Held, as the score holds a lead, and taught to it; notSpam undoes both. */
export const markSpam = (id: number) => callRpc('inbox_mark_spam', { lead_id: id });
export const eraseLead = (id: number) => callRpc('inbox_erase', { lead_id: id });

/** The speed-to-lead figures over the last `days`, as the weekly digest reports them. */
export async function leadFigures(days: number): Promise<LeadFigures> {
  return callRpc<'lead_figures', LeadFigures>('lead_figures', { days });
}
