import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import type { Database } from '../../server/db/database.ts';
import { send, VALID } from '../support/requests.ts';

const PAGE = 'https://www.example.co.uk';
const OTHER = 'https://evil.example';

/** What a browser sends before supabase-js posts an insert from another origin. */
const preflight = (origin: string | undefined) => ({
  method: 'OPTIONS' as const,
  headers: {
    ...(origin ? { origin } : {}),
    'access-control-request-method': 'POST',
    'access-control-request-headers': 'apikey,authorization,content-type,prefer,x-client-info',
  },
});

const cors = (headers: Record<string, unknown>) =>
  Object.keys(headers).filter((name) => name.startsWith('access-control-'));

let inserted = 0;
const database = { insertSubmission: async () => void inserted++ } as unknown as Database;

/** The app with CORS_ORIGINS set to `corsOrigins`, built for one describe's tests and closed after them. */
function appListing(corsOrigins: string[]): () => FastifyInstance {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({ database, distDir: '/nonexistent', corsOrigins });
  });
  afterAll(() => app?.close());
  return () => app;
}

describe('CORS on the API, from an origin CORS_ORIGINS lists', () => {
  const app = appListing([PAGE]);

  it('passes the preflight of a listed origin for every header supabase-js sends', async () => {
    const response = await send(app(), preflight(PAGE));
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe(PAGE);
    expect(response.headers['access-control-allow-methods']).toContain('POST');
    const allowed = String(response.headers['access-control-allow-headers']).split(/,\s*/);
    expect(allowed).toEqual(
      expect.arrayContaining([
        'apikey',
        'authorization',
        'content-type',
        'prefer',
        'x-client-info',
      ]),
    );
    expect(allowed).toContain('content-profile');
    expect(response.headers['access-control-allow-methods']).toBe('GET, HEAD, POST');
    expect(response.headers['access-control-max-age']).toBe('86400');
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('lets the inbox on a listed origin read with a bearer token and sign in (topology 3)', async () => {
    const preflights = [
      ['/rest/v1/inbox_leads?select=*', 'GET', 'apikey,authorization,x-client-info,accept-profile'],
      [
        '/rest/v1/rpc/inbox_set_status',
        'POST',
        'apikey,authorization,content-type,content-profile',
      ],
      [
        '/auth/v1/otp',
        'POST',
        'apikey,authorization,content-type,x-client-info,x-supabase-api-version',
      ],
      ['/auth/v1/user', 'GET', 'apikey,authorization,x-client-info,x-supabase-api-version'],
    ] as const;
    for (const [url, method, headers] of preflights) {
      const response = await app().inject({
        method: 'OPTIONS',
        url,
        headers: {
          origin: PAGE,
          'access-control-request-method': method,
          'access-control-request-headers': headers,
        },
      });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['access-control-allow-origin'], url).toBe(PAGE);
      expect(String(response.headers['access-control-allow-methods']), url).toContain(method);
      const allowed = String(response.headers['access-control-allow-headers']).split(/,\s*/);
      expect(allowed, url).toEqual(expect.arrayContaining(headers.split(',')));
    }
    const other = await app().inject({
      method: 'OPTIONS',
      url: '/auth/v1/otp',
      headers: { origin: OTHER, 'access-control-request-method': 'POST' },
    });
    expect(cors(other.headers)).toEqual([]);
  });

  it('answers the listed origin’s insert and refusals with its origin, never a wildcard', async () => {
    const before = inserted;
    const created = await send(app(), { body: VALID, proof: false, headers: { origin: PAGE } });
    expect(created.statusCode).toBe(201);
    expect(inserted).toBe(before + 1);
    const refused = await send(app(), { method: 'GET', headers: { origin: PAGE } });
    expect(refused.statusCode).toBe(400);
    for (const response of [created, refused]) {
      expect(response.headers['access-control-allow-origin']).toBe(PAGE);
      expect(response.headers['access-control-expose-headers']).toMatch(/Content-Range/);
      expect(response.headers['access-control-expose-headers']).toMatch(/Retry-After/);
    }
  });

  it('lets the listed origin read a rate-limit refusal and its Retry-After', async () => {
    let last;
    for (let i = 0; i < 50; i++) {
      last = await send(app(), { body: VALID, proof: false, headers: { origin: PAGE } });
      if (last.statusCode === 429) break;
    }
    expect(last?.statusCode).toBe(429);
    expect(last?.headers['retry-after']).toBeDefined();
    expect(last?.headers['access-control-allow-origin']).toBe(PAGE);
  });
});

describe('CORS on the API, withheld from what CORS_ORIGINS does not cover', () => {
  const app = appListing([PAGE]);

  it('gives an origin not listed no CORS headers at all, so its browser refuses', async () => {
    expect(cors((await send(app(), preflight(OTHER))).headers)).toEqual([]);
    expect(
      cors((await send(app(), { body: VALID, proof: false, headers: { origin: OTHER } })).headers),
    ).toEqual([]);
  });

  it('answers an OPTIONS that is not a preflight as not implemented, without CORS headers', async () => {
    const response = await send(app(), { method: 'OPTIONS' });
    expect(response.json().code).toBe('PGRST127');
    expect(cors(response.headers)).toEqual([]);
  });

  it('keeps CORS off the site’s own pages and the native form', async () => {
    const page = await app().inject({ url: '/', headers: { origin: PAGE } });
    expect(cors(page.headers)).toEqual([]);
  });
});

describe('CORS on the API, with CORS_ORIGINS empty', () => {
  const sameOriginOnly = appListing([]);

  it('stays same-origin only when CORS_ORIGINS is empty, as before', async () => {
    const response = await send(sameOriginOnly(), preflight(PAGE));
    expect(cors(response.headers)).toEqual([]);
    expect(response.json().code).toBe('PGRST127');
  });
});
