/**
 * How often a listener says it still listens: well inside the 2 minutes after which the
 * triggers stop notifying its channel (supabase/schemas/05_listeners.sql).
 */
const LISTENER_HEARTBEAT_MS = 30_000;

type Query = (sql: string, params: unknown[]) => Promise<unknown>;

/**
 * Says that `channel` has a listener of ours, so the triggers notify it (app_private.heard).
 * Awaited before each LISTEN takes effect, so no change between the two goes unannounced.
 */
export function sayListening(channel: string, query: Query): Promise<unknown> {
  return query(
    `insert into app_private.listeners (channel, seen_at) values ($1, pg_catalog.now())
     on conflict (channel) do update set seen_at = excluded.seen_at`,
    [channel],
  );
}

/** Says it again every heartbeat until the returned stop is called. */
export function keepSayingListening(channel: string, query: Query): () => void {
  const timer = setInterval(() => {
    // A lost beat is retried at the next; three more may go before the triggers fall silent.
    sayListening(channel, query).catch(() => {});
  }, LISTENER_HEARTBEAT_MS);
  timer.unref();
  return () => clearInterval(timer);
}
