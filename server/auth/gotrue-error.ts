import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * An error answered as GoTrue (Supabase Auth) answers it, so auth-js reads it
 * the same from this server as from hosted Supabase. auth-js sends
 * `X-Supabase-Api-Version: 2024-01-01`; GoTrue then answers `{code, message}`
 * with `code` the error code and echoes the version (2024-01-01 for any later
 * date too). Without that header it answers its original shape,
 * `{code: status, error_code, msg}`.
 */
export class GoTrueError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
  ) {
    super(message);
    this.name = 'GoTrueError';
  }
}

const API_VERSION_HEADER = 'x-supabase-api-version';
/** The one dated API version GoTrue knows. */
const API_VERSION_2024 = '2024-01-01';

/**
 * GoTrue's DetermineClosestAPIVersion: a date (YYYY-MM-DD, a real one) on or
 * after 2024-01-01 is that version; none, an earlier one or anything else is
 * the original.
 */
function isVersion2024(given: string | string[] | undefined): boolean {
  const parts = typeof given === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(given) : null;
  if (!parts) return false;
  const [year, month, day] = parts.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  // A day the month lacks (2024-02-30) rolls over: not a date, as Go's parser says.
  const real = date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real && given! >= API_VERSION_2024;
}

export const authError = {
  otpExpired: () => new GoTrueError(403, 'otp_expired', 'Token has expired or is invalid'),
  validation: (message: string) => new GoTrueError(400, 'validation_failed', message),
  invalidVerifyEmail: () => new GoTrueError(422, 'validation_failed', 'Invalid email format'),
  badJson: () =>
    new GoTrueError(400, 'bad_json', 'Could not parse request body as JSON: invalid JSON'),
  /**
   * GoTrue has no such refusal: it parses any body as JSON. Ours is
   * PostgREST's 415 in GoTrue's shape, under GoTrue's code for a body it
   * cannot read.
   */
  contentType: (type: string | undefined) =>
    new GoTrueError(
      415,
      'bad_json',
      `Content-Type not acceptable: ${type?.trim() || '(none)'}. Send the body as application/json.`,
    ),
  emailGap: (seconds: number) =>
    new GoTrueError(
      429,
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${seconds} seconds.`,
    ),
  emailRateLimit: () =>
    new GoTrueError(429, 'over_email_send_rate_limit', 'email rate limit exceeded'),
  requestRateLimit: () =>
    new GoTrueError(429, 'over_request_rate_limit', 'Request rate limit reached'),
  noAuthorization: () =>
    new GoTrueError(401, 'no_authorization', 'This endpoint requires a valid Bearer token'),
  badJwt: (message: string) => new GoTrueError(403, 'bad_jwt', message),
  sessionNotFound: () =>
    new GoTrueError(
      403,
      'session_not_found',
      'Session from session_id claim in JWT does not exist',
    ),
  userNotFound: () =>
    new GoTrueError(403, 'user_not_found', 'User from sub claim in JWT does not exist'),
  refreshNotFound: () =>
    new GoTrueError(
      400,
      'refresh_token_not_found',
      'Invalid Refresh Token: Refresh Token Not Found',
    ),
  /** A used refresh token shown again too late: GoTrue's reuse detection, which ends the session. */
  refreshAlreadyUsed: () =>
    new GoTrueError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used'),
  unsupportedGrant: () => new GoTrueError(400, 'invalid_credentials', 'unsupported_grant_type'),
  notFound: () => new GoTrueError(404, 'not_found', 'Not Found'),
  methodNotAllowed: () => new GoTrueError(405, 'method_not_allowed', 'Method Not Allowed'),
  unavailable: () =>
    new GoTrueError(
      503,
      'request_timeout',
      'Processing this request timed out, please retry after a moment.',
    ),
  unexpected: () =>
    new GoTrueError(
      500,
      'unexpected_failure',
      'Unexpected failure, please check server logs for more information',
    ),
};

export function sendAuthError(
  request: FastifyRequest,
  reply: FastifyReply,
  error: GoTrueError,
): FastifyReply {
  reply.code(error.status).header('x-sb-error-code', error.errorCode);
  if (isVersion2024(request.headers[API_VERSION_HEADER])) {
    return reply
      .header(API_VERSION_HEADER, API_VERSION_2024)
      .send({ code: error.errorCode, message: error.message });
  }
  return reply.send({ code: error.status, error_code: error.errorCode, msg: error.message });
}
