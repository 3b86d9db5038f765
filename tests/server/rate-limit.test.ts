import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, onTestFinished } from 'vitest';
import { buildApp, type AppOptions } from '../../server/app.ts';
import { DatabaseUnavailableError, type Database } from '../../server/db/database.ts';
import { nativeFormPageCopy } from '../../shared/copy/native-form-pages.ts';
import { ERROR_KEYS, TABLE_URL, VALID } from '../support/requests.ts';

/** Counts inserts instead of storing them: the limiter, not the database, is under test. */
function countingDatabase() {
  const database = { inserted: 0, insertSubmission: async () => void database.inserted++ };
  return database;
}

const submit = (app: FastifyInstance, from: string, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: TABLE_URL,
    remoteAddress: from,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(VALID),
  });

/** The app over `database`, a stand-in with what the test needs of one. */
async function appOver<D extends object>(database: D, options: Partial<AppOptions> = {}) {
  const built = await buildApp({
    database: database as unknown as Database,
    distDir: '/nonexistent',
    ...options,
  });
  onTestFinished(() => built.close());
  return { app: built, database };
}

const app = (options: Partial<AppOptions> = {}) => appOver(countingDatabase(), options);

/** A lead as the page sends it: with a fresh key, which a repeat would send again. */
const keyedLead = (site: FastifyInstance) =>
  site.inject({
    method: 'POST',
    url: `${TABLE_URL}?on_conflict=submission_key`,
    remoteAddress: '203.0.113.7',
    headers: { 'content-type': 'application/json', prefer: 'resolution=ignore-duplicates' },
    payload: JSON.stringify({ ...VALID, submission_key: randomUUID() }),
  });

describe('the submission rate limit', () => {
  it('refuses the 11th submission in a minute from one address, in PostgREST’s shape', async () => {
    const { app: site, database } = await app();
    for (let i = 0; i < 10; i++) expect((await submit(site, '203.0.113.7')).statusCode).toBe(201);

    const refused = await submit(site, '203.0.113.7');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = refused.json();
    expect(Object.keys(body).sort()).toEqual(ERROR_KEYS);
    expect(body).toMatchObject({ code: 'PT429', details: 'The limit is 10 per minute.' });
    expect(database.inserted).toBe(10);
  });

  it('counts each address on its own', async () => {
    const { app: site } = await app({ rateLimitPerMinute: 2 });
    await submit(site, '203.0.113.7');
    await submit(site, '203.0.113.7');
    expect((await submit(site, '203.0.113.7')).statusCode).toBe(429);
    expect((await submit(site, '198.51.100.2')).statusCode).toBe(201);
    expect((await submit(site, '2001:db8::1')).statusCode).toBe(201);
  });

  it('never counts the site’s files, nor other API routes', async () => {
    const { app: site } = await app({ rateLimitPerMinute: 1 });
    for (let i = 0; i < 30; i++) {
      await site.inject({ url: '/', remoteAddress: '203.0.113.7' });
      await site.inject({ url: '/assets/index.js', remoteAddress: '203.0.113.7' });
      await site.inject({ url: TABLE_URL, remoteAddress: '203.0.113.7' });
      await site.inject({ url: '/healthz', remoteAddress: '203.0.113.7' });
    }
    expect((await submit(site, '203.0.113.7')).statusCode).toBe(201);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY is set', async () => {
    const { app: direct } = await app({ rateLimitPerMinute: 1 });
    expect((await submit(direct, '203.0.113.7', { 'x-forwarded-for': '1.1.1.1' })).statusCode).toBe(
      201,
    );
    // A forged header does not buy a fresh allowance.
    const forged = await submit(direct, '203.0.113.7', { 'x-forwarded-for': '2.2.2.2' });
    expect(forged.statusCode).toBe(429);
  });

  it('counts the forwarded address behind a trusted proxy', async () => {
    const { app: proxied } = await app({ rateLimitPerMinute: 1, trustProxy: true });
    const proxy = '10.0.0.1';
    expect((await submit(proxied, proxy, { 'x-forwarded-for': '1.1.1.1' })).statusCode).toBe(201);
    expect((await submit(proxied, proxy, { 'x-forwarded-for': '2.2.2.2' })).statusCode).toBe(201);
    expect((await submit(proxied, proxy, { 'x-forwarded-for': '1.1.1.1' })).statusCode).toBe(429);
  });

  it('asks the database nothing before a lead under the limit, only before one it would refuse', async () => {
    // A lookup of the key before every insert cost a third of the rate on PostgreSQL
    // (docs/benchmarks.md).
    const database = Object.assign(countingDatabase(), {
      queries: 0,
      query: async () => {
        database.queries++;
        return [{ stored: false }];
      },
    });
    const { app: site } = await appOver(database, { rateLimitPerMinute: 2 });
    const lead = () => keyedLead(site);
    expect((await lead()).statusCode).toBe(201);
    expect((await lead()).statusCode).toBe(201);
    expect(database.queries).toBe(0);
    expect((await lead()).statusCode).toBe(429);
    expect(database.queries).toBe(1);
  });

  it('answers 503, not 429, at the limit when the database cannot say whether it is a repeat', async () => {
    // A repeat of a stored submission is free; a database that cannot answer whether this is one
    // cannot take it either, and the visitor did not send too many (docs/rate-limit.md).
    const database = {
      down: false,
      insertSubmission: async () => true,
      query: async () => {
        if (database.down) throw new DatabaseUnavailableError(new Error('no answer'));
        return [];
      },
    };
    const { app: site } = await appOver(database, { rateLimitPerMinute: 1 });
    const form = () =>
      site.inject({
        method: 'POST',
        url: '/contact',
        remoteAddress: '203.0.113.7',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ ...VALID }).toString(),
      });
    const lead = () => keyedLead(site);
    expect((await lead()).statusCode).toBe(201);
    expect((await form()).statusCode).toBe(303);

    database.down = true;
    const json = await lead();
    expect(json.statusCode).toBe(503);
    expect(Number(json.headers['retry-after'])).toBeGreaterThan(0);
    const page = await form();
    expect(page.statusCode).toBe(503);
    expect(page.body).toContain(nativeFormPageCopy.unavailable.text);
  });
});
