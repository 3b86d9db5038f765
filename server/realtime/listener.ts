import { decodeJwt } from 'jose';
import { AUTHENTICATED, checkAccessToken } from '../auth/access-token.ts';

/** Who a channel listens as: the role and claims its changes are read with (row-level security). */
export interface Listener {
  role: 'anon' | 'authenticated';
  claims: Record<string, unknown>;
  /** The token as sent: channels sharing one share each change's read. */
  token: string | null;
  /** Seconds since the epoch; past it the channel is shut, as Supabase does. */
  expiresAt: number | null;
}

const ANON: Listener = {
  role: 'anon',
  claims: { role: 'anon' },
  token: null,
  expiresAt: null,
};

/**
 * `message` is a join's error reason; `shutdown` what a joined channel's
 * `system` error says when a later token fails, in Realtime's words for each.
 */
export type ListenerCheck =
  { ok: true; listener: Listener } | { ok: false; message: string; shutdown: string };

/**
 * A channel's access_token checked as the REST path checks a bearer token
 * (server/auth/access-token.ts). None, or a Supabase publishable key (sb_…,
 * not a JWT), listens as anon, as hosted Realtime treats them; anything else
 * must be our unexpired token for role authenticated or anon.
 */
export async function listenerOf(token: unknown, key: Uint8Array): Promise<ListenerCheck> {
  if (token === undefined || token === null) return { ok: true, listener: ANON };
  if (typeof token !== 'string') return refused('InvalidJWTToken: not a string');
  if (token.startsWith('sb_')) return { ok: true, listener: ANON };
  const checked = await checkAccessToken(token, key);
  if (!checked.ok) {
    if (checked.reason !== 'expired') return refused(`InvalidJWTToken: ${checked.message}`);
    // Realtime's join says InvalidJWTToken; a channel it shuts later says only what failed.
    const expired = expiredMessage(token);
    return { ok: false, message: `InvalidJWTToken: ${expired}`, shutdown: expired };
  }
  const { role, exp } = checked.claims;
  if ((role !== AUTHENTICATED && role !== 'anon') || typeof exp !== 'number') {
    const missing = 'Fields `role` and `exp` are required in JWT';
    return { ok: false, message: `InvalidJWTToken: ${missing}`, shutdown: missing };
  }
  return { ok: true, listener: { role, claims: checked.claims, token, expiresAt: exp } };
}

const refused = (message: string): ListenerCheck => ({ ok: false, message, shutdown: message });

/** Supabase Realtime's words for a token past its time, as a shut channel's `system` error says them. */
export function expiredMessage(token: string | null): string {
  let exp = 0;
  try {
    exp = Number(decodeJwt(token ?? '').exp ?? 0);
  } catch {
    // Only a token that passed its signature check, or a channel's own, gets here.
  }
  const ago = Math.max(0, Math.floor(Date.now() / 1000) - exp);
  return `Token has expired ${ago} seconds ago`;
}

export const hasExpired = (listener: Listener) =>
  listener.expiresAt !== null && listener.expiresAt * 1000 <= Date.now();
