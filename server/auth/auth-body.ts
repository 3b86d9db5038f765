import { authError } from './gotrue-error.ts';

/** A JSON object body as GoTrue reads one: anything else is its bad_json. */
export function readAuthBody(body: Buffer | undefined): Record<string, unknown> {
  if (!body || body.length === 0) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    throw authError.badJson();
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw authError.badJson();
  }
  return parsed as Record<string, unknown>;
}

/** Emails are compared in lower case, as Supabase Auth stores them. */
const MAX_EMAIL = 254;

/**
 * An address's shape: no space, no control character (U+0000 is text PostgreSQL
 * cannot store, and GoTrue's own pattern refuses every one of them).
 */
const EMAIL = /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+\.[^\s@\p{Cc}]+$/u;

/** GoTrue's check of an address before anything else: a string that looks like one. */
export function readEmail(
  value: unknown,
  refuse: () => Error = () =>
    authError.validation('Unable to validate email address: invalid format'),
): string {
  const email = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (email.length < 3 || email.length > MAX_EMAIL || !EMAIL.test(email)) throw refuse();
  return email;
}

/**
 * A refresh token as ours are made: 32 bytes, base64url (newRefreshToken,
 * auth_next_refresh). Anything else cannot be one, and is not looked up.
 */
export function readRefreshToken(value: unknown): string | undefined {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : undefined;
}

/**
 * verifyOtp's body checked as GoTrue checks it, in its order
 * (VerifyParams.Validate, then verifyPost's type): the type, the token, the
 * address (a 422 here, not /otp's 400), then whether the type is one we take.
 */
export function readVerifyBody(body: Record<string, unknown>): { email: string; typed: string } {
  if (typeof body.type !== 'string' || body.type === '') {
    throw authError.validation('Verify requires a verification type');
  }
  const typed = typeof body.token === 'string' ? body.token.trim() : '';
  if (!typed) throw authError.validation('Verify requires either a token or a token hash');
  if (typeof body.email !== 'string' || body.email === '') {
    throw authError.validation(
      'Only an email address or phone number should be provided on verify',
    );
  }
  const email = readEmail(body.email, authError.invalidVerifyEmail);
  if (body.type !== 'email') throw authError.validation('Unsupported verification type');
  return { email, typed };
}
