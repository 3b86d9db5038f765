import { afterAll, beforeAll, expect, it } from 'vitest';
import { SMALL_BODY_BYTES } from '../../server/app.ts';
import { MAX_BODY_BYTES } from '../../server/rest/rest-plugin.ts';
import { LIMITS } from '../../shared/validation.ts';
import { countRows, describeOnEmbedded, testApp, type TestApp } from './support/backends.ts';
import { send, TABLE_URL, VALID } from '../support/requests.ts';
import { proofFrom } from '../support/proof.ts';

/** Only the insert reads a body as large as a maximal submission; every other route reads a small one. */
describeOnEmbedded('body limits', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(kind);
  });
  afterAll(() => t?.close());

  const justOver = JSON.stringify({ padding: 'x'.repeat(SMALL_BODY_BYTES) });

  it.each([
    ['the site root', 'POST', '/'],
    ['the health check', 'POST', '/healthz'],
    ['another table', 'POST', '/rest/v1/users'],
    ['an update of the table', 'PATCH', TABLE_URL],
  ] as const)('refuses a body over %s’s small limit', async (_, method, url) => {
    const response = await send(t.app, { method, url, raw: justOver });
    expect(response.statusCode).toBe(413);
  });

  it('stores the largest valid submission, escaped as heavily as JSON allows', async () => {
    const before = await countRows(t.db);
    const largest = {
      name: '😀'.repeat(LIMITS.name.max),
      email: `${'a'.repeat(LIMITS.email.max - 12)}@example.com`,
      message: '😀'.repeat(LIMITS.message.max),
      proof: await proofFrom(t.app),
    };
    // Every code point as an escaped surrogate pair, as some encoders write it.
    const raw = JSON.stringify(largest).replace(
      /[^\x20-\x7e]/g,
      (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
    expect(Buffer.byteLength(raw)).toBeLessThanOrEqual(MAX_BODY_BYTES);
    expect(Buffer.byteLength(raw)).toBeGreaterThan(SMALL_BODY_BYTES * 16);
    expect((await send(t.app, { raw })).statusCode).toBe(201);
    expect((await send(t.app, { body: VALID })).statusCode).toBe(201);
    expect(await countRows(t.db)).toBe(before + 2);
  });
});
