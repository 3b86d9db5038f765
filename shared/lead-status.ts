/**
 * A lead's status in the inbox (docs/inbox.md): the page's filter and buttons,
 * and what the database takes. The CHECK on contact_submissions.status and
 * inbox_set_status in supabase/migrations/ hold the same list;
 * tests/server/shared-rules-sql.test.ts keeps them in step with this one.
 */
export const LEAD_STATUSES = ['new', 'replied', 'diagnosed', 'won', 'lost', 'archived'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** A reply from the inbox: stored and on its way, accepted by the relay, or refused by it. */
export const REPLY_STATES = ['waiting', 'sent', 'refused'] as const;
export type ReplyState = (typeof REPLY_STATES)[number];

/** How a lead was first answered: a reply the relay accepted, or "Mark replied". */
export const REPLY_METHODS = ['email', 'marked'] as const;
export type ReplyMethod = (typeof REPLY_METHODS)[number];
