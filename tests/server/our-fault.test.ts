import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import type { Database } from '../../server/db/database.ts';
import {
  countRows,
  describeOnEmbedded,
  TEST_RATE_LIMIT,
  testApp,
  type TestApp,
} from './support/backends.ts';
import { capturedLog } from './support/captured-log.ts';
import { ERROR_KEYS, send, VALID } from '../support/requests.ts';

/**
 * A bug of ours is a 500, so monitoring that watches for 5xx sees it, in
 * PostgREST's shape, with a reference that finds the full error in the log.
 */
describeOnEmbedded('a fault of ours', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(kind);
  });
  afterAll(() => t?.close());

  it('is a 500 whose reference is in the log with the error', async () => {
    const log = capturedLog();
    const broken: Database = {
      ...t.db,
      insertSubmission: async () => {
        throw new TypeError('batch.map is not a function');
      },
    };
    const app = await buildApp({
      database: broken,
      distDir: '/nonexistent',
      logger: log.stream,
      rateLimitPerMinute: TEST_RATE_LIMIT,
    });
    const before = await countRows(t.db);
    const response = await send(app, { body: VALID });
    await app.close();

    expect(response.statusCode).toBe(500);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(ERROR_KEYS);
    const reference = response.headers['error-reference'];
    expect(reference).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.details).toContain(reference);
    expect(await countRows(t.db)).toBe(before);

    const logged = log.lines().find((line) => line.reference === reference);
    expect(logged).toMatchObject({
      level: 50,
      error: { type: 'TypeError', message: 'batch.map is not a function' },
    });
    expect(String((logged?.error as { stack: string }).stack)).toContain('our-fault.test.ts');
  });
});
