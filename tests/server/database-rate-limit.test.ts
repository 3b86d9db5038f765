import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { asAnon, outcome } from './support/as-anon.ts';
import {
  countRows,
  describeEachBackend,
  sharedPerBackend,
  testApp,
  type TestApp,
} from './support/backends.ts';
import { ERROR_KEYS, send, VALID } from '../support/requests.ts';
import { proofFrom } from '../support/proof.ts';

/** Low, so a test reaches it quickly; the in-process limiter in front stays far higher. */
const DB_LIMIT = 3;

const post = (app: FastifyInstance, from: string) =>
  send(app, { body: VALID, remoteAddress: from });

/** An insert as PostgREST makes it: role anon, the request's headers in `request.headers`. */
const asPostgrest = async (db: Database, headers: Record<string, string> | undefined) => {
  const proof = await proofFrom(db);
  return db.transaction(async (session) => {
    await session.exec('set local role anon');
    if (headers) {
      await session.query("select set_config('request.headers', $1, true)", [
        JSON.stringify(headers),
      ]);
    }
    await session.query(
      'insert into public.contact_submissions (name, email, message, proof) values ($1, $2, $3, $4)',
      [VALID.name, VALID.email, VALID.message, proof],
    );
  });
};

/** One app per backend over a database with the low limit, shared by the describes below, in order. */
const limited = sharedPerBackend((kind) => testApp(kind, { rateLimitPerMinute: DB_LIMIT }));

