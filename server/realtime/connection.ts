import type { WebSocket } from 'ws';
import { described, parseBindings, unknownColumn, unserved, type Binding } from './bindings.ts';
import { isRealtimeTable } from '../../shared/realtime.ts';
import {
  closed,
  encodeFrame,
  parseFrame,
  reply,
  system,
  type Message,
  type Vsn,
} from './frames.ts';
import type { Channel, RealtimeHub } from './hub.ts';
import {
  IDLE_TIMEOUT_MS,
  MAX_BUFFERED_BYTES,
  MAX_CHANNELS_PER_SOCKET,
  MAX_JOINS_PER_SECOND,
  MAX_MESSAGES_PER_SECOND,
  MAX_TOPIC_CHARS,
  TOKEN_CHECK_MS,
} from './client-limits.ts';
import { expiredMessage, hasExpired, listenerOf } from './listener.ts';

/** WebSocket close codes (RFC 6455): not ours to invent. */
const CLOSE = { invalid: 1007, policy: 1008 } as const;
const TOPIC_PREFIX = 'realtime:';

/** Counts events in the current second. */
function perSecond(limit: number) {
  let second = 0;
  let count = 0;
  return () => {
    const now = Math.floor(Date.now() / 1000);
    if (now !== second) [second, count] = [now, 0];
    return ++count <= limit;
  };
}

/** What a join needs of its connection. */
interface Context {
  channels: Map<string, Channel>;
  send(message: Message): void;
  drop(channel: Channel): void;
  watchExpiry(channel: Channel): void;
  hub: RealtimeHub;
  signingKey: () => Promise<Uint8Array>;
  joinAllowed: () => boolean;
}

/**
 * phx_join on realtime:<name>: the bindings and the token checked, then
 * Realtime's reply (each binding with its id) and its system notice.
 */
async function join(message: Message, socket: WebSocket, ctx: Context) {
  const { channels, send, drop, watchExpiry, hub, signingKey, joinAllowed } = ctx;
  if (!joinAllowed()) {
    send(
      reply(message, 'error', {
        reason: 'ClientJoinRateLimitReached: Too many joins per second',
      }),
    );
    return socket.close(CLOSE.policy);
  }
  const { topic, payload, join_ref: joinRef } = message;
  if (topic === TOPIC_PREFIX) {
    return send(
      reply(message, 'error', { reason: 'TopicNameRequired: You must provide a topic name' }),
    );
  }
  if (topic.length > MAX_TOPIC_CHARS) {
    return send(
      reply(message, 'error', {
        reason: `InvalidJoinPayload: a topic is at most ${MAX_TOPIC_CHARS} characters`,
      }),
    );
  }
  if (!channels.has(topic) && channels.size >= MAX_CHANNELS_PER_SOCKET) {
    return send(reply(message, 'error', { reason: 'ChannelRateLimitReached: Too many channels' }));
  }
  const bindings = parseBindings(payload.config);
  if ('problem' in bindings) {
    return send(reply(message, 'error', { reason: `InvalidJoinPayload: ${bindings.problem}` }));
  }
  const checked = await listenerOf(payload.access_token, await signingKey());
  if (!checked.ok) return send(reply(message, 'error', { reason: checked.message }));
  // Realtime makes a channel's subscriptions in one transaction, so one it cannot make leaves the
  // channel joined but hearing nothing at all; it is still the socket's, to leave or refresh.
  const problem = bindings.map(unserved).find(Boolean) ?? (await columnProblem(bindings, hub));
  if (socket.readyState !== socket.OPEN) return;

  const channel: Channel = {
    topic,
    joinRef,
    listener: checked.listener,
    bindings,
    deliver: (event) =>
      send({ topic, event: 'postgres_changes', payload: event, ref: null, join_ref: joinRef }),
    shut: (why) => {
      drop(channel);
      send(system(topic, joinRef, 'system', 'error', why));
      send(closed(topic, joinRef));
    },
    problem,
  };
  channels.set(topic, channel);
  if (!problem) hub.channels.add(channel);
  watchExpiry(channel);
  send(reply(message, 'ok', { postgres_changes: bindings.map(described) }));
  subscribed(channel, send);
}

/**
 * Realtime's notice of a channel's postgres_changes subscription, made at its join and made again
 * with each new token: none when it asked for no changes.
 */
function subscribed(channel: Channel, send: (message: Message) => void) {
  const { topic, joinRef, bindings, problem } = channel;
  if (bindings.length === 0) return;
  send(
    system(
      topic,
      joinRef,
      'postgres_changes',
      problem ? 'error' : 'ok',
      problem ?? 'Subscribed to PostgreSQL',
    ),
  );
}

/**
 * The first filter on a column its table does not have, in Realtime's words. A database that
 * cannot say leaves the filter as it is: it then matches no row, and the channel still joins.
 */
async function columnProblem(bindings: Binding[], hub: RealtimeHub): Promise<string | undefined> {
  for (const binding of bindings) {
    if (!binding.equals || !binding.table || !isRealtimeTable(binding.table)) continue;
    const columns = await hub.columnNames(binding.table).catch(() => undefined);
    const problem = columns && unknownColumn(binding, columns);
    if (problem) return problem;
  }
  return undefined;
}

/**
 * Realtime shuts a channel when its token expires, whether or not a change comes: a quiet
 * channel is told too (a client may rejoin on it), not only found out at the next delivery.
 */
