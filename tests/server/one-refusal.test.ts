import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { nativeFormPageCopy } from '../../shared/copy/native-form-pages.ts';
import { startServer } from '../../server/start.ts';
import {
  countRows,
  describeEachBackend,
  describeOnEmbedded,
  freshBackend,
  testApp,
  type TestApp,
} from './support/backends.ts';
import { send, VALID } from '../support/requests.ts';

/** Low, so each side's limit is reached in a few requests; the other side stays far above it. */
const LIMIT = 2;
const HIGH = 10_000;

/**
 * A message of its own per post: the native form stores the same name, email
 * and message once in 10 minutes (20261124010000_submission_key.sql).
 */
let posted = 0;
const another = () => ({ ...VALID, message: `${VALID.message} (${++posted})` });

/** As the page sends it: with a fresh proof of work. */
const json = (app: FastifyInstance, from: string) =>
  send(app, { body: another(), remoteAddress: from });

/** The form without JavaScript: no proof (its rows are stored unverified). */
const form = (app: FastifyInstance, from: string) =>
  app.inject({
    method: 'POST',
    url: '/contact',
    remoteAddress: from,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(another()).toString(),
  });

/** What a client can tell about a refusal: status, code, words and when to come back. */
function refusal(response: LightMyRequestResponse) {
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  const isJson = String(response.headers['content-type']).startsWith('application/json');
  if (!isJson) {
    expect(response.body).toContain(nativeFormPageCopy.rateLimited.text);
    return { status: response.statusCode, page: 'rate limited' };
  }
  const body = response.json<Record<string, string>>();
  // The hint names the same seconds as the header.
  expect(body.hint).toBe(`Try again in ${retryAfter} seconds.`);
  return {
    status: response.statusCode,
    code: body.code,
    message: body.message,
    details: body.details,
  };
}

/** The refusal the (LIMIT+1)th request from one address gets, on a fresh address per call. */
let address = 0;
async function overLimit(app: FastifyInstance, send: typeof json) {
  const from = `198.51.100.${++address}`;
  for (let i = 0; i < LIMIT; i++) expect((await send(app, from)).statusCode).toBeLessThan(400);
  return send(app, from);
}

// per backend: the database's refusal arrives as each driver's error; both must match the in-process one.
describeEachBackend('one refusal, one shape, whoever refuses', (kind) => {
  let inProcess: TestApp;
  let inDatabase: TestApp;
  beforeAll(async () => {
    // The server's own limiter refuses first / the database's trigger refuses first.
    inProcess = await testApp(kind, { rateLimitPerMinute: HIGH }, { rateLimitPerMinute: LIMIT });
    inDatabase = await testApp(kind, { rateLimitPerMinute: LIMIT }, { rateLimitPerMinute: HIGH });
  });
  afterAll(() => Promise.all([inProcess?.close(), inDatabase?.close()]));

  it.each([
    ['the JSON insert', json],
    ['the native form', form],
  ])('%s: the same status, code, words and Retry-After', async (_, send) => {
    const before = await countRows(inDatabase.db);
    const byServer = await overLimit(inProcess.app, send);
    const byDatabase = await overLimit(inDatabase.app, send);
    expect(byServer.statusCode).toBe(429);
    expect(refusal(byServer)).toEqual(refusal(byDatabase));
    if (send === json) expect(refusal(byServer)).toMatchObject({ code: 'PT429' });
    expect(await countRows(inDatabase.db)).toBe(before + LIMIT);
  });
});

describeOnEmbedded('RATE_LIMIT_PER_MINUTE is set only when given', (kind) => {
  it('a process started without it leaves the database’s value alone', async () => {
    const backend = await freshBackend(kind);
    const limitAfterStart = async (rateLimitPerMinute?: number) => {
      // No port: only what the start writes into the database is looked at.
      const server = await startServer({
        listen: false,
        ...backend.options,
        distDir: '/nonexistent',
        rateLimitPerMinute,
      });
      const [row] = await server.query('select per_minute from app_private.submission_rate_limit');
      await server.close();
      return row?.per_minute;
    };
    try {
      expect(await limitAfterStart()).toBe(10);
      expect(await limitAfterStart(7)).toBe(7);
      expect(await limitAfterStart()).toBe(7);
    } finally {
      await backend.dispose();
    }
  });
});
