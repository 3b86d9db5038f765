import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';

/**
 * A plain static file host that applies dist/_headers as Netlify and
 * Cloudflare Pages do: a rule is an exact path or a prefix ending in `*`, every
 * matching rule applies, and a header two rules set is joined with a comma.
 * Nothing else: no security header or cache rule of its own.
 */

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.avif': 'image/avif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.woff2': 'font/woff2',
};

/** What any host or server adds for a file by itself; not part of the site's header set. */
const TRANSPORT_HEADERS = new Set([
  'accept-ranges',
  'connection',
  'content-encoding',
  'content-length',
  'content-type',
  'date',
  'etag',
  'keep-alive',
  'last-modified',
  'transfer-encoding',
  'vary',
]);

/** The site's own headers in a response: everything but the transport ones. */
export function siteHeaders(headers: Iterable<[string, unknown]>): Record<string, string> {
  return Object.fromEntries(
    [...headers]
      .filter(([name]) => !TRANSPORT_HEADERS.has(name.toLowerCase()))
      .map(([name, value]) => [name.toLowerCase(), String(value)]),
  );
}

export type HeaderRules = [pattern: string, headers: [string, string][]][];

/** The rules of a _headers file, in order. */
export function parseHeadersFile(text: string): HeaderRules {
  const rules: HeaderRules = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trimStart().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push([line.trim(), []]);
      continue;
    }
    const rule = rules.at(-1);
    const colon = line.indexOf(':');
    if (!rule || colon < 0) throw new Error(`_headers: a header outside a rule: "${line}"`);
    rule[1].push([line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()]);
  }
  return rules;
}

/** The headers the rules give a URL path, by lower-case name. */
export function headersFor(rules: HeaderRules, path: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [pattern, ruleHeaders] of rules) {
    const matches = pattern.endsWith('*')
      ? path.startsWith(pattern.slice(0, -1))
      : path === pattern;
    if (!matches) continue;
    for (const [name, value] of ruleHeaders) {
      headers[name] = headers[name] ? `${headers[name]}, ${value}` : value;
    }
  }
  return headers;
}

export interface StaticHost {
  /** Its origin, e.g. http://127.0.0.1:41234 (no trailing slash). */
  url: string;
  close(): Promise<void>;
}

/**
 * Serves `root` on a free loopback port. Files and _headers are read per
 * request, so the host may start before the build that fills `root`.
 */
export async function startStaticHost(root: string): Promise<StaticHost> {
  const base = resolve(root);
  const server: Server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://host').pathname);
    // A directory's index.html, as every static host serves /contact/sent/.
    const file = normalize(join(base, path.endsWith('/') ? `${path}index.html` : path));
    const headersFile = join(base, '_headers');
    const published =
      file.startsWith(base + sep) &&
      !path.split('/').some((part) => part.startsWith('.') || part === '_headers');
    if (!published || !existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    const rules = existsSync(headersFile)
      ? parseHeadersFile(readFileSync(headersFile, 'utf8'))
      : [];
    response.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      ...headersFor(rules, path),
    });
    response.end(request.method === 'HEAD' ? undefined : readFileSync(file));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
