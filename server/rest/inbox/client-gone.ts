import type { FastifyRequest } from 'fastify';

/**
 * nginx's status for a request whose client closed the connection before the
 * answer: no one reads it, but the request log says what became of the read.
 */
export const CLIENT_CLOSED_REQUEST = 499;

/**
 * The client has closed the connection (Node destroys the request when the
 * socket ends or breaks). PGlite runs one query at a time, so a read queued
 * behind others may get its turn long after whoever asked has gone.
 */
export function clientGone(request: FastifyRequest): boolean {
  return request.raw.destroyed || request.raw.socket?.destroyed === true;
}
