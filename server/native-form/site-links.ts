import type { FastifyRequest } from 'fastify';

/**
 * A reply page answered to a form posted from the site on another origin (a
 * static host posting to this server as its API): its links lead back to that
 * site, not to this server. Only the page's own links (`<a href="/…">`) change;
 * its styles and scripts still come from this server's copy of the build,
 * which the site's Cross-Origin-Resource-Policy would not lend it.
 */
export function linksBackTo(html: string, siteOrigin: string): string {
  return html.replace(/(<a\b[^>]*?\shref=")\/(?!\/)/g, `$1${siteOrigin}/`);
}

/** The configured site on another origin that the form was posted from, if it was. */
export function siteOrigin(
  request: FastifyRequest,
  allowedOrigins: readonly string[],
): string | undefined {
  return allowedSite(request.headers.origin, allowedOrigins);
}

/** `origin` if it is one of the configured sites on another origin (CORS_ORIGINS). */
export function allowedSite(
  origin: unknown,
  allowedOrigins: readonly string[],
): string | undefined {
  return typeof origin === 'string' && allowedOrigins.includes(origin) ? origin : undefined;
}
