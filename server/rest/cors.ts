import cors, { type FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

/**
 * What PostgREST exposes to a page on another origin (its Cors.hs), plus
 * Retry-After, which comes with a 429 or 503.
 */
const EXPOSED_HEADERS = [
  'Content-Encoding',
  'Content-Location',
  'Content-Range',
  'Content-Type',
  'Date',
  'Location',
  'Server',
  'Transfer-Encoding',
  'Range-Unit',
  'Retry-After',
  // auth-js reads GoTrue's error codes by the API version the answer names.
  'X-Supabase-Api-Version',
  'X-Sb-Error-Code',
];

/**
 * The request headers the page and supabase-js send
 * (tests/server/contract.test.ts). PostgREST echoes whatever a preflight asks
 * for; naming them keeps the API's surface to what its clients need.
 */
const ALLOWED_HEADERS = [
  'apikey',
  'authorization',
  'content-type',
  'prefer',
  'content-profile',
  'x-client-info',
  // The inbox's reads and sign-in (docs/inbox.md).
  'accept-profile',
  'range',
  'x-supabase-api-version',
];

/** The insert, the RPCs and sign-in are POSTs; the inbox reads with GET (and HEAD for a count). */
const METHODS = ['GET', 'HEAD', 'POST'];

/** A day, as PostgREST: the browser asks once, not before every submission. */
const PREFLIGHT_MAX_AGE_SECONDS = 86_400;

/**
 * CORS for a page on another origin (the site on a static host, this server as
 * its API). Only the listed exact origins get CORS headers, each echoed back,
 * never a wildcard; no credentials, since the API uses no cookies. Another
 * origin gets none, so its browser refuses the request; an OPTIONS that is
 * not a preflight from a listed origin reaches the route's own answer (Allow).
 */
export async function allowOrigins(
  app: FastifyInstance,
  origins: readonly string[],
): Promise<void> {
  // None listed: same-origin only, with not even a Vary header changed.
  if (origins.length === 0) return;
  const options: FastifyCorsOptions = {
    origin: (origin, callback) =>
      callback(null, origin !== undefined && origins.includes(origin) ? origin : false),
    methods: METHODS,
    allowedHeaders: ALLOWED_HEADERS,
    exposedHeaders: EXPOSED_HEADERS,
    maxAge: PREFLIGHT_MAX_AGE_SECONDS,
    credentials: false,
    // As PostgREST (wai-cors) answers a preflight.
    optionsSuccessStatus: 200,
  };
  await app.register(cors, options);
}