// per backend: the limit is counted in the insert's shared transactions, one connection on PGlite, a pool on PostgreSQL.
describeEachBackend('the database’s per-address rate limit on our server’s inserts', (kind) => {
  const shared = limited(kind);
  let site: TestApp;
  beforeAll(() => void (site = shared()));

  it('answers 429 in PostgREST’s shape with Retry-After, and stores nothing, over the limit', async () => {
    const before = await countRows(site.db);
    for (let i = 0; i < DB_LIMIT; i++)
      expect((await post(site.app, '203.0.113.7')).statusCode).toBe(201);

    const refused = await post(site.app, '203.0.113.7');
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const body = refused.json();
    expect(Object.keys(body).sort()).toEqual(ERROR_KEYS);
    expect(body).toMatchObject({
      code: 'PT429',
      details: `The limit is ${DB_LIMIT} per minute.`,
      hint: `Try again in ${retryAfter} seconds.`,
    });
    expect(await countRows(site.db)).toBe(before + DB_LIMIT);

    // Another address has its own allowance.
    expect((await post(site.app, '198.51.100.2')).statusCode).toBe(201);
  });

  it('counts each visitor in a group commit by their own address', async () => {
    // Sent at once, so the server inserts them in shared transactions (insert-batcher.ts).
    const visitors = ['192.0.2.11', '192.0.2.12', '192.0.2.13', '192.0.2.14'];
    const wave = visitors.flatMap((from) => Array.from({ length: DB_LIMIT }, () => from));
    const answers = await Promise.all(wave.map((from) => post(site.app, from)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(wave.map(() => 201));
    for (const from of visitors) expect((await post(site.app, from)).statusCode).toBe(429);
  });

  it('counts an IPv6 address by its /64, the block one visitor usually holds', async () => {
    for (let i = 1; i <= DB_LIMIT; i++) {
      expect((await post(site.app, `2001:db8:5:7::${i}`)).statusCode).toBe(201);
    }
    expect((await post(site.app, '2001:db8:5:7:ffff::99')).statusCode).toBe(429);
    expect((await post(site.app, '2001:db8:5:8::1')).statusCode).toBe(201);
  });
});

// per backend: as above.
describeEachBackend('the database’s per-address rate limit on PostgREST’s inserts', (kind) => {
  const shared = limited(kind);
  let site: TestApp;
  beforeAll(() => void (site = shared()));

  it('counts an IPv4 address written IPv6-mapped as that address, not in one shared /64', async () => {
    const mapped = (address: string) => ({ 'cf-connecting-ip': `::ffff:${address}` });
    for (let i = 0; i < DB_LIMIT; i++)
      expect(await outcome(asPostgrest(site.db, mapped('192.0.2.61')))).toBe('ok');
    // Another IPv4 visitor, mapped the same way, has its own allowance...
    expect(await outcome(asPostgrest(site.db, mapped('192.0.2.62')))).toBe('ok');
    // ...and the same visitor, however written, does not.
    expect(await outcome(asPostgrest(site.db, { 'cf-connecting-ip': '192.0.2.61' }))).toBe('PT429');
  });

  it('limits a session that inserts as PostgREST does, by its cf-connecting-ip', async () => {
    const visitor = { 'cf-connecting-ip': '192.0.2.44' };
    for (let i = 0; i < DB_LIMIT; i++)
      expect(await outcome(asPostgrest(site.db, visitor))).toBe('ok');
    expect(await outcome(asPostgrest(site.db, visitor))).toBe('PT429');
    // A forged X-Forwarded-For is not the address the database counts.
    const forged = { ...visitor, 'x-forwarded-for': '1.2.3.4' };
    expect(await outcome(asPostgrest(site.db, forged))).toBe('PT429');
  });

  it('counts the server’s inserts and PostgREST’s for one address together', async () => {
    const address = '192.0.2.55';
    expect(await outcome(asPostgrest(site.db, { 'cf-connecting-ip': address }))).toBe('ok');
    for (let i = 1; i < DB_LIMIT; i++) expect((await post(site.app, address)).statusCode).toBe(201);
    expect((await post(site.app, address)).statusCode).toBe(429);
  });

  it('puts anon inserts with no address in one shared bucket, and leaves the owner alone', async () => {
    for (let i = 0; i < DB_LIMIT; i++)
      expect(await outcome(asPostgrest(site.db, undefined))).toBe('ok');
    expect(await outcome(asPostgrest(site.db, undefined))).toBe('PT429');
    expect(await outcome(asPostgrest(site.db, { 'user-agent': 'curl' }))).toBe('PT429');

    const insertAsOwner = () =>
      site.db.query(
        'insert into public.contact_submissions (name, email, message) values ($1, $2, $3)',
        [VALID.name, VALID.email, VALID.message],
      );
    for (let i = 0; i < DB_LIMIT + 2; i++) expect(await outcome(insertAsOwner())).toBe('ok');
  });
});

// per backend: as above.
describeEachBackend('the database’s per-address rate limit: what it keeps', (kind) => {
  const shared = limited(kind);
  let site: TestApp;
  beforeAll(() => void (site = shared()));

  it('stores keyed hashes of addresses, never an address, out of anon’s reach', async () => {
    await post(site.app, '203.0.113.99');
    const rows = await site.db.query(
      "select encode(address_hash, 'hex') as hash, octet_length(address_hash) as bytes from app_private.submission_windows",
    );
    expect(rows.length).toBeGreaterThan(0);
    const stored = JSON.stringify(
      await site.db.query('select * from app_private.submission_windows'),
    );
    for (const address of ['203.0.113.99', '203.0.113.7', '192.0.2.44', '198.51.100.2']) {
      expect(stored).not.toContain(address);
    }
    expect(rows.every((row) => row.bytes === 32)).toBe(true);
    // Keyed: the plain SHA-256 of the address is not what is stored.
    const [plain] = await site.db.query(
      "select encode(sha256('203.0.113.99'::bytea), 'hex') as hash",
    );
    expect(rows.map((row) => row.hash)).not.toContain(plain?.hash);

    expect(await outcome(asAnon(site.db, 'select * from app_private.submission_windows'))).toBe(
      '42501',
    );
    expect(await outcome(asAnon(site.db, 'select * from app_private.submission_rate_limit'))).toBe(
      '42501',
    );
  });

  it('lets an address in again once its window has passed, and removes expired windows', async () => {
    const address = '203.0.113.120';
    for (let i = 0; i < DB_LIMIT; i++) await post(site.app, address);
    expect((await post(site.app, address)).statusCode).toBe(429);

    // Age every window past its minute, as the clock would.
    await site.db.query(
      "update app_private.submission_windows set started_at = started_at - interval '61 seconds'",
    );
    const [aged] = await site.db.query(
      'select count(*)::int as n from app_private.submission_windows',
    );
    expect(Number(aged?.n)).toBeGreaterThan(1);

    expect((await post(site.app, address)).statusCode).toBe(201);
    // The insert cleared the expired windows: only its own fresh one is left, and
    // its challenge's (counted per address too: 20261125000500_free_repeats_limited_challenges.sql).
    const windows = await site.db.query('select submissions from app_private.submission_windows');
    expect(windows).toEqual([{ submissions: 1 }, { submissions: 1 }]);
  });
});
