import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/database.ts';
import { withTimeout } from '../with-timeout.ts';

export interface HealthOptions {
  database: Database;
}

/**
 * A trivial query gets this long. Under a second, so a proxy or orchestrator
 * stops sending visitors to an instance within a second of its database
 * going quiet, even when the query never returns (a stalled or unreachable
 * server); a healthy database answers `select 1` in well under a millisecond.
 */
const PROBE_TIMEOUT_MS = 800;

const statusSchema = {
  type: 'object',
  required: ['status'],
  properties: { status: { type: 'string' } },
} as const;

/** GET /healthz: 200 when the database answers `select 1`, 503 when it does not. */
export const health: FastifyPluginAsync<HealthOptions> = async (app, { database }) => {
  app.get(
    '/healthz',
    { schema: { response: { 200: statusSchema, 503: statusSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        await withTimeout(database.query('select 1'), PROBE_TIMEOUT_MS);
        return { status: 'ok' };
      } catch (error) {
        request.log.warn({ err: error }, 'health check: the database did not answer');
        return reply.code(503).send({ status: 'unavailable' });
      }
    },
  );
};
