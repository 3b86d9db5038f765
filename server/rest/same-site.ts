import type { FastifyRequest } from 'fastify';

/**
 * Only the site itself (and the origins configured in CORS_ORIGINS) may make
 * a browser submit. A form or a no-cors fetch on another website is a
 * "simple" request that CORS never stops: the browser sends it and only hides
 * the answer. Browsers say where such a request comes from in Origin and
 * Sec-Fetch-Site; both submission routes (JSON and the native form) refuse it
 * with this one rule. A request with neither header comes from no browser
 * (curl, a server) and gains nothing by pretending, so it passes.
 */
export function isCrossSite(request: FastifyRequest, allowedOrigins: readonly string[]): boolean {
  const origin = header(request, 'origin');
  const fetchSite = header(request, 'sec-fetch-site');
  if (origin !== undefined) {
    // "null" is an opaque origin: a sandboxed frame, a data: URL, a redirect across sites.
    return !(origin === ownOrigin(request) || allowedOrigins.includes(origin));
  }
  // Browsers send Origin with every POST; Sec-Fetch-Site alone still says where it came from.
  return fetchSite === 'cross-site' || fetchSite === 'same-site';
}

/** This server's origin as the browser sees it (the forwarded scheme and host behind a trusted proxy). */
function ownOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`.toLowerCase();
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value.trim().toLowerCase() : undefined;
}
