import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import type { Database } from '../../server/db/database.ts';
import { send, VALID } from '../support/requests.ts';

const HASHES = ["'sha256-dGhlbWU='", "'sha256-bG9hZGVy'"];

/** Inserts succeed without a database: these tests are about headers only. */
const ACCEPTING = { insertSubmission: async () => {} } as unknown as Database;

function makeDist(): string {
  const dist = mkdtempSync(join(tmpdir(), 'dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Site</title>');
  writeFileSync(join(dist, 'csp-hashes.json'), JSON.stringify({ scriptSrc: HASHES }));
  return dist;
}

/** The policy as a map from directive to its sources. */
function directives(response: LightMyRequestResponse): Map<string, string[]> {
  const policy = String(response.headers['content-security-policy']);
  return new Map(
    policy.split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

describe('security headers', () => {
  let dist: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dist = makeDist();
    app = await buildApp({
      database: ACCEPTING,
      distDir: dist,
      connectSrc: ['https://abc.supabase.co'],
    });
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const responses = () => ({
    'the page': app.inject('/'),
    // No proof of work: this stand-in database issues no challenge and checks none.
    'a submission': send(app, { body: VALID, proof: false }),
    'a refused request': send(app, { method: 'GET' }),
  });

  it.each(['the page', 'a submission', 'a refused request'] as const)(
    'are sent with %s',
    async (which) => {
      const response = await responses()[which];
      expect(response.statusCode).toBeLessThan(500);
      expect(response.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'cross-origin-opener-policy': 'same-origin',
        'x-frame-options': 'DENY',
      });
      expect(response.headers['permissions-policy']).toMatch(/camera=\(\).*microphone=\(\)/);
      expect(response.headers['strict-transport-security']).toBeUndefined();

      const csp = directives(response);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('script-src')).toEqual(["'self'", ...HASHES]);
      expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
      expect(csp.get('img-src')).toEqual(["'self'", 'data:']);
      // Its Realtime WebSocket too: an https source matches no wss: URL.
      expect(csp.get('connect-src')).toEqual([
        "'self'",
        'https://abc.supabase.co',
        'wss://abc.supabase.co',
      ]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      // The page may send to the same places either way: fetch or, without JavaScript, a form.
      expect(csp.get('form-action')).toEqual(["'self'", 'https://abc.supabase.co']);
      expect(csp.get('object-src')).toEqual(["'none'"]);
    },
  );

  it('never let scripts run inline or from strings', async () => {
    const policy = String((await app.inject('/')).headers['content-security-policy']);
    expect(policy).not.toContain('unsafe-eval');
    expect(directives(await app.inject('/')).get('script-src')).not.toContain("'unsafe-inline'");
  });

  it('include HSTS only behind a trusted proxy, which terminates TLS', async () => {
    const proxied = await buildApp({ database: ACCEPTING, distDir: dist, trustProxy: true });
    try {
      const response = await proxied.inject('/');
      expect(response.headers['strict-transport-security']).toMatch(/^max-age=\d{8}/);
    } finally {
      await proxied.close();
    }
  });

  it('allow only this origin to connect, and no inline script, before a build', async () => {
    const unbuilt = await buildApp({ database: ACCEPTING, distDir: '/nonexistent' });
    try {
      const csp = directives(await send(unbuilt, { method: 'GET' }));
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('connect-src')).toEqual(["'self'"]);
    } finally {
      await unbuilt.close();
    }
  });
});
