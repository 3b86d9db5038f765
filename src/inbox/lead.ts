import { asTyped } from '../../contact/as-typed';
import type { EmailState, InboxTab, LeadStatus, ReplyState, WebhookState } from '../content/inbox';
import type { LeadSort } from '../content/lead-clocks';

/** A row of the inbox_leads view (the inbox contract, docs/inbox.md). */
export interface Lead {
  id: number;
  reference: string;
  created_at: string;
  name: string;
  email: string;
  message: string;
  status: LeadStatus;
  suspected_spam: boolean;
  verified: boolean;
  replied_at: string | null;
  diagnosed_at: string | null;
  /** The page's promises as deadlines (docs/lead-clocks.md); null for suspected spam. */
  reply_due: string | null;
  diagnosis_due: string | null;
  /** The sooner of the deadlines not yet met; null once both are. */
  next_due: string | null;
  unread: boolean;
  email_state: EmailState;
  email_error: string | null;
  webhook_state: WebhookState;
  /** How it was first answered: a reply the relay accepted, or "Mark replied"; null if not yet. */
  reply_method: 'email' | 'marked' | null;
  /** The first time any member opened it (issue 40). */
  first_seen_at: string | null;
  /** Who pressed "I'm on it" first, and when; null until someone has. */
  taken_by: string | null;
  taken_at: string | null;
}

/** A reply sent from the inbox (public.lead_replies). */
export interface LeadReply {
  id: number;
  submission_id: number;
  author: string;
  body: string;
  created_at: string;
  state: ReplyState;
  sent_at: string | null;
  /** The mail server's words when it refused the reply. */
  refusal: string | null;
}

/**
 * Every column of Lead, which the reads name: inbox_list's `search` column
 * (each lead's words, to search by) is as long as the message and never wanted.
 */
export const LEAD_COLUMNS = [
  'id',
  'reference',
  'created_at',
  'name',
  'email',
  'message',
  'status',
  'suspected_spam',
  'verified',
  'replied_at',
  'diagnosed_at',
  'reply_due',
  'diagnosis_due',
  'next_due',
  'unread',
  'email_state',
  'email_error',
  'webhook_state',
  // A computed field (public.reply_method), named as PostgREST serves one.
  'reply_method',
  // Who saw and took it first (20261126100000_web_push.sql), computed fields too.
  'first_seen_at',
  'taken_by',
  'taken_at',
] as const satisfies readonly (keyof Lead)[];

export interface LeadNote {
  id: number;
  submission_id: number;
  created_at: string;
  author: string;
  body: string;
}

export interface LeadActivity {
  id: number;
  submission_id: number;
  at: string;
  actor: string;
  action: string;
  detail: unknown;
}

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
 * direction override or a C1 control (contact/as-typed.ts, the lead email's
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

/** The first line of a message, as the list shows it. */
export function firstLine(message: string): string {
  return message.trimStart().split('\n', 1)[0]!.trim();
}
