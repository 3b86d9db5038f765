import { decodeJwt, decodeProtectedHeader } from 'jose';
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
 * The algorithms Realtime makes a signer for from a project's JWT secret; with no JWKS (ours has
 * none) any other is its "JwtSignerError", before any signature is looked at.
 */
const SECRET_ALGORITHMS = new Set(['HS256', 'HS384', 'HS512']);

/**
 * Realtime's words for a token it cannot use, at a join (`code: message`) and when a later
 * access_token brings it (the message alone; a signature or signer failure is said there as
 * Elixir prints its reason: `inspect(error)`, lib/realtime_web/channels/realtime_channel.ex).
 */
const MALFORMED = refused('MalformedJWT', 'The token provided is not a valid JWT');
const NO_SIGNER: ListenerCheck = {
  ok: false,
  message:
    'JwtSignerError: Failed to generate JWT signer, check your JWT secret or JWKS configuration',
  shutdown: ':error_generating_signer',
};
const BAD_SIGNATURE: ListenerCheck = {
  ok: false,
  message: 'JwtSignatureError: Failed to validate JWT signature',
  shutdown: ':signature_error',
};

/**
 * A channel's access_token checked as the REST path checks a bearer token
 * (server/auth/access-token.ts). None, or a Supabase publishable key (sb_…,
 * not a JWT), listens as anon, as hosted Realtime treats them; so does one
 * that is not text, as Realtime then uses the socket's API key. Anything else
 * must be our unexpired token for role authenticated or anon.
 */
export async function listenerOf(token: unknown, key: Uint8Array): Promise<ListenerCheck> {
  if (typeof token !== 'string' || token.startsWith('sb_')) return { ok: true, listener: ANON };
  let alg: unknown;
  try {
    decodeJwt(token);
    alg = decodeProtectedHeader(token).alg;
  } catch {
    return MALFORMED;
  }
  if (typeof alg !== 'string' || !SECRET_ALGORITHMS.has(alg)) return NO_SIGNER;
  const checked = await checkAccessToken(token, key);
  if (!checked.ok) {
    if (checked.reason !== 'expired') return BAD_SIGNATURE;
    return refused('InvalidJWTToken', expiredMessage(token));
  }
  const { role, exp } = checked.claims;
  if ((role !== AUTHENTICATED && role !== 'anon') || typeof exp !== 'number') {
    return refused('InvalidJWTToken', 'Fields `role` and `exp` are required in JWT');
  }
  return { ok: true, listener: { role, claims: checked.claims, token, expiresAt: exp } };
}

/** A join's reason says the code and the message; a later shutdown says only the message. */
function refused(code: string, message: string): ListenerCheck {
  return { ok: false, message: `${code}: ${message}`, shutdown: message };
}

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
