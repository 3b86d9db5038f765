/**
 * The functions the inbox calls through PostgREST's `/rpc/<name>` (docs/inbox.md), declared once:
 * each one's arguments in order with their SQL types, and its result's. Our server's RPC routes
 * (server/rest/inbox/rpc-functions.ts) and the page's calls (callRpc in src/inbox/api.ts) are
 * derived from it, and tests/server/inbox-rpcs-contract.test.ts fails when the database's
 * functions differ. Every function checks membership and records the activity itself, in SQL.
 */
interface SqlTypes {
  bigint: number;
  integer: number;
  text: string;
  uuid: string;
  boolean: boolean;
  jsonb: unknown;
  void: void;
}
type SqlArgument = 'bigint' | 'integer' | 'text' | 'uuid';
type SqlResult = 'void' | 'bigint' | 'text' | 'uuid' | 'boolean' | 'jsonb';

interface RpcDeclaration {
  /** Arguments the page sends, in the function's order; any after them take their defaults. */
  readonly args: Readonly<Record<string, SqlArgument>>;
  readonly returns: SqlResult;
}

const LEAD = { lead_id: 'bigint' } as const;

export const INBOX_RPCS = {
  inbox_set_status: { args: { lead_id: 'bigint', new_status: 'text' }, returns: 'void' },
  inbox_add_note: { args: { lead_id: 'bigint', body: 'text' }, returns: 'void' },
  inbox_mark_read: { args: LEAD, returns: 'void' },
  inbox_not_spam: { args: LEAD, returns: 'void' },
  // "Spam": held, and taught to the model (supabase/schemas/55_spam_score.sql).
  inbox_mark_spam: { args: LEAD, returns: 'void' },
  inbox_erase: { args: LEAD, returns: 'void' },
  // A member removes another, for good.
  inbox_remove_member: { args: { email: 'text' }, returns: 'void' },
  // A reply to the lead, stored for the worker to send: its id.
  inbox_send_reply: { args: { lead_id: 'bigint', body: 'text' }, returns: 'bigint' },
  inbox_is_member: { args: {}, returns: 'boolean' },
  // The figures view's numbers over the last `days`.
  lead_figures: { args: { days: 'integer' }, returns: 'jsonb' },
  // Alerts (docs/alerts.md).
  inbox_push_key: { args: {}, returns: 'text' },
  inbox_add_push_device: {
    args: { endpoint: 'text', p256dh: 'text', auth: 'text', browser: 'text' },
    returns: 'bigint',
  },
  inbox_remove_push_device: { args: { device_id: 'bigint' }, returns: 'void' },
  inbox_forget_push_devices: { args: {}, returns: 'void' },
  inbox_take: { args: LEAD, returns: 'void' },
  inbox_take_from_alert: { args: { token: 'text' }, returns: 'void' },
  // "Send a test alert": its batch, then each device's answer (supabase/schemas/72_test_alerts.sql).
  inbox_send_test_alert: { args: {}, returns: 'uuid' },
  inbox_test_alert_results: { args: { batch: 'uuid' }, returns: 'jsonb' },
} as const satisfies Record<string, RpcDeclaration>;

export type InboxRpc = keyof typeof INBOX_RPCS;

/** What the page sends a function: its declared arguments, typed. */
export type RpcArgs<N extends InboxRpc> = {
  -readonly [
    A in keyof (typeof INBOX_RPCS)[N]['args']
  ]: SqlTypes[(typeof INBOX_RPCS)[N]['args'][A] & keyof SqlTypes];
};

/** What PostgREST answers for it (a jsonb result is typed by its caller). */
export type RpcResult<N extends InboxRpc> = SqlTypes[(typeof INBOX_RPCS)[N]['returns']];