function expiryWatch() {
  const timers = new Map<Channel, NodeJS.Timeout>();
  const forget = (channel: Channel) => {
    clearTimeout(timers.get(channel));
    timers.delete(channel);
  };
  const watch = (channel: Channel) => {
    forget(channel);
    const { expiresAt } = channel.listener;
    if (expiresAt === null) return;
    const timer = setTimeout(
      () => {
        if (!hasExpired(channel.listener)) return watch(channel);
        channel.shut(expiredMessage(channel.listener.token));
      },
      Math.max(0, Math.min(TOKEN_CHECK_MS, expiresAt * 1000 - Date.now())),
    );
    timer.unref();
    timers.set(channel, timer);
  };
  return { watch, forget };
}

/**
 * One client's socket, speaking Phoenix Channels as Supabase Realtime does:
 * heartbeat, phx_join with config.postgres_changes, access_token, phx_leave.
 * Broadcast and presence are not served: their messages are ignored, as
 * Realtime ignores a message it does not expect. Bad frames, floods and a
 * client that does not read drop the socket (server/realtime/client-limits.ts).
 */
export function serveConnection(
  socket: WebSocket,
  vsn: Vsn,
  hub: RealtimeHub,
  signingKey: () => Promise<Uint8Array>,
) {
  const channels = new Map<string, Channel>();
  const joinAllowed = perSecond(MAX_JOINS_PER_SECOND);
  const messageAllowed = perSecond(MAX_MESSAGES_PER_SECOND);

  const send = (message: Message) => {
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) return void socket.terminate();
    socket.send(encodeFrame(message, vsn));
  };
  const expiry = expiryWatch();
  const watchExpiry = expiry.watch;
  const drop = (channel: Channel) => {
    hub.channels.delete(channel);
    expiry.forget(channel);
    if (channels.get(channel.topic) === channel) channels.delete(channel.topic);
  };

  let idle: NodeJS.Timeout | undefined;
  const awake = () => {
    clearTimeout(idle);
    idle = setTimeout(() => socket.terminate(), IDLE_TIMEOUT_MS);
    idle.unref();
  };
  awake();

  // Realtime's handle_in("access_token") takes a string only, and ignores an API key (sb_…):
  // anything else (null from a signed-out client, no token at all) changes nothing.
  const refreshToken = async (channel: Channel, token: unknown) => {
    if (typeof token !== 'string' || token === channel.listener.token) return;
    if (token.startsWith('sb_')) return;
    const checked = await listenerOf(token, await signingKey());
    if (!checked.ok) return channel.shut(checked.shutdown);
    channel.listener = checked.listener;
    watchExpiry(channel);
    subscribed(channel, send);
  };

  const handle = async (message: Message) => {
    const { topic, event } = message;
    if (topic === 'phoenix' && event === 'heartbeat') return send(reply(message, 'ok', {}));
    if (event === 'phx_join' && topic.startsWith(TOPIC_PREFIX)) {
      // A topic joined again: Phoenix shuts the channel it has before the new join is judged, so
      // a refused one leaves nothing behind, and says so after the new join's reply.
      const previous = channels.get(topic);
      if (previous) drop(previous);
      await join(message, socket, {
        channels,
        send,
        drop,
        watchExpiry,
        hub,
        signingKey,
        joinAllowed,
      });
      if (previous) send(closed(topic, previous.joinRef));
      return;
    }
    const channel = channels.get(topic);
    // Sent for an earlier join of the topic (a leave or a token the client sent before it joined
    // again): Phoenix ignores it, unanswered, and the channel joined since is kept.
    if (channel && message.join_ref !== null && message.join_ref !== channel.joinRef) return;
    // Phoenix answers any leave with ok, a channel's or none's, and then closes the channel.
    if (event === 'phx_leave') {
      send(reply(message, 'ok', {}));
      if (!channel) return;
      drop(channel);
      return send(closed(topic, channel.joinRef));
    }
    // Phoenix's answer names no join, as there is none.
    if (!channel) {
      return send({ ...reply(message, 'error', { reason: 'unmatched topic' }), join_ref: null });
    }
    if (event === 'access_token') return refreshToken(channel, message.payload.access_token);
    // broadcast, presence and anything else: not served here, and ignored as Realtime ignores the unexpected.
  };

  // One message at a time, in the order sent, as Phoenix does: a join is answered (and counted
  // against the channel cap) before the socket's next message is read, so a burst of joins cannot
  // pass the cap and a leave or access_token sent right after its join finds the channel.
  let inOrder: Promise<void> = Promise.resolve();
  let waiting = 0;
  socket.on('message', (data, isBinary) => {
    awake();
    if (!messageAllowed()) return socket.close(CLOSE.policy, 'Too many messages per second');
    // realtime-js (vsn 2.0.0) sends a broadcast as a binary frame: not served, ignored as
    // broadcasts are, and counted against the rate above. Closing the socket over it would drop
    // the channel's changes until the client reconnected.
    if (isBinary) return;
    const message = parseFrame(data.toString(), vsn);
    if (!message) return socket.close(CLOSE.invalid, 'Not a Phoenix message');
    // A second's worth waits at most (a stalled database holds a join's token check).
    if (waiting >= MAX_MESSAGES_PER_SECOND)
      return socket.close(CLOSE.policy, 'Too many messages waiting');
    waiting++;
    inOrder = inOrder
      .then(() => handle(message))
      .catch(() => socket.terminate())
      .finally(() => waiting--);
  });
  socket.on('close', () => {
    clearTimeout(idle);
    for (const channel of channels.values()) drop(channel);
  });
  socket.on('error', () => socket.terminate());
}
