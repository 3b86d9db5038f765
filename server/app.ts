import Fastify, { LogController, type FastifyInstance, type FastifyReply } from 'fastify';
import { authApi } from './auth/auth-plugin.ts';
import { createCodeMailer, type CodeMailerOptions } from './auth/code-mailer.ts';
import type { CodeRules } from './auth/sign-in-queries.ts';
import { DEFAULTS } from './settings/schema.ts';
import type { Database } from './db/database.ts';
import type { WorkingHours } from '../shared/working-hours.ts';
import { defaultWorkingHours } from './leads/clocks/default-working-hours.ts';
import { health } from './plugins/health.ts';
import { nativeForm } from './native-form/native-form-plugin.ts';
import { realtimeApi } from './realtime/realtime-plugin.ts';
import { loggerOptions, requestLog } from './plugins/request-log.ts';
import { restApi } from './rest/rest-plugin.ts';
import { securityHeaders } from './plugins/security-headers.ts';
import { staticSite } from './plugins/static-site.ts';
import { submissionRateLimit } from './plugins/submission-rate-limit.ts';
import { refuse } from './rest/submission-errors.ts';
import { fastifyTrustProxy, trustsAProxy, type TrustProxy } from './trust-proxy.ts';
import { AUTH_PREFIX, REST_PREFIX } from '../shared/paths.ts';

export interface AppOptions {
  database: Database;
  distDir?: string;
  /** true logs to stdout; a stream receives the same lines (tests read them). */
  logger?: boolean | NodeJS.WritableStream;
  /** Submissions per client address per minute; real starts pass RATE_LIMIT_PER_MINUTE. */
  rateLimitPerMinute?: number;
  /**
   * Behind a reverse proxy: which hops' X-Forwarded-For is believed (true, a hop
   * count, or the proxies' addresses/CIDRs); any trusted proxy means HSTS is sent.
   */
  trustProxy?: TrustProxy;
  /** Origins the page may send requests to besides this one (hosted Supabase, our API). */
  connectSrc?: string[];
  /** Pages on these exact origins may post to the API (CORS) and submit the form; others are refused. */
  corsOrigins?: string[];
  /** The relay and sender the inbox's sign-in codes go through (the lead emails' own). */
  mail?: CodeMailerOptions;
  /** Tests only: the sign-in code's limits (server/auth/sign-in-queries.ts). */
  codeRules?: Partial<CodeRules>;
  /** BUSINESS_HOURS and BUSINESS_TIMEZONE (the defaults when absent): the no-JS confirmation's reply time. */
  businessHours?: WorkingHours;
}

/** Generous for the largest valid submission on a poor mobile connection. */
const REQUEST_TIMEOUT_MS = 30_000;
/** A browser sends its headers at once; a client still sending them after this is stalling. */
const HEADERS_TIMEOUT_MS = 10_000;
/** How often Node looks for connections past those two timeouts (its default is 30 s). */
const TIMEOUT_CHECK_INTERVAL_MS = 2_000;
/** A socket with no traffic at all for this long is dropped, whatever state it is in. */
const CONNECTION_IDLE_TIMEOUT_MS = 60_000;
/**
 * Long enough for a visitor's next request after the page loads, short enough not to hoard sockets.
 * A proxy keeping connections to this server must drop an idle one sooner (deploy/nginx.conf).
 */
export const KEEP_ALIVE_TIMEOUT_MS = 10_000;

/**
 * The body limit of every route but the insert (which allows MAX_BODY_BYTES):
 * none of them reads a body, so there is no reason to parse one. Fastify's
 * default would read up to 1 MiB of JSON for any path.
 */
export const SMALL_BODY_BYTES = 1024;

/** The whole server as one Fastify instance, one plugin per concern; tests drive it with inject(). */
export async function buildApp({
  database,
  distDir = DEFAULTS.DIST_DIR,
  logger = false,
  rateLimitPerMinute = DEFAULTS.RATE_LIMIT_PER_MINUTE,
  trustProxy = false,
  connectSrc = [],
  corsOrigins = [],
  mail = {},
  codeRules,
  businessHours = defaultWorkingHours(),
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger === true ? loggerOptions() : logger ? loggerOptions(logger) : false,
    // requestLog writes one line per request instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: fastifyTrustProxy(trustProxy),
    bodyLimit: SMALL_BODY_BYTES,
    // Node's default is 5 minutes; a contact form's request is a few KB, and a
    // client that dribbles one in for longer is holding a connection hostage.
    requestTimeout: REQUEST_TIMEOUT_MS,
    connectionTimeout: CONNECTION_IDLE_TIMEOUT_MS,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    http: {
      headersTimeout: HEADERS_TIMEOUT_MS,
      connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
    },
    // A URL Fastify cannot even decode never reaches a route; under /rest/v1 it
    // is still answered in PostgREST's shape.
    frameworkErrors: (error, request, res) => {
      const reply = res as unknown as FastifyReply; // its generics admit no status code
      if (!request.url.startsWith(REST_PREFIX)) return reply.code(400).send(error.message);
      const invalid = refuse.invalidPath();
      return reply.code(400).type('application/json; charset=utf-8').send(invalid.toJSON());
    },
  });
  await app.register(requestLog);
  await app.register(securityHeaders, {
    distDir,
    connectSrc,
    hsts: trustsAProxy(trustProxy),
    noindexPrefixes: [REST_PREFIX, AUTH_PREFIX],
  });
  await app.register(submissionRateLimit, { perMinute: rateLimitPerMinute, database });
  await app.register(health, { database });
  await app.register(staticSite, { distDir });
  await app.register(restApi, { prefix: REST_PREFIX, database, corsOrigins });
  const mailer = createCodeMailer(mail, app.log);
  app.addHook('onClose', async () => mailer.close());
  await app.register(authApi, {
    prefix: AUTH_PREFIX,
    database,
    mailer,
    corsOrigins,
    codeRules,
  });
  await app.register(realtimeApi, { database });
  await app.register(nativeForm, {
    database,
    distDir,
    allowedOrigins: corsOrigins,
    businessHours,
    rateLimitPerMinute,
  });
  return app;
}
