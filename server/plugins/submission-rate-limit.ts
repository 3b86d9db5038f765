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

/**
 * Counts the JSON insert's requests per client address (request.ip: the
 * forwarded address only when trustProxy is on) through `app.leadRateLimit`
 * (its preHandler, ./lead-rate-limit.ts); the form without JavaScript keeps a
 * limiter of its own, the same rule (server/native-form/native-form-plugin.ts). The
 * site's files are never counted, and the challenge is counted by the database alone
 * (20261125000500_free_repeats_limited_challenges.sql). A repeat of a stored
 * submission is not counted: it is answered as stored, so the body must be
 * read first. Over the limit: 429, Retry-After, PostgREST's shape.
 */
export const submissionRateLimit = fastifyPlugin<SubmissionRateLimitOptions>(
  async (app, { perMinute, database }) => {
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
