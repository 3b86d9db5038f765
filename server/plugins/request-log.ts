import type { FastifyServerOptions } from 'fastify';
import { loggableError } from '../loggable-error.ts';
import fastifyPlugin from 'fastify-plugin';

/** A URL's path without its query string, which may carry anything a client put there. */
function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/**
 * The logger's settings. Requests are logged by requestLog below, never with
 * bodies; should a request object be logged anyway, it is reduced to method
 * and path, and credentials in headers are censored. Every logged error goes
 * through loggableError, whoever logs it, so no error property or quoted value
 * can carry a visitor's words into the log.
 */
export function loggerOptions(stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level: 'info',
    ...(stream && { stream }),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.apikey',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (request: { method: string; url: string }) => ({
        method: request.method,
        url: pathOf(request.url),
      }),
      err: loggableError,
    },
  };
}

/**
 * One line per request, once answered: method, path, status, time taken. Never
 * the body, which holds a visitor's name, email and message, nor headers, nor
 * the query string (a native form sent by GET would put the fields there).
 */
export const requestLog = fastifyPlugin(async (app) => {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: pathOf(request.url),
        statusCode: reply.statusCode,
        responseTime: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request completed',
    );
  });
});
