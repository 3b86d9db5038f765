/**
 * What one client may cost the Realtime endpoint (docs/inbox.md, "Live"):
 * each bound is far above what the inbox needs. Together they bound what
 * anyone connecting can make the server hold: 500 sockets of 10 channels,
 * each with the longest topic and bindings allowed, grew the server's RSS by
 * about 80 MB, measured by hand (bench/realtime-clients.ts measures members'
 * clients).
 */

/** The inbox opens one channel; Supabase's own default is 100, ours has no use for more than a few. */
export const MAX_CHANNELS_PER_SOCKET = 10;
/**
 * A topic's length, and each binding's schema, table and filter: a channel holds them for its
 * socket's life, so 16 KB frames of them, on every channel of every socket, would hold ~10 times
 * what the sockets themselves cost. The inbox's topic is `realtime:inbox`; a PostgreSQL name is
 * at most 63 bytes; a filter is one column and one value.
 */
export const MAX_TOPIC_CHARS = 200;
export const MAX_BINDING_TEXT_CHARS = 200;
/** Postgres-changes bindings in one join: the inbox asks for 4 tables; more is a client probing. */
export const MAX_BINDINGS_PER_CHANNEL = 20;
/** Joins a socket may make in any one second; over it the socket is dropped, as Supabase does. */
export const MAX_JOINS_PER_SECOND = 5;
/** Messages of any kind a socket may send in one second (a heartbeat is one every 25 s). */
export const MAX_MESSAGES_PER_SECOND = 50;
/** A join with its token and bindings is under 4 KB; a longer frame is refused by ws (close 1009). */
export const MAX_FRAME_BYTES = 16 * 1024;
/**
 * Bytes waiting to be written to a socket that does not read: one lead's row
 * is at most ~12 KB, so this is dozens of changes behind; past it the socket
 * is dropped rather than held in memory.
 */
export const MAX_BUFFERED_BYTES = 256 * 1024;
/** Sockets from one address: a few devices behind one office router, each with a tab or two. */
export const MAX_SOCKETS_PER_ADDRESS = 20;
/** Sockets in all: an agency's inbox has a handful of members; this bounds memory whoever connects. */
export const MAX_SOCKETS = 500;
/**
 * How often a channel's token is looked at again while it is still good, as Realtime's
 * confirm_token does (every 5 minutes, or at the token's expiry if sooner): a timer of a token's
 * whole life could be longer than Node's timers hold (24.8 days) and would fire at once.
 */
export const TOKEN_CHECK_MS = 5 * 60_000;
/** Phoenix's own idle limit: supabase-js sends a heartbeat every 25 s, so 60 s of silence is a dead client. */
export const IDLE_TIMEOUT_MS = 60_000;
/**
 * Announced changes waiting to be read for subscribers; a burst beyond it
 * (a bulk import) is dropped, and the inbox's one-minute refresh shows it.
 */
export const MAX_PENDING_CHANGES = 1_000;
