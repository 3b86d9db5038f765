import type { FastifyServerOptions } from 'fastify';
import { appWide } from './app-wide.ts';

/**
 * The logger's settings. Requests are logged by requestLog below, never with
 * bodies; should a request object be logged anyway, it is reduced to method
 * and URL, and credentials in headers are censored.
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
        url: request.url,
      }),
    },
  };
}

/**
 * One line per request, once answered: method, URL, status, time taken. Never
 * the body, which holds a visitor's name, email and message, nor headers.
 */
export const requestLog = appWide(async (app) => {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        responseTime: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request completed',
    );
  });
});
