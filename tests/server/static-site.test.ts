import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import type { Database } from '../../server/db/database.ts';

const INDEX = '<!doctype html><title>Site</title><h1>Every Day You Wait Costs You More</h1>';
const SCRIPT = 'console.log("hydrate")';

/** The routes under test never reach the database. */
const NO_DATABASE = {} as Database;

/** A tiny dist/ as `npm run build` lays it out, precompressed copies included. */
function makeDist(): string {
  const dist = mkdtempSync(join(tmpdir(), 'dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'index.html.br'), brotliCompressSync(INDEX));
  writeFileSync(join(dist, 'index.html.gz'), gzipSync(INDEX));
  writeFileSync(join(dist, 'assets', 'index-AbC123.js'), SCRIPT);
  writeFileSync(join(dist, 'assets', 'index-AbC123.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(dist, 'robots.txt'), 'User-agent: *\n');
  // What tooling leaves in a build directory: never part of the site.
  mkdirSync(join(dist, '.vite'));
  writeFileSync(join(dist, '.vite', 'manifest.json'), '{"src/main.tsx": {}}');
  writeFileSync(join(dist, '.env'), 'SECRET=1');
  return dist;
}

describe('the prerendered site', () => {
  let dist: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dist = makeDist();
    app = await buildApp({ database: NO_DATABASE, distDir: dist });
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html at /, revalidated on every visit', async () => {
    const response = await app.inject({ url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(INDEX);
  });

  it('sends the brotli copy to a browser that accepts it', async () => {
    const response = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, br' } });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.rawPayload).toEqual(brotliCompressSync(INDEX));
  });

  it('says that every file varies by Accept-Encoding, compressed or not', async () => {
    for (const headers of [{ 'accept-encoding': 'br' }, { 'accept-encoding': 'gzip' }, {}]) {
      for (const url of ['/', '/assets/index-AbC123.js', '/robots.txt']) {
        const response = await app.inject({ url, headers });
        expect(response.statusCode).toBe(200);
        expect(response.headers.vary).toMatch(/accept-encoding/i);
      }
    }
  });

  it('serves no dotfiles', async () => {
    for (const url of ['/.vite/manifest.json', '/.env', '/assets/../.env']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('SECRET');
      expect(response.body).not.toContain('src/main.tsx');
    }
  });

  it('caches hashed assets for a year', async () => {
    const response = await app.inject({ url: '/assets/index-AbC123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toBe(SCRIPT);
  });

  it('answers 404 for what is not there', async () => {
    expect((await app.inject({ url: '/wp-admin.php' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/../../etc/passwd' })).statusCode).toBe(404);
  });

  it('keeps /rest/v1 for the API', async () => {
    for (const url of ['/rest/v1', '/rest/v1/', '/rest/v1/anything/else']) {
      expect((await app.inject({ url })).json().code, url).toBe('PGRST127');
    }
  });
});

describe('without a build', () => {
  it('serves the API alone', async () => {
    const app = await buildApp({ database: NO_DATABASE, distDir: '/nonexistent' });
    expect((await app.inject({ url: '/' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/rest/v1/contact_submissions' })).json().code).toBe(
      'PGRST127',
    );
    await app.close();
  });
});
