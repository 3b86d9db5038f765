import { asTyped } from '../../shared/as-typed';
import {
  INBOX_LEAD_COLUMNS,
  INBOX_LEAD_COMPUTED,
  type LEAD_ACTIVITY_COLUMNS,
  type LEAD_NOTE_COLUMNS,
  type LEAD_REPLY_COLUMNS,
  type RowOf,
} from '../../shared/inbox-columns';
import type { LeadStatus } from '../../shared/lead-status';
import type { InboxTab } from '../content/inbox';
import type { LeadSort } from '../content/lead-clocks';

/** The lead's columns and computed fields (the inbox contract, docs/inbox.md). */
const LEAD_FIELDS = { ...INBOX_LEAD_COLUMNS, ...INBOX_LEAD_COMPUTED };

/** A row of the inbox_leads view, as shared/inbox-columns.ts types it. */
export type Lead = RowOf<typeof LEAD_FIELDS>;

/** A reply sent from the inbox (public.lead_replies). */
export type LeadReply = RowOf<typeof LEAD_REPLY_COLUMNS>;

/**
 * Every column of Lead, which the reads name: inbox_list's `search` column
 * (each lead's words, to search by) is as long as the message and never wanted.
 */
export const LEAD_COLUMNS = Object.keys(LEAD_FIELDS) as readonly (keyof Lead)[];

export type LeadNote = RowOf<typeof LEAD_NOTE_COLUMNS>;

export type LeadActivity = RowOf<typeof LEAD_ACTIVITY_COLUMNS>;

/** What the list shows: a folder, a status or any, search words, and in what order. */
export interface LeadView {
  tab: InboxTab;
  status: LeadStatus | '';
  search: string;
  sort: LeadSort;
}

/**
 * A lead as the inbox shows it, in the list, its heading, the erase dialog
 * and its message: the visitor's words as typed, never reordered by a
 * direction override or a C1 control (shared/as-typed.ts, the lead email's
 * rule too). The export reads the leads as stored and escapes them instead.
 */
export function asShown(lead: Lead): Lead {
  return {
    ...lead,
    name: asTyped(lead.name),
    email: asTyped(lead.email),
    message: asTyped(lead.message),
  };
}

/**
 * The start of a message as the list's one line shows it: its lines run together, so a greeting
 * on a line of its own ("Hi there,") is followed by what the lead is about. Cut between code
 * points, well past what a row shows; the row's own width ends it with an ellipsis.
 */
export function preview(message: string): string {
  // Twice as many UTF-16 units hold that many code points whole, whatever the script.
  return Array.from(message.slice(0, 2 * PREVIEW_LENGTH))
    .slice(0, PREVIEW_LENGTH)
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

const PREVIEW_LENGTH = 200;
