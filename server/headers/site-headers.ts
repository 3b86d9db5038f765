/**
 * The one definition of the headers the site is sent with: its
 * Content-Security-Policy, the other security headers, and the cache rules.
 * The server sends them (server/plugins/security-headers.ts,
 * server/plugins/static-site.ts) and the build writes them into dist/_headers
 * for a static host (server/headers/headers-file.ts), so the two cannot drift.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { INBOX_PATH } from '../../shared/paths.ts';

export interface SiteHeaderOptions {
  /** The page's own inline scripts, as the build hashed them (dist/csp-hashes.json). */
  scriptHashes: string[];
  /** Origins the page may post to besides its own (connect-src and form-action): hosted Supabase or our API elsewhere. */
  connectSrc: string[];
  /** Only over TLS is HSTS meaningful: behind a proxy that terminates it, or on a static host. */
  hsts: boolean;
}

/**
 * Features the site never uses, switched off for it and anything it embeds.
 * Only names browsers recognise: an unknown one (interest-cohort) makes Chrome
 * log an error on every page load.
 */
const PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'magnetometer=()',
  'gyroscope=()',
  'accelerometer=()',
].join(', ');

/** Two years, the preload list's minimum being one. */
const HSTS_MAX_AGE_SECONDS = 63_072_000;

/**
 * Scripts are held to this origin plus the hashes of the page's own inline
 * scripts; styles allow 'unsafe-inline' because the prerendered HTML carries
 * React's style attributes and sonner injects a <style> element.
 */
/**
 * The inbox listens for changes over Realtime's WebSocket on the same origin as the API, and
 * CSP's https source matches no wss: URL, so each origin is named in its WebSocket form too.
 */
const withWebSockets = (origins: string[]): string[] =>
  origins.flatMap((origin) => {
    const socket = origin.replace(/^http(s?):\/\//, 'ws$1://');
    return socket === origin ? [origin] : [origin, socket];
  });

function contentSecurityPolicy({ scriptHashes, connectSrc }: SiteHeaderOptions): string {
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...scriptHashes]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:']],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'", ...withWebSockets(connectSrc)]],
    // The inbox's service worker and manifest (/inbox/sw.js, docs/alerts.md), named rather than
    // left to default-src, so narrowing that never silently uninstalls the inbox. The page has
    // neither; its own site.webmanifest is from this origin too.
    ['worker-src', ["'self'"]],
    ['manifest-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    // Without JavaScript the form posts natively to our API on its own origin (VITE_API_URL),
    // which then sends the browser back here (server/native-form/native-form-plugin.ts).
    ['form-action', ["'self'", ...connectSrc]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, sources]) => [name, ...sources].join(' ')).join(';');
}

/** Every security header, by lower-case name, in the order they are sent. */
export function securityHeaderSet(options: SiteHeaderOptions): [string, string][] {
  return [
    ['content-security-policy', contentSecurityPolicy(options)],
    ['cross-origin-opener-policy', 'same-origin'],
    ['cross-origin-resource-policy', 'same-origin'],
    // Lets the browser give the site a process of its own.
    ['origin-agent-cluster', '?1'],
    ['referrer-policy', 'strict-origin-when-cross-origin'],
    ...(options.hsts
      ? [['strict-transport-security', `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`]]
      : []),
    ['x-content-type-options', 'nosniff'],
    ['x-dns-prefetch-control', 'off'],
    ['x-download-options', 'noopen'],
    // frame-ancestors 'none' says it for current browsers; this says it for old ones.
    ['x-frame-options', 'DENY'],
    ['x-permitted-cross-domain-policies', 'none'],
    // The legacy XSS auditor did more harm than good; 0 switches it off where it still exists.
    ['x-xss-protection', '0'],
    ['permissions-policy', PERMISSIONS_POLICY],
  ] as [string, string][];
}

/** Vite names everything under /assets/ by content hash: a changed file is a new URL. */
export const HASHED_ASSETS_PATH = '/assets/';
export const CACHE_FOREVER = 'public, max-age=31536000, immutable';
/** Everything else (index.html, robots.txt, images named by role) may change at any deploy. */
const CACHE_REVALIDATE = 'no-cache';

/** The agency's inbox (docs/inbox.md): never indexed, never kept by a cache. */
export const INBOX_NOINDEX: [string, string] = ['x-robots-tag', 'noindex'];
/**
 * Its service worker (docs/alerts.md) may be kept but is checked at every
 * visit, as browsers expect of a worker script; the rest of the inbox is
 * never stored by an HTTP cache (the worker keeps the shell itself).
 */
export const INBOX_WORKER_PATH = '/inbox/sw.js';
export function inboxCacheControl(urlPath: string): string {
  return urlPath === INBOX_WORKER_PATH ? CACHE_REVALIDATE : 'no-store';
}

/** The cache rule for a file of the site, by its URL path. */
function cacheControlFor(urlPath: string): string {
  return urlPath.startsWith(HASHED_ASSETS_PATH) ? CACHE_FOREVER : CACHE_REVALIDATE;
}

/** The headers a path gets besides the security set: its cache rule, and the inbox's noindex. */
export function pathHeadersFor(urlPath: string): [string, string][] {
  if (urlPath.startsWith(INBOX_PATH)) {
    return [['cache-control', inboxCacheControl(urlPath)], INBOX_NOINDEX];
  }
  return [['cache-control', cacheControlFor(urlPath)]];
}

/** The hashes scripts/build.mjs wrote; none (so no inline script runs) before a build. */
export function readScriptHashes(distDir: string): string[] {
  const file = resolve(distDir, 'csp-hashes.json');
  if (!existsSync(file)) return [];
  const { scriptSrc } = JSON.parse(readFileSync(file, 'utf8')) as { scriptSrc?: unknown };
  if (!Array.isArray(scriptSrc) || !scriptSrc.every((hash) => /^'sha(256|384|512)-/.test(hash))) {
    throw new Error(`${file} must hold { "scriptSrc": ["'sha256-…'", …] }`);
  }
  return scriptSrc as string[];
}
