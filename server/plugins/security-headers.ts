import { readScriptHashes, securityHeaderSet } from '../headers/site-headers.ts';
import fastifyPlugin from 'fastify-plugin';

export interface SecurityHeadersOptions {
  /** The build's output: its csp-hashes.json names the inline scripts the page may run. */
  distDir: string;
  /** Origins the page may post to besides this one: hosted Supabase or our API elsewhere. */
  connectSrc?: string[];
  /** Behind a TLS-terminating proxy: only then is HSTS meaningful (and safe to send). */
  hsts?: boolean;
  /**
   * Paths under which every answer says `X-Robots-Tag: noindex`: the APIs, whose
   * answers carry leads, codes and tokens. One rule for all of each, so no new
   * route or error answer is left out.
   */
  noindexPrefixes?: readonly string[];
}

/**
 * Security headers on every response (site and API), as server/headers/site-headers.ts
 * defines them; the build writes the same set into dist/_headers for static hosts.
 */
export const securityHeaders = fastifyPlugin<SecurityHeadersOptions>(async (app, options) => {
  const headers = securityHeaderSet({
    scriptHashes: readScriptHashes(options.distDir),
    connectSrc: options.connectSrc ?? [],
    hsts: options.hsts ?? false,
  });
  const noindexPrefixes = options.noindexPrefixes ?? [];
  app.addHook('onRequest', async (request, reply) => {
    for (const [name, value] of headers) reply.header(name, value);
    if (noindexPrefixes.some((prefix) => request.url.startsWith(prefix))) {
      reply.header('x-robots-tag', 'noindex');
    }
  });
});
