import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { LIMITS } from '../../shared/validation.ts';
import { TABLE } from '../db/contact-table.ts';
import type { Database } from '../db/database.ts';
import { issueChallenge, MAX_PROOF_CHARS } from '../db/proof-of-work-settings.ts';
import { allowOrigins } from './cors.ts';
import { checkAccept, checkProfile, readPreferences } from './insert-request.ts';
import { postgrestErrorSchema, type PostgrestError } from './postgrest-error.ts';
import { readProof } from './proof-column.ts';
import { readJsonBody } from './request-body.ts';
import { refuse } from './submission-errors.ts';
import { oneObject, toSubmission } from './submission-row.ts';
import { toPostgrestError } from './to-postgrest-error.ts';
import { isCrossSite } from './same-site.ts';
import { inboxApi } from './inbox/inbox-rest-plugin.ts';

export interface RestApiOptions {
  database: Database;
  /** Pages on these exact origins may post here (server/rest/cors.ts); others are refused. */
  corsOrigins?: readonly string[];
}

/**
 * The largest valid submission however a client encodes it: every code point
 * as an escaped surrogate pair (\uXXXX\uXXXX, 12 bytes), its proof of work
 * with every character escaped (\uXXXX, 6 bytes), plus 1 KiB for keys
 * and spacing. About 64 KiB; a 16 KiB limit would refuse a valid 5,000-character
 * message written in emoji, which is 20 KB even as plain UTF-8.
 */
export const MAX_BODY_BYTES =
  12 * (LIMITS.name.max + LIMITS.email.max + LIMITS.message.max) + 6 * MAX_PROOF_CHARS + 1024;

/**
 * PostgREST's insert into contact_submissions and its rpc/contact_challenge, as
 * the page and supabase-js send them (tests/server/contract.test.ts), and
 * PostgREST's "not implemented" for everything else under /rest/v1. Registered
 * with that prefix, so its body parser and error handler touch nothing else.
 */
export const restApi: FastifyPluginAsync<RestApiOptions> = async (
  app,
  { database, corsOrigins = [] },
) => {
  await allowOrigins(app, corsOrigins);
  // The body is read raw and judged by readJsonBody: any media type reaches it, so
  // a wrong one is refused in PostgREST's shape rather than by Fastify's own.
  app.removeAllContentTypeParsers();
  // Within the app's small body limit (SMALL_BODY_BYTES); only the insert route allows more.
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_, body, done) => done(null, body));

  app.setErrorHandler((error, request, reply) =>
    sendError(reply, toPostgrestError(error, request.log, request.routeOptions.bodyLimit)),
  );
  app.addHook('onRequest', async (request) => checkProfile(request));

  app.post<{ Querystring: Record<string, unknown> }>(
    `/${TABLE}`,
    {
      // Counted per client address (server/plugins/lead-rate-limit.ts), once
      // the body is read: a repeat of a stored submission is not counted.
      preHandler: (request, reply) => app.leadRateLimit.check(request, reply),
      bodyLimit: MAX_BODY_BYTES,
      // Before the body is read: another site's page gets no insert.
      onRequest: async (request) => {
        if (isCrossSite(request, corsOrigins)) throw refuse.crossSite();
      },
      schema: {
        response: {
          201: { type: 'null' },
          '4xx': postgrestErrorSchema,
          '5xx': postgrestErrorSchema,
        },
      },
    },
    async (request, reply) => {
      // postgrest-js sends ?columns only with an array, ?select only to read the row back.
      if (Object.keys(request.query).some((name) => name !== 'on_conflict')) {
        throw refuse.notImplemented('A query parameter other than on_conflict');
      }
      const { applied, ignoreDuplicates } = readPreferences(
        request.headers.prefer,
        request.query.on_conflict,
      );
      checkAccept(request.headers.accept);
      const body = readJsonBody(
        request.headers['content-type'],
        request.body as Buffer | undefined,
      );
      const row = oneObject(body);
      // request.ip: the forwarded address only behind a trusted proxy (TRUST_PROXY).
      // A repeated key is skipped and answered like the first: the same submission.
      const stored = await database.insertSubmission(toSubmission(row), {
        clientAddress: request.ip,
        proof: readProof(row),
        ignoreDuplicates,
      });
      // A repeat stores nothing, so it takes nothing of the visitor's limit.
      if (stored === false) app.leadRateLimit.refund(request);

      if (applied.length > 0) reply.header('preference-applied', applied.join(', '));
      return reply.code(201).header('content-range', '*/*').send();
    },
  );

  // The proof of work's challenge, issued by the database as PostgREST's RPC
  // would (supabase/migrations/20261124020000_proof_of_work.sql); it takes no arguments.
  app.post(
    '/rpc/contact_challenge',
    { schema: { response: { '4xx': postgrestErrorSchema, '5xx': postgrestErrorSchema } } },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(await issueChallenge(database, request.ip))),
  );
  // What the inbox reads and changes (docs/inbox.md).
  await app.register(inboxApi, { database });

  // Any other method or path under /rest/v1 (reads, updates, deletes, other
  // tables and functions): no client of ours sends it (tests/server/contract.test.ts).
  // The route keeps these paths from the static site's; the handler takes the
  // methods Fastify does not route (PROPFIND, TRACE, …).
  const notImplemented = (request: FastifyRequest) =>
    refuse.notImplemented(`${request.method} on this path`);
  for (const path of ['/', '/*']) {
    app.all(path, async (request) => {
      throw notImplemented(request);
    });
  }
  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) =>
    sendError(reply, notImplemented(request)),
  );
};

function sendError(reply: FastifyReply, error: PostgrestError): FastifyReply {
  return reply
    .code(error.status)
    .headers(error.headers)
    .header('proxy-status', `PostgREST; error=${error.code}`)
    .type('application/json; charset=utf-8')
    .send(error.toJSON());
}
