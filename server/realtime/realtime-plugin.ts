import { normalizeIP } from '@fastify/rate-limit';
import fastifyWebsocket from '@fastify/websocket';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { REALTIME_PREFIX } from '../../shared/realtime.ts';
import { signingKeyOf } from '../auth/access-token.ts';
import type { Database } from '../db/database.ts';
import { VSNS, type Vsn } from './frames.ts';
import { realtimeHub } from './hub.ts';
import { serveConnection } from './connection.ts';
import { MAX_FRAME_BYTES, MAX_SOCKETS, MAX_SOCKETS_PER_ADDRESS } from './client-limits.ts';

interface RealtimeOptions {
  database: Database;
}

/**
 * Supabase Realtime's postgres_changes at /realtime/v1/websocket, over the
 * embedded database or PostgreSQL (docs/inbox.md, "Live"): supabase-js's
 * channel().on('postgres_changes', …) works against this server as against
 * hosted Supabase. Sockets are counted per address and in all; a refused
 * one gets a 429 before any upgrade.
 */
const plugin: FastifyPluginAsync<RealtimeOptions> = async (app, { database }) => {
  const hub = realtimeHub(database, app.log);
  const signingKey = signingKeyOf(database);
  const open = new Map<string, number>();
  let total = 0;

  await app.register(fastifyWebsocket, { options: { maxPayload: MAX_FRAME_BYTES } });
  app.addHook('onReady', () => hub.start());
  app.addHook('onClose', () => hub.close());

  app.get<{ Querystring: { vsn?: string } }>(
    `${REALTIME_PREFIX}/websocket`,
    {
      websocket: true,
      preValidation: async (request, reply) => {
        const vsn = request.query.vsn ?? '1.0.0';
        if (!VSNS.includes(vsn as Vsn)) return reply.code(400).send({ message: 'Unsupported vsn' });
        const mine = open.get(normalizeIP(request.ip)) ?? 0;
        if (mine >= MAX_SOCKETS_PER_ADDRESS || total >= MAX_SOCKETS) {
          // Realtime's own refusal of a socket over its connection limit.
          return reply.code(429).send({ error: 'Too many connected users' });
        }
      },
    },
    (socket, request) => {
      // An IPv6 client is usually given a whole /64: counted as one, as the page's insert limit does.
      const address = normalizeIP(request.ip);
      open.set(address, (open.get(address) ?? 0) + 1);
      total++;
      socket.on('close', () => {
        total--;
        const left = (open.get(address) ?? 1) - 1;
        if (left > 0) open.set(address, left);
        else open.delete(address);
      });
      serveConnection(socket, (request.query.vsn ?? '1.0.0') as Vsn, hub, signingKey);
    },
  );
};

export const realtimeApi = fp(plugin, { name: 'realtime' });
