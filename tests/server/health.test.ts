import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachBackend, testApp, type TestApp } from './support/backends.ts';

// per backend: a closed PGlite and an ended pg pool fail in their own ways; each must read as 503.
describeEachBackend('GET /healthz', (kind) => {
  let site: TestApp;
  beforeAll(async () => {
    site = await testApp(kind);
  });
  afterAll(() => site?.close());

  it('answers 200 ok while the database answers', async () => {
    const response = await site.app.inject('/healthz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 once the database is gone', async () => {
    await site.db.close();
    const response = await site.app.inject('/healthz');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable' });
  });
});

describe('GET /healthz with a database that never answers', () => {
  it('answers 503 once its probe times out, instead of hanging', async () => {
    const { buildApp } = await import('../../server/app.ts');
    // A query that never settles: only the probe's own timeout can produce an answer.
    const hanging = { query: () => new Promise(() => {}) };
    const app = await buildApp({ database: hanging as never, distDir: '/nonexistent' });
    const response = await app.inject('/healthz');
    await app.close();
    expect(response.statusCode).toBe(503);
  });
});
