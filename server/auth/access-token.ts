import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import type { Database } from '../db/database.ts';

/** Short-lived, as the ruling asks: Supabase's default hour. A removed member reads nothing even before it ends (RLS). */
export const ACCESS_TOKEN_SECONDS = 3600;
/** Supabase Auth's audience and role for a signed-in user; PostgREST switches to the role. */
export const AUTHENTICATED = 'authenticated';
const ALGORITHM = 'HS256';

/** The claims a signed-in member's token carries, as Supabase Auth writes them. */
export interface SessionUser {
  userId: string;
  email: string;
  sessionId: string;
  addedAt: string;
}

export interface AccessClaims extends JWTPayload {
  sub: string;
  email: string;
  role: string;
  session_id?: string;
}

/**
 * The signing key, made and kept by the database (app_private.auth_signing_key,
 * 20261125040000_inbox_sign_in.sql): every instance on one database signs and
 * checks with the same key and nothing is configured. Read once per process.
 */
export function signingKeyOf(database: Database): () => Promise<Uint8Array> {
  let key: Promise<Uint8Array> | undefined;
  return () => {
    key ??= database
      .query('select secret from app_private.auth_signing_key')
      .then(([row]) => new TextEncoder().encode(String(row!.secret)));
    // A failed read (database down) is tried again next time.
    key.catch(() => (key = undefined));
    return key;
  };
}

export async function signAccessToken(
  key: Uint8Array,
  user: SessionUser,
  issuer: string,
): Promise<{ token: string; expiresAt: number }> {
  const now = Math.floor(Date.now() / 1000);
  const expiresAt = now + ACCESS_TOKEN_SECONDS;
  const token = await new SignJWT({
    email: user.email,
    phone: '',
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: {},
    role: AUTHENTICATED,
    aal: 'aal1',
    amr: [{ method: 'otp', timestamp: now }],
    session_id: user.sessionId,
    is_anonymous: false,
  })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setIssuer(issuer)
    .setSubject(user.userId)
    .setAudience(AUTHENTICATED)
    .setIssuedAt(now)
    .setExpirationTime(expiresAt)
    .sign(key);
  return { token, expiresAt };
}

export type TokenCheck =
  | { ok: true; claims: AccessClaims }
  | { ok: false; reason: 'expired' | 'invalid'; message: string };

/**
 * A bearer token checked as PostgREST checks one: HS256 under our key only
 * (`alg: none` and any other key fail the signature), not expired, with the
 * audience, a subject, an email and a role. Any changed claim breaks the signature.
 */
export async function checkAccessToken(token: string, key: Uint8Array): Promise<TokenCheck> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: [ALGORITHM],
      audience: AUTHENTICATED,
    });
    const { sub, email, role } = payload;
    if (typeof sub !== 'string' || typeof email !== 'string' || typeof role !== 'string') {
      return { ok: false, reason: 'invalid', message: 'JWT claims are missing' };
    }
    return { ok: true, claims: payload as AccessClaims };
  } catch (error) {
    if (error instanceof errors.JWTExpired) {
      return { ok: false, reason: 'expired', message: 'JWT expired' };
    }
    return { ok: false, reason: 'invalid', message: jwtProblem(error) };
  }
}

/** PostgREST's wording for a token it cannot accept. */
function jwtProblem(error: unknown): string {
  if (
    error instanceof errors.JWSSignatureVerificationFailed ||
    error instanceof errors.JOSEAlgNotAllowed
  ) {
    return 'JWSError JWSInvalidSignature';
  }
  if (error instanceof errors.JWTClaimValidationFailed) return 'JWT claims validation failed';
  return 'JWSError (CompactDecodeError Invalid number of parts: Expected 3 parts; got 1)';
}

/** The token in `Authorization: Bearer …`, or undefined. */
export function bearerOf(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}
