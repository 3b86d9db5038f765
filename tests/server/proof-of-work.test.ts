import { randomUUID } from 'node:crypto';
import { createChallenge, verifySolution } from 'altcha-lib';
import { beforeAll, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { fetchChallenge, proofFrom, solve } from '../support/proof.ts';
import { outcome } from './support/as-anon.ts';
import {
  countRows,
  describeEachBackend,
  sharedPerBackend,
  testApp,
  type TestApp,
} from './support/backends.ts';
import { send, TABLE_URL, VALID } from '../support/requests.ts';

/**
 * A script holding the public anon key must not be able to store a row
 * without a proof of work, and the rule is the database's, so it holds on
 * hosted Supabase too (docs/spam.md).
 */

const signingKey = async (db: Database) =>
  String((await db.query('select hmac_key from app_private.proof_of_work'))[0]?.hmac_key);

/** A proof in ALTCHA's format, signed with our key, whose challenge expired a minute ago. */
async function expiredProof(db: Database): Promise<string> {
  const challenge = await createChallenge({
    hmacKey: await signingKey(db),
    maxnumber: 10,
    expires: new Date(Date.now() - 60_000),
  });
  return solve(challenge);
}

/** The proof with its number changed: the hash no longer matches the signed challenge. */
function tampered(proof: string): string {
  const payload = JSON.parse(atob(proof)) as { number: number };
  return btoa(JSON.stringify({ ...payload, number: payload.number + 1 }));
}

/** One app per backend, shared by the describes below: each a state of the proof. */
const sharedApp = sharedPerBackend((kind) => testApp(kind));

// per backend: the proof is checked in SQL with pgcrypto, PGlite's build of it and PostgreSQL's.
describeEachBackend('proof of work: the challenge', (kind) => {
  const app = sharedApp(kind);
  let t: TestApp;
  beforeAll(() => void (t = app()));

  it('is ALTCHA v1: its solution verifies with altcha-lib and the key', async () => {
    const challenge = await fetchChallenge(t.app);
    expect(Object.keys(challenge).sort()).toEqual([
      'algorithm',
      'challenge',
      'maxnumber',
      'salt',
      'signature',
    ]);
    expect(challenge.algorithm).toBe('SHA-256');
    expect(challenge.salt).toMatch(/^[0-9a-f]{24}\?expires=\d+&$/);
    const payload = JSON.parse(atob(await solve(challenge)));
    expect(await verifySolution(payload, await signingKey(t.db))).toBe(true);
    expect(await verifySolution(payload, 'another key')).toBe(false);
  });

  it('is answered by the database as anon, the same through our API', async () => {
    const fromDatabase = await fetchChallenge(t.db);
    expect(fromDatabase.maxnumber).toBe((await fetchChallenge(t.app)).maxnumber);
  });
});

// per backend: as above.
describeEachBackend('proof of work through our API: a fresh proof', (kind) => {
  const app = sharedApp(kind);
  let t: TestApp;
  beforeAll(() => void (t = app()));

  const post = (body: object) => send(t.app, { body });

  it('stores a message with a valid proof solved by altcha-lib, verified and without the proof', async () => {
    const email = 'valid@example.co.uk';
    const response = await post({ ...VALID, email, proof: await proofFrom(t.app) });
    expect(response.statusCode).toBe(201);
    const rows = await t.db.query(
      'select verified, proof from contact_submissions where email = $1',
      [email],
    );
    expect(rows).toEqual([{ verified: true, proof: null }]);
  });

  it.each([
    ['no proof', async () => undefined, 400, 'PT400'],
    ['a malformed proof', async () => 'not base64 JSON', 400, 'PT400'],
    ['a wrong proof', async () => tampered(await proofFrom(t.app)), 403, 'PT403'],
    ['an expired proof', async () => expiredProof(t.db), 403, 'PT403'],
  ])(
    'refuses %s with a 4xx in PostgREST’s shape, storing nothing',
    async (_, make, status, code) => {
      const before = await countRows(t.db);
      const proof = await make();
      const response =
        proof === undefined
          ? await send(t.app, { body: VALID, proof: false })
          : await post({ ...VALID, proof });
      expect(response.statusCode).toBe(status);
      expect(response.json()).toMatchObject({ code, message: expect.stringMatching(/proof/) });
      expect(Object.keys(response.json()).sort()).toEqual(['code', 'details', 'hint', 'message']);
      expect(await countRows(t.db)).toBe(before);
    },
  );

  it('does not let a visitor say a row is verified', async () => {
    const response = await post({ ...VALID, verified: true, proof: await proofFrom(t.app) });
    expect(response.statusCode).toBe(401);
  });
});

// per backend: as above.
describeEachBackend(
  'proof of work through our API: a proof used already, or signed with an old key',
  (kind) => {
    const app = sharedApp(kind);
    let t: TestApp;
    beforeAll(() => void (t = app()));

    const post = (body: object) => send(t.app, { body });
    const storedFor = async (email: string) =>
      (
        await t.db.query('select verified, proof from contact_submissions where email = $1', [
          email,
        ])
      ).length;

    it('refuses a proof already used for another submission', async () => {
      const proof = await proofFrom(t.app);
      const first = await post({ ...VALID, email: 'first@example.co.uk', proof });
      expect(first.statusCode).toBe(201);
      const again = await post({ ...VALID, email: 'second@example.co.uk', proof });
      expect(again.statusCode).toBe(403);
      expect(again.json()).toMatchObject({
        code: 'PT403',
        message: 'The proof of work has been used',
      });
      expect(await storedFor('second@example.co.uk')).toBe(0);
    });

    /**
     * Only with both exactly once and the proof of work: a retry of an
     * acknowledged submission carries the same proof with the same key
     * (src/features/contact/submit-contact.ts), the used proof remembers its key.
     */

    it('answers a repeat of the same proof and key 201 storing nothing more, and refuses the proof with another key', async () => {
      const key = randomUUID();
      const email = 'retried@example.co.uk';
      const proof = await proofFrom(t.app);
      const upsert = (body: object) =>
        send(t.app, {
          body,
          url: `${TABLE_URL}?on_conflict=submission_key`,
          headers: { prefer: 'resolution=ignore-duplicates, return=minimal' },
        });
      const stored = async () =>
        t.db.query(
          `select s.submission_key::text as key,
                (select count(*)::int from lead_outbox o where o.submission_id = s.id) as queued
         from contact_submissions s where s.email = $1`,
          [email],
        );
      for (let i = 0; i < 2; i++) {
        const response = await upsert({ ...VALID, email, submission_key: key, proof });
        expect(response.statusCode).toBe(201);
        expect(await stored()).toEqual([{ key, queued: 1 }]);
      }
      const before = await countRows(t.db);
      const other = await upsert({ ...VALID, email, submission_key: randomUUID(), proof });
      expect(other.statusCode).toBe(403);
      expect(other.json()).toMatchObject({
        code: 'PT403',
        message: 'The proof of work has been used',
      });
      expect(await countRows(t.db)).toBe(before);
      expect(await stored()).toEqual([{ key, queued: 1 }]);
    });

    it('refuses proofs signed before the key was rotated, and accepts new ones', async () => {
      const old = await proofFrom(t.app);
      await t.db.query(
        "update app_private.proof_of_work set hmac_key = encode(sha256(gen_random_uuid()::text::bytea), 'hex')",
      );
      expect((await post({ ...VALID, proof: old })).statusCode).toBe(403);
      expect((await post({ ...VALID, proof: await proofFrom(t.app) })).statusCode).toBe(201);
    });
  },
);

// per backend: as above.
describeEachBackend(
  'proof of work: as PostgREST runs an anonymous insert (the database alone)',
  (kind) => {
    const app = sharedApp(kind);
    let t: TestApp;
    beforeAll(() => void (t = app()));

    /** A transaction as anon with the request's headers, as PostgREST makes it. */
    const asVisitor = (proof: string | null, headers: Record<string, string> = {}) =>
      t.db.transaction(async (session) => {
        await session.exec('set local role anon');
        await session.query("select set_config('request.headers', $1, true)", [
          JSON.stringify({ 'cf-connecting-ip': '198.51.100.7', ...headers }),
        ]);
        await session.query(
          'insert into public.contact_submissions (name, email, message, proof) values ($1, $2, $3, $4)',
          [VALID.name, 'session@example.co.uk', VALID.message, proof],
        );
      });

    it('refuses a missing, wrong, expired or used proof, and stores a valid one verified', async () => {
      const before = await countRows(t.db);
      expect(await outcome(asVisitor(null))).toBe('PT400');
      expect(await outcome(asVisitor(tampered(await proofFrom(t.db))))).toBe('PT403');
      expect(await outcome(asVisitor(await expiredProof(t.db)))).toBe('PT403');
      const proof = await proofFrom(t.db);
      expect(await outcome(asVisitor(proof))).toBe('ok');
      expect(await outcome(asVisitor(proof))).toBe('PT403');
      expect(await countRows(t.db)).toBe(before + 1);
    });

    it('gives a client no header that passes for the native form', async () => {
      const headers = { 'contact.native_form': 'on', 'contact-native-form': 'on' };
      expect(await outcome(asVisitor(null, headers))).toBe('PT400');
    });
  },
);

// per backend: as above.
describeEachBackend('proof of work: used proofs, once their challenge has expired', (kind) => {
  const app = sharedApp(kind);
  let t: TestApp;
  beforeAll(() => void (t = app()));

  it('cleans used proofs once their challenge has expired', async () => {
    await t.db.query(
      "insert into app_private.used_proofs values ('stale', null, now() - interval '1 minute')",
    );
    const proof = await proofFrom(t.app);
    expect((await send(t.app, { body: { ...VALID, proof } })).statusCode).toBe(201);
    expect(
      await t.db.query("select 1 from app_private.used_proofs where challenge = 'stale'"),
    ).toEqual([]);
  });

  it('finds expired proofs through the index, not by reading every unexpired one', async () => {
    // 20261124050000_used_proofs_cleanup_index.sql: a volatile bound made each
    // insert walk the whole index, so the check's cost grew with the traffic.
    await t.db.query(
      "insert into app_private.used_proofs select 'unexpired ' || i, null, now() + interval '10 minutes' " +
        'from generate_series(1, 500) as i',
    );
    const proof = await proofFrom(t.db);
    const entriesRead = await t.db.transaction(async (session) => {
      await session.exec('set local role anon');
      await session.query("select set_config('request.headers', $1, true)", [
        JSON.stringify({ 'cf-connecting-ip': '198.51.100.8' }),
      ]);
      await session.query(
        'insert into public.contact_submissions (name, email, message, proof) values ($1, $2, $3, $4)',
        [VALID.name, 'index@example.co.uk', VALID.message, proof],
      );
      await session.exec('reset role');
      const [row] = await session.query(
        "select pg_stat_get_xact_tuples_returned('app_private.used_proofs_expires_at'::regclass) as n",
      );
      return Number(row?.n);
    });
    await t.db.query("delete from app_private.used_proofs where challenge like 'unexpired %'");
    expect(entriesRead).toBeLessThan(10);
  });
});
