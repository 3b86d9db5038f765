import { isAuthError } from '@supabase/auth-js';
import { inboxCopy } from '../content/inbox';

/**
 * What a member reads when Supabase Auth refuses a step, by GoTrue's own
 * error codes: a wrong, used or expired code is one message (the server never
 * says which), a new code asked for within the minute another, a rate limit a
 * third, anything else "try again".
 */
export function signInProblem(error: unknown): string {
  const copy = inboxCopy.signIn;
  if (!isAuthError(error)) return copy.failed;
  // GoTrue's one code a minute for an address: "you can only request this after N seconds".
  if (error.code === 'over_email_send_rate_limit' && /request this after/.test(error.message)) {
    return copy.tooSoon;
  }
  if (error.status === 429 || /rate_limit/.test(error.code ?? '')) return copy.rateLimited;
  if (error.code === 'otp_expired' || error.code === 'otp_disabled' || error.status === 403) {
    return copy.wrongCode;
  }
  if (error.code === 'validation_failed' || error.code === 'email_address_invalid') {
    return copy.badEmail;
  }
  return copy.failed;
}
