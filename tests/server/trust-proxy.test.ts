import type { FastifyInstance } from 'fastify';
import { describe, expect, it, onTestFinished } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { ConfigError } from '../../settings/config-error.ts';
import { parseServerConfig } from '../../server/settings/read-settings.ts';
import type { Database } from '../../server/db/database.ts';
import type { TrustProxy } from '../../server/trust-proxy.ts';
import { TABLE_URL, VALID } from '../support/requests.ts';

const trustOf = (value: string) => parseServerConfig({ TRUST_PROXY: value }).trustProxy;

describe('TRUST_PROXY', () => {
  it.each([
    ['', false],
    ['false', false],
    ['0', false],
    [' TRUE ', true],
    ['1', 1],
    ['2', 2],
    ['127.0.0.1', ['127.0.0.1']],
    ['10.0.0.0/8, 127.0.0.1', ['10.0.0.0/8', '127.0.0.1']],
    ['::1,fd00::/8', ['::1', 'fd00::/8']],
    ['loopback', ['loopback']],
  ])('reads %j as %j', (value, expected) => {
    expect(trustOf(value)).toEqual(expected);
  });

  it.each([
    ['yes', 'not an address or CIDR: "yes"'],
    ['127.0.0.1, nginx', 'not an address or CIDR: "nginx"'],
    ['10.0.0.0/33', '"10.0.0.0/33"'],
    ['127.0.0.1,', 'not an address or CIDR: ""'],
    ['50', 'TRUST_PROXY hop count must be 1 to 10, got 50'],
  ])('refuses %j, saying what it accepts', (value, problem) => {
    expect(() => trustOf(value)).toThrow(ConfigError);
    expect(() => trustOf(value)).toThrow(problem);
    if (!/^\d+$/.test(value)) expect(() => trustOf(value)).toThrow('a hop count');
  });
});

/** Counts inserts: the address the limiter counts is under test, not the database. */
const ACCEPTING = { insertSubmission: async () => {} } as unknown as Database;

async function behind(trustProxy: TrustProxy) {
  const app = await buildApp({
    database: ACCEPTING,
    distDir: '/nonexistent',
    rateLimitPerMinute: 1,
    trustProxy,
  });
  onTestFinished(() => app.close());
  return app;
}

/** nginx on loopback appends the visitor's real address to whatever X-Forwarded-For they sent. */
const throughNginx = (app: FastifyInstance, visitor: string, forged?: string) =>
  app.inject({
    method: 'POST',
    url: TABLE_URL,
    remoteAddress: '127.0.0.1',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': forged ? `${forged}, ${visitor}` : visitor,
    },
    payload: JSON.stringify(VALID),
  });

describe('behind nginx appending to X-Forwarded-For', () => {
  it.each<[string, TrustProxy]>([
    ['its address', ['127.0.0.1']],
    ['one hop', 1],
  ])('trusting %s, a forged header does not buy a fresh allowance', async (_, trust) => {
    const app = await behind(trust);
    expect((await throughNginx(app, '203.0.113.7')).statusCode).toBe(201);
    expect((await throughNginx(app, '203.0.113.7', '198.51.100.1')).statusCode).toBe(429);
    expect((await throughNginx(app, '203.0.113.7', '198.51.100.2')).statusCode).toBe(429);
    // Another visitor still has their own allowance: the limit is per visitor, not per proxy.
    expect((await throughNginx(app, '203.0.113.8')).statusCode).toBe(201);
  });

  it('trusting every hop (true), a forged header does buy one: why docs/deploying.md recommends an address', async () => {
    const app = await behind(true);
    expect((await throughNginx(app, '203.0.113.7')).statusCode).toBe(201);
    expect((await throughNginx(app, '203.0.113.7', '198.51.100.1')).statusCode).toBe(201);
  });

  it.each<[TrustProxy, boolean]>([
    [['127.0.0.1'], true],
    [1, true],
    [false, false],
  ])('with TRUST_PROXY %j sends HSTS: %s', async (trust, hsts) => {
    const app = await behind(trust);
    const response = await app.inject({ url: '/healthz' });
    expect('strict-transport-security' in response.headers).toBe(hsts);
  });
});
