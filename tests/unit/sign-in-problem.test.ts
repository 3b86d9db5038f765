import { AuthApiError } from '@supabase/auth-js';
import { describe, expect, it } from 'vitest';
import { inboxCopy } from '../../src/content/inbox.ts';
import { signInProblem } from '../../src/inbox/auth-errors.ts';

const copy = inboxCopy.signIn;

/** GoTrue's refusals of a sign-in step as the inbox words them (src/inbox/auth-errors.ts). */
describe('a refused sign-in step, in the member’s words', () => {
  it('tells a second code within the minute from a limit of tries', () => {
    const gap = new AuthApiError(
      'For security purposes, you can only request this after 42 seconds.',
      429,
      'over_email_send_rate_limit',
    );
    expect(signInProblem(gap)).toBe(copy.tooSoon);
    for (const limit of [
      new AuthApiError('email rate limit exceeded', 429, 'over_email_send_rate_limit'),
      new AuthApiError('Request rate limit reached', 429, 'over_request_rate_limit'),
    ]) {
      expect(signInProblem(limit)).toBe(copy.rateLimited);
    }
  });

  it('says one thing of a wrong, used or expired code, and “try again” of anything else', () => {
    expect(
      signInProblem(new AuthApiError('Token has expired or is invalid', 403, 'otp_expired')),
    ).toBe(copy.wrongCode);
    expect(signInProblem(new Error('fetch failed'))).toBe(copy.failed);
  });
});
