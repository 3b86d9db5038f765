import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { CONFIG_DEFAULTS } from './config.ts';
import type { Database } from './db/database.ts';
import { restApi } from './plugins/rest-api.ts';
import { staticSite } from './plugins/static-site.ts';
import { refuse } from './rest/submission-errors.ts';

export interface AppOptions {
  database: Database;
  distDir?: string;
  logger?: boolean;
}

/** Generous for the largest valid submission on a poor mobile connection. */
const REQUEST_TIMEOUT_MS = 30_000;

/** Where hosted Supabase serves PostgREST; the site's client posts to the same path here. */
export const REST_PREFIX = '/rest/v1';

/** The whole server as one Fastify instance, one plugin per concern; tests drive it with inject(). */
export async function buildApp({
  database,
  distDir = CONFIG_DEFAULTS.DIST_DIR,
  logger = false,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    // Node's default is 5 minutes; a contact form's request is a few KB, and a
    // client that dribbles one in for longer is holding a connection hostage.
    requestTimeout: REQUEST_TIMEOUT_MS,
    // A URL Fastify cannot even decode never reaches a route; under /rest/v1 it
    // is still answered in PostgREST's shape.
    frameworkErrors: (error, request, res) => {
      const reply = res as unknown as FastifyReply; // its generics admit no status code
      if (!request.url.startsWith(REST_PREFIX)) return reply.code(400).send(error.message);
      const invalid = refuse.invalidPath();
      return reply.code(400).type('application/json; charset=utf-8').send(invalid.toJSON());
    },
  });
  await app.register(staticSite, { distDir });
  await app.register(restApi, { prefix: REST_PREFIX, database });
  return app;
}
