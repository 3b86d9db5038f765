import { afterAll, beforeAll, expect, it } from 'vitest';
import { submissionReference } from '../../shared/reference.ts';
import { countRows, describeOnEmbedded, testApp, type TestApp } from './support/backends.ts';
import { ERROR_KEYS, send, VALID } from '../support/requests.ts';

/** Where inject() says the request went: Fastify's default Host for it. */
const OWN_ORIGIN = 'http://localhost:80';
const ALLOWED = 'https://www.example.co.uk';
const FORM = new URLSearchParams({ ...VALID, company_website: '' }).toString();
let sent = 0;
/**
 * A message of its own: the native form takes the key of the same name, email
 * and message stored in the last 10 minutes (20261124010000_submission_key.sql),
 * so posting VALID twice stores it once, as it should.
 */
const another = () => ({ ...VALID, message: `${VALID.message} (${++sent})` });

describeOnEmbedded('only the site itself may make a browser submit', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(kind, {}, { corsOrigins: [ALLOWED] });
  });
  afterAll(() => t?.close());

  const postForm = (headers: Record<string, string>, form = FORM) =>
    t.app.inject({
      method: 'POST',
      url: '/contact',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: form,
    });

  it.each([
    ['a body with no Content-Type (a no-cors fetch of a Blob)', { 'content-type': '' }],
    ['text/plain, which needs no preflight either', { 'content-type': 'text/plain' }],
    ['a form encoding', { 'content-type': 'application/x-www-form-urlencoded' }],
  ])('refuses %s on the JSON route with 415 in PostgREST shape', async (_, headers) => {
    const before = await countRows(t.db);
    const response = await send(t.app, { body: VALID, headers });
    expect(response.statusCode, response.body).toBe(415);
    expect(Object.keys(response.json()).sort()).toEqual(ERROR_KEYS);
    expect(await countRows(t.db)).toBe(before);
  });

  it.each([
    ['another origin', { origin: 'http://127.0.0.1:9999' }],
    ['an opaque origin', { origin: 'null' }],
    [
      'another origin that claims same-origin',
      { origin: 'https://evil.example', 'sec-fetch-site': 'same-origin' },
    ],
    ['Sec-Fetch-Site cross-site without Origin', { 'sec-fetch-site': 'cross-site' }],
  ])('refuses a JSON insert from %s with 403, storing nothing', async (_, headers) => {
    const before = await countRows(t.db);
    const response = await send(t.app, { body: VALID, headers });
    expect(response.statusCode, response.body).toBe(403);
    expect(Object.keys(response.json()).sort()).toEqual(ERROR_KEYS);
    expect(await countRows(t.db)).toBe(before);
  });

  it('refuses a native form from another origin with a plain page, storing nothing', async () => {
    const before = await countRows(t.db);
    const response = await postForm({
      origin: 'http://127.0.0.1:9999',
      'sec-fetch-site': 'cross-site',
    });
    expect(response.statusCode).toBe(403);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).not.toContain(VALID.email);
    expect(await countRows(t.db)).toBe(before);
  });

  it.each([
    ['the site itself', { origin: OWN_ORIGIN, 'sec-fetch-site': 'same-origin' }],
    ['an origin CORS_ORIGINS allows', { origin: ALLOWED, 'sec-fetch-site': 'cross-site' }],
    ['no browser at all (no Origin, no Sec-Fetch-Site)', {}],
  ])('accepts both routes from %s', async (_, headers) => {
    const before = await countRows(t.db);
    expect((await send(t.app, { body: another(), headers })).statusCode).toBe(201);
    const form = new URLSearchParams({ ...another(), company_website: '' }).toString();
    const native = await postForm(headers, form);
    expect(native.statusCode).toBe(303);
    expect(await countRows(t.db)).toBe(before + 2);
  });

  it('confirms a page on an allowed origin with the reference, naming that origin, no data in the URL', async () => {
    const words = another();
    const form = new URLSearchParams({ ...words, company_website: '' }).toString();
    const response = await postForm({ origin: ALLOWED, 'sec-fetch-site': 'cross-site' }, form);
    expect(response.statusCode).toBe(303);
    const [row] = await t.db.query(
      'select submission_key::text as key from contact_submissions where message = $1',
      [words.message],
    );
    const reference = submissionReference(String(row!.key));
    expect(response.headers.location).toBe(
      `/contact/sent/${reference}?site=${encodeURIComponent(ALLOWED)}`,
    );
    const page = await t.app.inject({ url: String(response.headers.location) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(reference);
    expect(page.body).not.toContain(words.email);
  });
});

describeOnEmbedded('the site’s own origin behind a TLS proxy', (kind) => {
  const behindProxy = async (trustProxy: boolean | string[]) => {
    const t = await testApp(kind, {}, { trustProxy });
    const response = await t.app.inject({
      method: 'POST',
      url: '/contact',
      remoteAddress: '127.0.0.1',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        host: 'www.example.co.uk',
        'x-forwarded-proto': 'https',
        origin: 'https://www.example.co.uk',
        'sec-fetch-site': 'same-origin',
      },
      payload: FORM,
    });
    await t.close();
    return response.statusCode;
  };

  it('is recognised when the proxy is trusted (its X-Forwarded-Proto says https)', async () => {
    expect(await behindProxy(['127.0.0.1'])).toBe(303);
  });

  it('is taken for another site when it is not, which is why TRUST_PROXY is required there', async () => {
    expect(await behindProxy(false)).toBe(403);
  });
});
