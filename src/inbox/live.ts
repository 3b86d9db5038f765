import type { RealtimeChannel, RealtimeClient } from '@supabase/realtime-js';
import { INBOX_LIVE_DEBOUNCE_MS } from '../config/inbox';
import { siteConfig } from '../config/site';
import { REALTIME_PREFIX, REALTIME_TABLES } from '../../shared/realtime';

/**
 * The inbox's live connection (docs/inbox.md, "Live"): Supabase Realtime's
 * postgres_changes on the live tables (shared/realtime.ts), from hosted
 * Supabase or our server exactly as supabase.ts picks the API. A change is
 * only a cue: the list and the open lead are read again through their usual
 * queries, once per burst. The client is loaded on first use, so the sign-in
 * page never carries it.
 */
export type LiveState = 'live' | 'polling';

/** realtime-js will not connect without an apikey; our server has none and judges the token alone. */
const NO_ANON_KEY = 'none';

const changeListeners = new Set<() => void>();
const stateListeners = new Set<(state: LiveState) => void>();
let state: LiveState = 'polling';
let client: Promise<RealtimeClient> | undefined;
let channel: RealtimeChannel | undefined;
let burst: number | undefined;

const setState = (next: LiveState) => {
  state = next;
  for (const listener of stateListeners) listener(next);
};

const changed = () => {
  window.clearTimeout(burst);
  burst = window.setTimeout(() => {
    for (const listener of changeListeners) listener();
  }, INBOX_LIVE_DEBOUNCE_MS);
};

async function realtime(): Promise<RealtimeClient> {
  client ??= import('@supabase/realtime-js').then(({ RealtimeClient }) => {
    const base = siteConfig.apiUrl || window.location.origin;
    return new RealtimeClient(`${base.replace(/^http/, 'ws')}${REALTIME_PREFIX}`, {
      params: { apikey: siteConfig.supabaseAnonKey || NO_ANON_KEY },
    });
  });
  return client;
}

/** Listens as the member's token; called again with each refreshed token, as supabase-js does. */
export async function goLive(accessToken: string): Promise<void> {
  // A channel the server closed (its token expired while the device slept) is let go by
  // realtime-js, which then closes its socket and will not open it again for a new channel while
  // closing: the new token joins on a new client.
  if (channel?.state === 'closed') {
    const stale = await realtime();
    client = undefined;
    channel = undefined;
    void stale.disconnect();
  }
  const live = await realtime();
  await live.setAuth(accessToken);
  if (channel) return;
  channel = live.channel('inbox');
  for (const table of Object.keys(REALTIME_TABLES)) {
    channel.on('postgres_changes', { event: '*', schema: 'public', table }, changed);
  }
  channel.subscribe((status) => {
    const subscribed = status === 'SUBSCRIBED';
    // Whatever changed while the connection was down is read now.
    if (subscribed && state !== 'live') changed();
    setState(subscribed ? 'live' : 'polling');
  });
}

/** Signed out: the channel and the connection close. */
export async function stopLive(): Promise<void> {
  const live = channel && (await realtime());
  channel = undefined;
  setState('polling');
  if (live) {
    await live.removeAllChannels();
    live.disconnect();
  }
}

/** Calls `listener` after each burst of changes heard; returns how to stop. */
export function onLiveChange(listener: () => void): () => void {
  changeListeners.add(listener);
  return () => void changeListeners.delete(listener);
}

/** Calls `listener` with the connection's state now and on each change; returns how to stop. */
export function onLiveState(listener: (state: LiveState) => void): () => void {
  stateListeners.add(listener);
  listener(state);
  return () => void stateListeners.delete(listener);
}
