import type { EmailState, InboxTab, LeadStatus, WebhookState } from '../content/inbox';
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
  /** The first time any member opened it (issue 40). */
  first_seen_at: string | null;
  /** Who pressed "I'm on it" first, and when; null until someone has. */
  taken_by: string | null;
  taken_at: string | null;
}

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

/** The first line of a message, as the list shows it. */
export function firstLine(message: string): string {
  return message.trimStart().split('\n', 1)[0]!.trim();
}
