import type { EmailState, InboxTab, LeadStatus, WebhookState } from '../content/inbox';

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
  unread: boolean;
  email_state: EmailState;
  email_error: string | null;
  webhook_state: WebhookState;
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

/** What the list shows: a folder, a status or any, and search words. */
export interface LeadView {
  tab: InboxTab;
  status: LeadStatus | '';
  search: string;
}

/** The first line of a message, as the list shows it. */
export function firstLine(message: string): string {
  return message.trimStart().split('\n', 1)[0]!.trim();
}
