import rateLimit from '@fastify/rate-limit';
import { refuse } from '../rest/submission-errors.ts';
import fastifyPlugin from 'fastify-plugin';
import type { Database } from '../db/database.ts';
import { isStoredKey } from '../db/rate-limit.ts';
import { leadRateLimit, type LeadRateLimit } from './lead-rate-limit.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The JSON insert's limit per address (./lead-rate-limit.ts). */
    leadRateLimit: LeadRateLimit;
  }
}

export interface SubmissionRateLimitOptions {
  perMinute: number;
  database: Database;
}

const WINDOW_MS = 60_000;

/**
 * Counts requests per client address (request.ip: the forwarded address only
 * when trustProxy is on) on the two submission routes: the JSON insert through
 * `app.leadRateLimit` (its preHandler, ./lead-rate-limit.ts), the native form
 * with `config: { rateLimit: { hook: 'preHandler', allowList } }`. The site's
 * files are never counted, and the challenge is counted by the database alone
 * (20261125000500_free_repeats_limited_challenges.sql). A repeat of a stored
 * submission is not counted: it is answered as stored, so the body must be
 * read first. Over the limit: 429, Retry-After, PostgREST's shape.
 */
export const submissionRateLimit = fastifyPlugin<SubmissionRateLimitOptions>(
  async (app, { perMinute, database }) => {
    await app.register(rateLimit, {
      global: false,
      max: perMinute,
      timeWindow: WINDOW_MS,
      // Retry-After is the one header a client needs; the X-RateLimit-* family only adds noise.
      addHeadersOnExceeding: {
        'x-ratelimit-limit': false,
        'x-ratelimit-remaining': false,
        'x-ratelimit-reset': false,
      },
      addHeaders: {
        'x-ratelimit-limit': false,
        'x-ratelimit-remaining': false,
        'x-ratelimit-reset': false,
        'retry-after': true,
      },
      // Thrown, so the REST plugin's error handler answers it like every other refusal.
      errorResponseBuilder: (_, context) =>
        refuse.tooManyRequests(perMinute, Math.ceil(context.ttl / 1000)),
    });
    app.decorate(
      'leadRateLimit',
      leadRateLimit(perMinute, (request) => isStoredKey(database, keyOf(request.body))),
    );
  },
);

/** The submission_key of a JSON insert's raw body; undefined for anything else. */
function keyOf(body: unknown): unknown {
  if (!Buffer.isBuffer(body)) return undefined;
  try {
    const row: unknown = JSON.parse(body.toString('utf8'));
    return row && typeof row === 'object'
      ? (row as Record<string, unknown>).submission_key
      : undefined;
  } catch {
    return undefined;
  }
}
