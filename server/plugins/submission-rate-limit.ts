import rateLimit from '@fastify/rate-limit';
import { refuse } from '../rest/submission-errors.ts';
import fastifyPlugin from 'fastify-plugin';

export interface SubmissionRateLimitOptions {
  perMinute: number;
}

const WINDOW_MS = 60_000;

/**
 * Counts requests per client address (request.ip: the forwarded address only
 * when trustProxy is on) on the routes that opt in with
 * `config: { rateLimit: {} }`: the two submission routes (the JSON insert and
 * the native form) do; the site's files and the challenge RPC are never counted. Over the limit: 429, Retry-After, PostgREST's shape.
 */
export const submissionRateLimit = fastifyPlugin<SubmissionRateLimitOptions>(
  async (app, { perMinute }) => {
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
  },
);
