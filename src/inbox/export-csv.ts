import { spamReasons } from '../../shared/copy/spam-reasons';
import { toCsv } from '../../shared/csv';
import { inboxCopy } from '../content/inbox';
import type { LeadView } from './lead';
import { allLeads } from './queries';

/** The export's columns, in order: what the list and a lead show, as stored; the reasons in words. */
const EXPORT_COLUMNS = [
  'reference',
  'created_at',
  'name',
  'email',
  'message',
  'status',
  'verified',
  'suspected_spam',
  'spam_reasons',
  'email_state',
  'webhook_state',
  'replied_at',
  'reply_method',
  'diagnosed_at',
  'first_seen_at',
  'taken_by',
  'taken_at',
] as const;

/**
 * Downloads every lead of the view shown (folder, status, search), as CSV
 * with formulas neutralised by the very rule the CLI's export uses
 * (shared/csv.ts). Made in the browser: no lead passes through a URL.
 * Resolves to the number of leads written.
 */
export async function exportView(view: LeadView, now = new Date()): Promise<number> {
  const leads = await allLeads(view);
  const rows = leads.map((lead) => ({ ...lead, spam_reasons: spamReasons(lead.spam_reasons) }));
  const csv = toCsv(EXPORT_COLUMNS, rows);
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = inboxCopy.exportFile(view.tab, now.toISOString().slice(0, 10));
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once click() returns; the next task frees ours.
  setTimeout(() => URL.revokeObjectURL(url));
  return leads.length;
}
