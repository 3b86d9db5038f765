import type { Database } from './database.ts';

/**
 * The tables whose rows a worker leases (locked_until) while it sends them:
 * lead emails, webhooks, replies and pushes.
 */
const LEASED_TABLES = [
  'public.lead_outbox',
  'public.lead_webhooks',
  'public.lead_replies',
  'app_private.push_queue',
];

/**
 * Ends the leases a process that died while sending left behind, as their
 * running out would five minutes later: the embedded database has one
 * process at a time (data-dir-lock.ts), so any lease found on opening it is a
 * dead one's, and the lead it held is sent at once, not five minutes after a
 * restart. Set to now rather than null: a waiting push not yet claimed is
 * unique per device (push_queue_one_waiting), and a claimed one is not.
 * Never on PostgreSQL, where another instance's lease is a live one.
 */
export async function endDeadLeases(database: Database): Promise<void> {
  await database.transaction(async (session) => {
    for (const table of LEASED_TABLES) {
      await session.query(`update ${table} set locked_until = now() where locked_until > now()`);
    }
  });
}
