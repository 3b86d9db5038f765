import type { FastifyBaseLogger } from 'fastify';
import { REALTIME_NOTIFY_CHANNEL, type RealtimeTable } from '../../shared/realtime.ts';
import { asRequestRole } from '../db/as-request-role.ts';
import type { Database } from '../db/database.ts';
import { loggableError } from '../loggable-error.ts';
import { hears, keyOf, parseChange, type Binding, type Change } from './bindings.ts';
import { expiredMessage, hasExpired, type Listener } from './listener.ts';
import { MAX_PENDING_CHANGES } from './client-limits.ts';

/** A joined channel as the hub sees it: who listens, to what, and how to reach them. */
export interface Channel {
  topic: string;
  /** The join's ref, which Phoenix's phx_close for the channel carries. */
  joinRef: string | null;
  listener: Listener;
  bindings: Binding[];
  /** Sends a postgres_changes event to the channel's socket. */
  deliver(payload: Record<string, unknown>): void;
  /** Shuts the channel, telling the client why in Realtime's words (its token expired). */
  shut(why: string): void;
  /** Why its subscriptions could not be made, in Realtime's words: it then hears nothing. */
  problem?: string;
}

type Row = Record<string, unknown>;

/**
 * Every joined channel of this process, and the changes the database
 * announces (NOTIFY realtime), read once per distinct token as that token's
 * role and claims: row-level security decides who hears each one, at each
 * delivery, so a member removed or signed out stops hearing at once.
 * Changes are read one at a time, in the order announced.
 */
export function realtimeHub(database: Database, log: FastifyBaseLogger) {
  const channels = new Set<Channel>();
  const columns = new Map<RealtimeTable, Promise<Row[]>>();
  let pending = 0;
  let queue: Promise<void> = Promise.resolve();
  let stop: (() => Promise<void>) | undefined;

  const columnsOf = (table: RealtimeTable) => {
    let known = columns.get(table);
    if (!known) {
      // Supabase Realtime's `columns`: each column's name and type, which supabase-js reads values by.
      known = database.query(
        `select a.attname as name, t.typname as type
         from pg_catalog.pg_attribute a join pg_catalog.pg_type t on t.oid = a.atttypid
         where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped
         order by a.attnum`,
        [`public.${table}`],
      );
      known.catch(() => columns.delete(table));
      columns.set(table, known);
    }
    return known;
  };

  /** The row as this listener may read it, or undefined (not visible, or no longer there). */
  const readAs = async (listener: Listener, change: Change): Promise<Row | undefined> => {
    const sql = `select to_jsonb(t) as record from public.${change.table} t where t.${keyOf(change.table)} = $1`;
    try {
      const [row] = await asRequestRole(database, listener.role, listener.claims, (session) =>
        session.query(sql, [change.id]),
      );
      return row?.record as Row | undefined;
    } catch {
      // No grant (42501), or the database gone: either way nothing is heard.
      return undefined;
    }
  };

  const dispatch = async (change: Change) => {
    const byToken = new Map<string | null, Channel[]>();
    for (const channel of channels) {
      if (
        !channel.bindings.some(
          (b) => b.table === undefined || b.table === '*' || b.table === change.table,
        )
      )
        continue;
      const group = byToken.get(channel.listener.token) ?? [];
      group.push(channel);
      byToken.set(channel.listener.token, group);
    }
    if (byToken.size === 0) return;
    const data = {
      schema: 'public',
      table: change.table,
      commit_timestamp: new Date().toISOString(),
      type: change.type,
      columns: await columnsOf(change.table),
      errors: null,
    };
    for (const group of byToken.values()) {
      const live = group.filter(
        (channel) =>
          !hasExpired(channel.listener) ||
          void channel.shut(expiredMessage(channel.listener.token)),
      );
      if (live.length === 0) continue;
      const record = await readAs(live[0]!.listener, change);
      if (!record) continue;
      const old_record =
        change.type === 'UPDATE' ? { [keyOf(change.table)]: change.id } : undefined;
      for (const channel of live) {
        if (!channels.has(channel)) continue;
        const ids = channel.bindings.filter((b) => hears(b, change, record)).map((b) => b.id);
        if (ids.length > 0)
          channel.deliver({ ids, data: { ...data, record, ...(old_record && { old_record }) } });
      }
    }
  };

  const announced = (payload?: string) => {
    const change = parseChange(payload);
    if (!change || channels.size === 0) return;
    if (pending >= MAX_PENDING_CHANGES) return;
    pending++;
    queue = queue
      .then(() => dispatch(change))
      .catch((error: unknown) =>
        log.warn({ error: loggableError(error) }, 'Realtime: a change was not delivered'),
      )
      .finally(() => pending--);
  };

  return {
    channels,
    /** The names of a table's columns, which a filter must name one of. */
    async columnNames(table: RealtimeTable): Promise<string[]> {
      return (await columnsOf(table)).map((column) => String(column.name));
    },
    async start() {
      stop = await listenOrWarn(database, announced, log);
    },
    async close() {
      channels.clear();
      await stop?.();
      await queue;
    },
  };
}

export type RealtimeHub = ReturnType<typeof realtimeHub>;

/**
 * Listens for the database's change notices; a database down at start must not stop the site,
 * whose inbox then says it is not live and refreshes every minute.
 */
async function listenOrWarn(
  database: Database,
  announced: (payload?: string) => void,
  log: FastifyBaseLogger,
): Promise<(() => Promise<void>) | undefined> {
  try {
    return await database.listen?.(REALTIME_NOTIFY_CHANNEL, announced);
  } catch (error) {
    log.warn({ error: loggableError(error) }, 'Realtime: not listening for changes');
    return undefined;
  }
}
