import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import type { Database } from '../../server/db/database.ts';
import { renderHeadersFile } from '../../server/headers/headers-file.ts';
import { headersFor, parseHeadersFile, siteHeaders } from '../support/static-host.ts';

const HASHES = ["'sha256-dGhlbWU='", "'sha256-bG9hZGVy'"];
const API = 'https://api.example.co.uk';
/** One of each kind of file the build publishes. */
const FILES = [
  '/',
  '/index.html',
  '/assets/index-AbC123.js',
  '/images/case-1-400.webp',
  '/robots.txt',
  '/inbox/',
  '/inbox/index.html',
  '/inbox/sw.js',
];

/** The app serves files here; no submission is made. */
const UNUSED = {} as unknown as Database;

/**
 * dist/_headers against the server, on a small dist/ made here: fast and
 * without a build (tests/e2e/static-hosting.spec.ts does it on a real build).
 */
describe('dist/_headers', () => {
  let dist: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'dist-'));
    mkdirSync(join(dist, 'assets'));
    mkdirSync(join(dist, 'images'));
    mkdirSync(join(dist, '.vite'));
    mkdirSync(join(dist, 'inbox'));
    writeFileSync(join(dist, 'inbox', 'index.html'), '<!doctype html><title>Inbox</title>');
    writeFileSync(join(dist, 'inbox', 'sw.js'), 'self.addEventListener("push", () => {})');
    writeFileSync(join(dist, 'inbox', 'sw.js.br'), 'compressed');
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Site</title>');
    writeFileSync(join(dist, 'index.html.br'), 'compressed');
    writeFileSync(join(dist, 'assets', 'index-AbC123.js'), 'console.log(1)');
    writeFileSync(join(dist, 'images', 'case-1-400.webp'), 'webp');
    writeFileSync(join(dist, 'robots.txt'), 'User-agent: *');
    writeFileSync(join(dist, '.vite', 'manifest.json'), '{}');
    writeFileSync(join(dist, 'csp-hashes.json'), JSON.stringify({ scriptSrc: HASHES }));
    // As a static host serves it: over TLS, which our server knows only behind a proxy.
    app = await buildApp({ database: UNUSED, distDir: dist, connectSrc: [API], trustProxy: true });
  });
  afterAll(async () => {
    await app?.close();
    if (dist) rmSync(dist, { recursive: true, force: true });
  });

  it.each(FILES)('gives %s exactly the headers the server sends', async (path) => {
    const rules = parseHeadersFile(renderHeadersFile(dist, [API]));
    const response = await app.inject(path);
    expect(response.statusCode).toBe(200);
    expect(headersFor(rules, path)).toEqual(siteHeaders(Object.entries(response.headers)));
  });

  it('makes hashed assets immutable and everything else revalidate', () => {
    const rules = parseHeadersFile(renderHeadersFile(dist, [API]));
    expect(headersFor(rules, '/assets/index-AbC123.js')['cache-control']).toMatch(/immutable/);
    for (const path of ['/', '/index.html', '/images/case-1-400.webp', '/robots.txt']) {
      expect(headersFor(rules, path)['cache-control'], path).toBe('no-cache');
    }
  });

  it('keeps the inbox out of search engines and caches, on the server and a static host', async () => {
    const rules = parseHeadersFile(renderHeadersFile(dist, [API]));
    for (const path of ['/inbox/', '/inbox/index.html']) {
      const response = await app.inject(path);
      expect(response.headers['x-robots-tag'], path).toBe('noindex');
      expect(response.headers['cache-control'], path).toBe('no-store');
      expect(headersFor(rules, path)['x-robots-tag'], path).toBe('noindex');
      expect(headersFor(rules, path)['cache-control'], path).toBe('no-store');
    }
    // Its service worker is checked at every visit, as browsers expect, in any encoding.
    for (const encoding of ['identity', 'br']) {
      const response = await app.inject({
        url: '/inbox/sw.js',
        headers: { 'accept-encoding': encoding },
      });
      expect(response.headers['cache-control'], encoding).toBe('no-cache');
      expect(response.headers['x-robots-tag'], encoding).toBe('noindex');
    }
    expect(headersFor(rules, '/inbox/sw.js')['cache-control']).toBe('no-cache');
    // The rule is there before the inbox is built, so no deploy serves it without.
    const empty = mkdtempSync(join(tmpdir(), 'dist-'));
    try {
      const early = parseHeadersFile(renderHeadersFile(empty, [API]));
      expect(headersFor(early, '/inbox/')['x-robots-tag']).toBe('noindex');
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('names the API in connect-src and the inline scripts in script-src', () => {
    const policy = headersFor(parseHeadersFile(renderHeadersFile(dist, [API])), '/')[
      'content-security-policy'
    ];
    expect(policy).toContain(`connect-src 'self' ${API} ${API.replace('https:', 'wss:')};`);
    expect(policy).toContain(`script-src 'self' ${HASHES.join(' ')};`);
  });

  it('lists no build records, precompressed copies or itself', () => {
    const text = renderHeadersFile(dist, [API]);
    expect(text).not.toMatch(/\.vite|\.br\b|csp-hashes|_headers/);
  });
});
