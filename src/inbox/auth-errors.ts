import { isAuthError } from '@supabase/auth-js';
import { inboxCopy } from '../content/inbox';

/**
 * What a member reads when Supabase Auth refuses a step, by GoTrue's own
 * error codes: a wrong, used or expired code is one message (the server never
 * says which), a rate limit another, anything else "try again".
 */
export function signInProblem(error: unknown): string {
  const copy = inboxCopy.signIn;
  if (!isAuthError(error)) return copy.failed;
  if (error.status === 429 || /rate_limit/.test(error.code ?? '')) return copy.rateLimited;
  if (error.code === 'otp_expired' || error.code === 'otp_disabled' || error.status === 403) {
    return copy.wrongCode;
  }
  if (error.code === 'validation_failed' || error.code === 'email_address_invalid') {
    return copy.badEmail;
  }
  return copy.failed;
}
