/**
 * dist/_headers: the headers file Netlify and Cloudflare Pages read, holding
 * the same security headers and cache rules the server sends (both come from
 * server/headers/site-headers.ts). scripts/build.mjs writes it.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { INBOX_PATH } from '../../shared/paths.ts';
import {
  CACHE_FOREVER,
  HASHED_ASSETS_PATH,
  INBOX_NOINDEX,
  INBOX_WORKER_PATH,
  inboxCacheControl,
  pathHeadersFor,
  readScriptHashes,
  securityHeaderSet,
} from './site-headers.ts';

export const HEADERS_FILE = '_headers';

/** What the host never serves as a page's file: this file, and the server's own inputs. */
const NOT_SERVED = new Set([HEADERS_FILE, 'csp-hashes.json']);
/** The precompressed copies are for our server; a static host compresses on its own. */
const PRECOMPRESSED = /\.(br|gz)$/;

/**
 * Rules by path. Every path gets the security headers (`/*`); the cache rule
 * is stated once per path, because hosts join a header two rules both set
 * (Cloudflare with a comma), which would make no-cache and immutable one value.
 */
export function renderHeadersFile(distDir: string, connectSrc: string[]): string {
  // A static host always serves over TLS, so HSTS is as safe as behind our TLS proxy.
  const security = securityHeaderSet({
    scriptHashes: readScriptHashes(distDir),
    connectSrc,
    hsts: true,
  });
  const rules: [string, [string, string][]][] = [
    ['/*', security],
    [`${HASHED_ASSETS_PATH}*`, [['cache-control', CACHE_FOREVER]]],
  ];
  const paths = new Set(['/', ...servedPaths(distDir)]);
  for (const path of [...paths].sort()) {
    if (!path.startsWith(HASHED_ASSETS_PATH)) rules.push([path, pathHeadersFor(path)]);
  }
  // The inbox: noindex for all of it, then one cache rule per file (its worker's differs, and
  // a second rule for the same path would be joined to the first). Written even before the
  // inbox is built: its headers never depend on it.
  rules.push([`${INBOX_PATH}*`, [INBOX_NOINDEX]]);
  const inboxPaths = new Set([
    INBOX_PATH,
    `${INBOX_PATH}index.html`,
    INBOX_WORKER_PATH,
    ...inboxFiles(distDir),
  ]);
  for (const path of [...inboxPaths].sort()) {
    rules.push([path, [['cache-control', inboxCacheControl(path)]]]);
  }
  const lines = [
    '# Written by scripts/build.mjs from server/headers/site-headers.ts, the set the server',
    '# sends: edit that module and rebuild, never this file.',
  ];
  for (const [path, headers] of rules) {
    lines.push(path, ...headers.map(([name, value]) => `  ${name}: ${value}`));
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The paths a static host publishes from dist/, as rules: each top-level file
 * by name and each directory as a whole (`/images/*`), in a stable order.
 */
function servedPaths(distDir: string): string[] {
  const paths: string[] = [];
  for (const entry of readdirSync(distDir, { withFileTypes: true })) {
    // Dot-directories (Vite's .vite/manifest.json) are build records, not the site.
    if (entry.name.startsWith('.') || NOT_SERVED.has(entry.name)) continue;
    if (`/${entry.name}/` === INBOX_PATH) continue;
    if (entry.isDirectory()) paths.push(`/${entry.name}/*`);
    else if (!PRECOMPRESSED.test(entry.name)) paths.push(`/${entry.name}`);
  }
  return paths.sort();
}

/** The inbox's own files (its page, manifest, worker, icons), one level deep as the build writes them. */
function inboxFiles(distDir: string): string[] {
  const dir = join(distDir, INBOX_PATH);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && !PRECOMPRESSED.test(entry.name))
    .map((entry) => `${INBOX_PATH}${entry.name}`);
}
