import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { DatabaseUnavailableError } from '../db/database.ts';
import { RATE_LIMITED_SQLSTATE, retryAfterSeconds } from '../db/rate-limit.ts';
import { loggableError } from '../loggable-error.ts';
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
 * Whatever went wrong, an answer in PostgREST's shape: a 4xx for what the
 * client sent (the database's own refusal of a row included, as PostgREST
 * passes it on), 503 when the database is unreachable, and 500 with a
 * reference for a fault of ours. Errors are logged through loggableError
 * only: the drivers attach the row's values to their errors.
 */
export function toPostgrestError(
  error: unknown,
  log: FastifyBaseLogger,
  bodyLimit: number,
): PostgrestError {
  if (error instanceof PostgrestError) return error;
  if (error instanceof DatabaseUnavailableError) {
    log.error({ error: loggableError(error.reason) }, 'database unavailable');
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
    const status = statusForSqlState(error.code);
    if (status === 503) {
      log.error({ error: loggableError(error) }, 'database unavailable');
      return refuse.unavailable();
    }
    if (status < 500) {
      // PostgREST's every 401 from the database (anon refused by a grant) says which
      // scheme would do, as its own JWT refusals do (Error.hs, PgError's headers).
      const headers: Record<string, string> =
        status === 401 ? { 'www-authenticate': 'Bearer' } : {};
      return new PostgrestError(
        status,
        error.code,
        error.message,
        error.detail,
        error.hint,
        headers,
      );
    }
    return ourFault(error, log);
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
  return ourFault(error, log);
}

/** A 500 whose reference finds the full error in the log. */
function ourFault(error: unknown, log: FastifyBaseLogger): PostgrestError {
  const reference = randomUUID();
  log.error(
    { error: loggableError(error), reference },
    'unexpected error answering a REST request',
  );
  return refuse.unexpected(reference);
}
