import type { FastifyBaseLogger } from 'fastify';
import { DatabaseUnavailableError } from '../db/database.ts';
import { RATE_LIMITED_SQLSTATE, retryAfterSeconds } from '../db/rate-limit.ts';
import { PostgrestError, statusForSqlState } from './postgrest-error.ts';
import { refuse } from './submission-errors.ts';

interface SqlError extends Error {
  code: string;
  detail?: string;
  hint?: string;
}

/** node-postgres and PGlite both raise PostgreSQL's fields on their errors. */
function isSqlError(error: unknown): error is SqlError {
  const code = (error as { code?: unknown } | null)?.code;
  return error instanceof Error && typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
}

/**
 * Whatever went wrong, an answer in PostgREST's shape with a 4xx status, or
 * 503 when the database is unreachable. Nothing a client sends may produce
 * another 5xx; a fault of ours is logged in full and answered as a refusal.
 */
export function toPostgrestError(
  error: unknown,
  log: FastifyBaseLogger,
  bodyLimit: number,
): PostgrestError {
  if (error instanceof PostgrestError) return error;
  if (error instanceof DatabaseUnavailableError) {
    log.error({ err: error.reason }, 'database unavailable');
    return refuse.unavailable();
  }
  if (isSqlError(error) && error.code === RATE_LIMITED_SQLSTATE) {
    // The database's per-address limit: PostgREST's 429, plus the Retry-After it cannot send.
    const retryAfter = String(retryAfterSeconds(error.hint));
    return new PostgrestError(429, error.code, error.message, error.detail, error.hint, {
      'retry-after': retryAfter,
    });
  }
  if (isSqlError(error)) {
    // The server checks every rule before the database does; a database refusal
    // here means the two have drifted apart, which someone should hear about.
    log.warn({ code: error.code, message: error.message }, 'database refused a checked row');
    const status = statusForSqlState(error.code);
    if (status >= 500) return refuse.unavailable();
    return new PostgrestError(status, error.code, error.message, error.detail, error.hint);
  }

  const fastifyError = error as { code?: string; statusCode?: number; message?: string };
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return refuse.bodyTooLarge(bodyLimit);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return refuse.contentType('unknown');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return refuse.invalidJson();
  }
  const status = fastifyError.statusCode;
  if (status !== undefined && status >= 400 && status < 500) {
    return new PostgrestError(status, 'PGRST100', fastifyError.message ?? 'Bad request');
  }
  log.error({ err: error }, 'unexpected error answering a REST request');
  return refuse.unexpected();
}
