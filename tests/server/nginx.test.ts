import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import WebSocket from 'ws';
import { afterAll, beforeAll, expect, it, onTestFinished } from 'vitest';
import { KEEP_ALIVE_TIMEOUT_MS, SMALL_BODY_BYTES } from '../../server/app.ts';
import { MAX_BODY_BYTES } from '../../server/rest/rest-plugin.ts';
import { LIMITS } from '../../shared/validation.ts';
import { freshBackend, type Backend } from './support/backends.ts';
import { spawnServer, type ChildServer } from '../support/child-server.ts';
import { describeWithNginx, startNginx, type RunningNginx } from '../support/nginx.ts';
import { TABLE_URL, VALID } from '../support/requests.ts';
import { Visitor } from '../support/visitor.ts';
import { until } from '../support/until.ts';

const INDEX = '<!doctype html><title>Foreland</title><h1>Websites that work</h1>';

it('closes an idle connection to an instance before the instance does', () => {
  // A race too narrow to provoke (a request sent as the app closes the connection), so the
  // file is read: the upstream's keepalive_timeout must be under the app's, and nginx's
  // default (60 s) is not.
  const upstream = /^upstream foreland_app \{([^}]*)\}/m.exec(
    readFileSync('deploy/nginx.conf', 'utf8'),
  )?.[1];
  const seconds = Number(/^\s*keepalive_timeout (\d+)s;$/m.exec(upstream ?? '')?.[1] ?? 60);
  expect(seconds * 1000).toBeLessThan(KEEP_ALIVE_TIMEOUT_MS);
});

// deploy/nginx.conf, run by Debian's nginx, in front of one instance (the one-VPS setup).
describeWithNginx('deploy/nginx.conf in front of one instance', () => {
  let backend: Backend;
  let dist: string;
  let server: ChildServer;
  let nginx: RunningNginx;
  /** A visitor from `address`, for the running test: its connections closed when it finishes. */
  const visitor = (address: string) => {
    const created = new Visitor(nginx, address);
    onTestFinished(() => created.close());
    return created;
  };

  beforeAll(async () => {
    backend = await freshBackend('embedded');
    dist = mkdtempSync(join(tmpdir(), 'dist-'));
    writeFileSync(join(dist, 'index.html'), INDEX);
    writeFileSync(join(dist, 'index.html.br'), brotliCompressSync(INDEX));
    server = await spawnServer({
      DATA_DIR: backend.options.dataDir,
      DIST_DIR: dist,
      // docs/deploying.md's value for this file: believe only the address nginx appends.
      TRUST_PROXY: '127.0.0.1',
      RATE_LIMIT_PER_MINUTE: '2',
    });
    nginx = await startNginx([Number(new URL(server.url).port)]);
  }, 120_000);
  afterAll(async () => {
    await nginx?.stop();
    server?.child.kill('SIGTERM');
    await backend?.dispose();
    rmSync(dist, { recursive: true, force: true });
  });

  it('passes the live inbox’s Realtime WebSocket through to the app, upgraded', async () => {
    const socket = new WebSocket(
      `${nginx.httpsUrl.replace('https:', 'wss:')}/realtime/v1/websocket?vsn=1.0.0`,
      { ca: nginx.ca },
    );
    onTestFinished(() => socket.terminate());
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const reply = new Promise<string>((resolve) =>
      socket.once('message', (data: Buffer) => resolve(data.toString())),
    );
    socket.send(JSON.stringify({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: '1' }));
    expect(JSON.parse(await reply)).toMatchObject({
      topic: 'phoenix',
      event: 'phx_reply',
      ref: '1',
      payload: { status: 'ok' },
    });
  });

  it('redirects plain HTTP to HTTPS', async () => {
    const response = await fetch(`${nginx.httpUrl}/contact?x=1`, { redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toMatch(/^https:\/\/[^/]+\/contact\?x=1$/);
  });

  it('logs paths only: a search term in an inbox read never reaches the access log', async () => {
    const read = await visitor('127.0.0.5').fetch(
      '/rest/v1/inbox_list?select=*&search=fts(simple).zebracrossing:*',
    );
    expect(read.status).toBe(401);
    const log = await until(
      () => nginx.accessLog(),
      10_000,
      'the read in the access log',
      (text) => text.includes('/rest/v1/inbox_list'),
    );
    expect(log).not.toContain('zebracrossing');
    expect(log).not.toContain('?');
  });

  it('serves the site over TLS with the app’s own brotli copy and HSTS', async () => {
    const page = await visitor('127.0.0.2').fetch('/', { headers: { 'accept-encoding': 'br' } });
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });

  it('lets a forged X-Forwarded-For move no visitor to a fresh rate-limit bucket', async () => {
    const mallory = visitor('127.0.0.3');
    expect((await mallory.submit('Mallory 1')).status).toBe(201);
    expect((await mallory.submit('Mallory 2')).status).toBe(201);
    for (const forged of ['203.0.113.9', '127.0.0.1', '198.51.100.1, 203.0.113.10']) {
      const refused = await mallory.submit('Mallory again', { 'x-forwarded-for': forged });
      expect(refused.status, `forged ${forged}`).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
    }
    // Another visitor behind the same proxy keeps their own allowance.
    expect((await visitor('127.0.0.4').submit('Alice')).status).toBe(201);
  });

  it('passes the largest valid submission however encoded, and refuses a bigger body itself', async () => {
    const client = visitor('127.0.0.5');
    const post = (body: string) =>
      client.fetch(TABLE_URL, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
    // Every character as an escaped surrogate pair, 12 bytes each: the most a valid row can take.
    const escaped = (count: number) => '\\ud83d\\ude00'.repeat(count);
    const largestValid = `{"name":"${escaped(LIMITS.name.max)}","email":"${VALID.email}","message":"${escaped(LIMITS.message.max)}","proof":"${await client.proof()}"}`;
    expect((await post(largestValid)).status).toBe(201);
    // Over the app's limit: nginx answers 413 itself, never a 502 for a body the app cut short.
    for (const bytes of [MAX_BODY_BYTES + 100, 200_000]) {
      const refused = await post(JSON.stringify({ ...VALID, message: 'x'.repeat(bytes) }));
      expect(refused.status).toBe(413);
      expect(refused.body).toContain('nginx');
    }
  });

  it('refuses a body over a route’s small limit itself, and still passes a long form post', async () => {
    const client = visitor('127.0.0.6');
    // Over the app's 1 KiB for routes that read no body: the app would close the connection
    // while nginx still writes, a 502 that also takes the instance out of the upstream.
    const oversized = JSON.stringify({ padding: 'x'.repeat(4 * SMALL_BODY_BYTES) });
    for (const path of ['/inbox/', '/auth/v1/otp', '/rest/v1/inbox_list']) {
      const refused = await client.fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: oversized,
      });
      expect(refused.status, path).toBe(413);
      expect(refused.body, path).toContain('nginx');
    }
    // The form without JavaScript keeps the submission's limit.
    const form = new URLSearchParams({ ...VALID, message: 'é'.repeat(LIMITS.message.max) });
    const stored = await client.fetch('/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    expect(stored.status).toBe(303);
    // The inbox's functions keep theirs: a reply of 10,000 escaped characters reaches the app,
    // which refuses it only for want of a session.
    const reply = `{"lead_id":1,"body":"${'\\ud83d\\ude00'.repeat(10_000)}"}`;
    const unsigned = await client.fetch('/rest/v1/rpc/inbox_send_reply', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: reply,
    });
    expect(reply.length).toBeGreaterThan(69 * 1024);
    expect(unsigned.status).toBe(401);
  });
});
