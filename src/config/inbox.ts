/** The inbox's constants (docs/inbox.md), each with why it has its value. */

/** The list refreshes this often while open, besides on regaining focus, so a new lead shows without a reload. */
export const INBOX_REFRESH_MS = 60_000;
/** Leads per page of the list: a phone screen's worth several times over, one quick query. */
export const INBOX_PAGE_SIZE = 50;
/** The export reads the view in pages this large (PostgREST's usual max-rows is 1,000). */
export const INBOX_EXPORT_PAGE_SIZE = 1_000;
/** Typing in the search box waits this long after the last key before asking the server. */
export const INBOX_SEARCH_DEBOUNCE_MS = 300;
/** Where the session lives between visits: supabase-js keeps it in localStorage under this key. */
export const INBOX_SESSION_KEY = 'inbox-session-v1';
/** While a reply waits for the mail server, the lead is read again this often, so "Sent" shows soon. */
export const INBOX_REPLY_POLL_MS = 2_000;
/** A member's change writes a few rows at once (a note: the note and its activity): one read per burst. */
export const INBOX_LIVE_DEBOUNCE_MS = 250;
