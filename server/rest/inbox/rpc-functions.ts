/**
 * The inbox's changes, each a function in the database that checks
 * membership and records the activity (20261125030000_inbox_actions.sql),
 * with its arguments' SQL types in order.
 */
export const INBOX_RPCS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  inbox_set_status: { lead_id: 'bigint', new_status: 'text' },
  inbox_add_note: { lead_id: 'bigint', body: 'text' },
  inbox_mark_read: { lead_id: 'bigint' },
  inbox_not_spam: { lead_id: 'bigint' },
  // "Spam": held, and taught to the model (supabase/schemas/55_spam_score.sql).
  inbox_mark_spam: { lead_id: 'bigint' },
  inbox_erase: { lead_id: 'bigint' },
  // A member removes another, for good (20261126010000_members_removed.sql).
  inbox_remove_member: { email: 'text' },
  // A reply to the lead, stored for the worker to send; returns its id (20261126200000_lead_replies.sql).
  inbox_send_reply: { lead_id: 'bigint', body: 'text' },
  inbox_is_member: {},
  // The figures view's numbers over the last `days` (20261125200000_lead_clocks.sql).
  lead_figures: { days: 'integer' },
  // Alerts (20261126100000_web_push.sql, docs/alerts.md).
  inbox_push_key: {},
  inbox_add_push_device: { endpoint: 'text', p256dh: 'text', auth: 'text', browser: 'text' },
  inbox_remove_push_device: { device_id: 'bigint' },
  inbox_forget_push_devices: {},
  inbox_take: { lead_id: 'bigint' },
  inbox_take_from_alert: { token: 'text' },
};

/** Functions that return void: PostgREST answers 204 with no body. */
export const VOID_RPCS = new Set([
  'inbox_set_status',
  'inbox_add_note',
  'inbox_mark_read',
  'inbox_not_spam',
  'inbox_mark_spam',
  'inbox_erase',
  'inbox_remove_member',
  'inbox_remove_push_device',
  'inbox_forget_push_devices',
  'inbox_take',
  'inbox_take_from_alert',
]);
