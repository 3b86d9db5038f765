import { randomUUID } from 'node:crypto';
import { expect, it, onTestFinished } from 'vitest';
import { startServer, type RunningServer } from '../../server/start.ts';
import {
  countRows,
  createPostgresDatabase,
  describeOnEmbedded,
  describePostgres,
  testApp,
} from './support/backends.ts';
import { ERROR_KEYS, send, TABLE_URL, VALID } from '../support/requests.ts';
import { TEST_PROOF_OF_WORK } from '../support/proof.ts';
import type { BackendKind } from '../support/backend-kind.ts';
import { SERVER_TEST_BUDGET_MS } from '../support/budgets.ts';

/**
 * A repeat of a stored lead (the page re-sending one whose answer was lost;
 * docs/rate-limit.md) is answered as stored and counts against no limit, in the
 * in-process limiter and in the database's trigger; the challenge is limited
 * per address at a multiple of the insert's limit.
 */

const LIMIT = 3;
/** supabase/migrations/20261125000500_free_repeats_limited_challenges.sql */
const CHALLENGES_PER_SUBMISSION = 10;
const FROM = '203.0.113.9';

/** A lead as the page sends it, with its key: the same key again is a repeat. */
const lead = (n: number) => ({ ...VALID, name: `Visitor ${n}`, submission_key: randomUUID() });
const upsert = { prefer: 'resolution=ignore-duplicates' };
const url = `${TABLE_URL}?on_conflict=submission_key`;

async function limited(kind: BackendKind) {
  const t = await testApp(kind, {}, { rateLimitPerMinute: LIMIT });
  onTestFinished(() => t.close());
  const post = (body: object) =>
    send(t.app, { body, url, headers: upsert, remoteAddress: FROM }).then((r) => r.statusCode);
  return { ...t, post };
}

describeOnEmbedded('a repeat at the address limit', (kind) => {
  it('is answered as stored, and counts against neither limit', async () => {
    const { db, post } = await limited(kind);
    const leads = [lead(1), lead(2), lead(3)];
    expect(await post(leads[0]!)).toBe(201);
    // Repeats before the limit is reached use none of it.
    for (let i = 0; i < 5; i++) expect(await post(leads[0]!)).toBe(201);
    expect(await post(leads[1]!)).toBe(201);
    expect(await post(leads[2]!)).toBe(201);
    // At the limit: a repeat is still the stored lead, a new one is refused.
    expect(await post(leads[2]!)).toBe(201);
    expect(await post(leads[0]!)).toBe(201);
    expect(await post(lead(4))).toBe(429);
    expect(await countRows(db)).toBe(LIMIT);
  });
});

describeOnEmbedded('the form without JavaScript at the address limit', (kind) => {
  it('answers the same words again as the stored submission, counted against neither limit', async () => {
    const { app, db } = await limited(kind);
    const post = (n: number) =>
      app.inject({
        method: 'POST',
        url: '/contact',
        remoteAddress: FROM,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ ...VALID, name: `Visitor ${n}` }).toString(),
      });
    expect((await post(1)).statusCode).toBe(303);
    // Repeats before the limit is reached use none of it: each count is given back.
    for (let i = 0; i < 5; i++) expect((await post(1)).statusCode).toBe(303);
    for (const n of [2, 3]) expect((await post(n)).statusCode).toBe(303);
    const again = await post(1);
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe((await post(1)).headers.location);
    expect((await post(4)).statusCode).toBe(429);
    expect(await countRows(db)).toBe(LIMIT);
  });
});

describeOnEmbedded('the challenge route', (kind) => {
  it('refuses a burst from one address in PostgREST’s 429 shape, and no other address', async () => {
    const { app } = await limited(kind);
    const challenge = (remoteAddress: string) =>
      app.inject({ method: 'POST', url: '/rest/v1/rpc/contact_challenge', remoteAddress });
    const allowed = LIMIT * CHALLENGES_PER_SUBMISSION;
    for (let i = 0; i < allowed; i++) expect((await challenge(FROM)).statusCode).toBe(200);
    const refused = await challenge(FROM);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(Object.keys(refused.json()).sort()).toEqual(ERROR_KEYS);
    expect(refused.json()).toMatchObject({ code: 'PT429' });
    expect((await challenge('198.51.100.4')).statusCode).toBe(200);
  });
});

describePostgres('a repeat across two instances on one PostgreSQL', () => {
  it(
    'counts against no limit in the database either',
    async () => {
      const { url: databaseUrl, drop } = await createPostgresDatabase();
      onTestFinished(drop);
      const start = async () => {
        const server = await startServer({
          listen: false,
          databaseUrl,
          distDir: '/nonexistent',
          rateLimitPerMinute: LIMIT,
          proofOfWork: TEST_PROOF_OF_WORK,
        });
        onTestFinished(() => server.close());
        return server;
      };
      const [a, b] = [await start(), await start()];
      const post = (server: RunningServer, body: object) =>
        send(server.app, { body, url, headers: upsert }).then((r) => r.statusCode);
      const first = lead(1);
      expect(await post(b, first)).toBe(201);
      // Nine repeats through one instance: its own counter and the database's stay at one.
      for (let i = 0; i < 9; i++) expect(await post(a, first)).toBe(201);
      expect(await post(b, lead(2))).toBe(201);
      expect(await post(a, lead(3))).toBe(201);
      expect(await post(a, first)).toBe(201);
      expect(await post(b, lead(4))).toBe(429);
    },
    SERVER_TEST_BUDGET_MS,
  );
});
