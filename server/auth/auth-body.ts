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
export function readEmail(value: unknown): string {
  const email = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (email.length < 3 || email.length > MAX_EMAIL || !EMAIL.test(email)) {
    throw authError.validation('Unable to validate email address: invalid format');
  }
  return email;
}

/** A refresh token as ours are made (base64url); anything else cannot be one, and is not looked up. */
export function readRefreshToken(value: unknown): string | undefined {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{1,128}$/.test(value) ? value : undefined;
}
