import { GoTrueClient } from '@supabase/auth-js';
import { PostgrestClient } from '@supabase/postgrest-js';
import { INBOX_SESSION_KEY } from '../config/inbox';
import { AUTH_PREFIX, REST_PREFIX } from '../../shared/paths';
import { apiBase, apiHeaders } from './api-base';
import { takeEarlyRead } from './early-lead-reads';

/**
 * The inbox's two clients, as supabase-js's createClient wires them, without
 * its realtime, storage and functions clients (the inbox uses none): Supabase
 * Auth at /auth/v1 and PostgREST at /rest/v1 of the configured backend
 * (hosted Supabase, or our API on another origin), else of this site's own
 * server. PostgREST reads with the member's access token, as supabase-js does.
 */
export interface InboxClients {
  auth: GoTrueClient;
  rest: PostgrestClient;
}

let clients: InboxClients | undefined;

/** Made on first use, in the browser only: the prerenderer never calls it. */
export function inboxClients(): InboxClients {
  if (clients) return clients;
  const base = apiBase();
  const auth = new GoTrueClient({
    url: `${base}${AUTH_PREFIX}`,
    headers: apiHeaders(),
    storageKey: INBOX_SESSION_KEY,
    persistSession: true,
    autoRefreshToken: true,
    // Sign-in is by a typed code: nothing arrives in the URL (#lead=<id> is ours).
    detectSessionInUrl: false,
  });
  const withSession: typeof fetch = async (input, init) => {
    // A read started before the clients existed (early-lead-reads.ts), if this is one and it
    // was answered; anything else, a refusal included, goes as it always does.
    const early = (init?.method ?? 'GET') === 'GET' ? takeEarlyRead(String(input)) : undefined;
    const answer = early && (await early);
    if (answer?.ok) return answer;
    const { data } = await auth.getSession();
    const headers = new Headers(init?.headers);
    for (const [name, value] of Object.entries(apiHeaders(data.session?.access_token))) {
      headers.set(name, value);
    }
    return fetch(input, { ...init, headers });
  };
  clients = { auth, rest: new PostgrestClient(`${base}${REST_PREFIX}`, { fetch: withSession }) };
  return clients;
}
