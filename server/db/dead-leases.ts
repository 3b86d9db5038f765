import type { Database } from './database.ts';

/**
 * The tables whose rows a worker leases while it sends them (lead emails,
 * webhooks, replies, pushes): every table of ours with a locked_until column,
 * read from the catalogue, so a new leased table needs no second list here.
 */
const LEASED_TABLES = `select pg_catalog.format('%I.%I', n.nspname, c.relname) as name
  from pg_catalog.pg_attribute a
  join pg_catalog.pg_class c on c.oid = a.attrelid
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  where a.attname = 'locked_until' and not a.attisdropped and c.relkind in ('r', 'p')
    and n.nspname in ('public', 'app_private')
  order by 1`;

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
    for (const { name } of await session.query(LEASED_TABLES)) {
      await session.query(`update ${name} set locked_until = now() where locked_until > now()`);
    }
  });
}
