/**
 * What the inbox hears live (docs/inbox.md, "Live"), declared once for the
 * database's triggers (supabase/schemas/90_realtime.sql), our server's
 * Realtime endpoint and the inbox's subscription: each table in schema
 * public whose inserts and updates are announced, and its primary key, which
 * the announcement carries instead of any of the row's words.
 */
export const REALTIME_TABLES = {
  // A new lead; its status, spam mark or reply time changed.
  contact_submissions: 'id',
  // Every member's change (a take, a note, a status, a reply sent) leaves a row here.
  lead_activity: 'id',
  // A reply's delivery: Sending, Sent, Refused.
  lead_replies: 'id',
  // "Taken by" and first seen.
  lead_attention: 'submission_id',
} as const;

export type RealtimeTable = keyof typeof REALTIME_TABLES;

/** Where Supabase serves Realtime; supabase-js adds /websocket. */
export const REALTIME_PREFIX = '/realtime/v1';

/** The NOTIFY channel the triggers announce on; our server LISTENs to it. */
export const REALTIME_NOTIFY_CHANNEL = 'realtime';

export const isRealtimeTable = (table: string): table is RealtimeTable =>
  Object.hasOwn(REALTIME_TABLES, table);
