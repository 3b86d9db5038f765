import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LIMITS } from '../../shared/validation.ts';
import { asPostgrestRequest, outcome } from './support/as-anon.ts';
import { describePostgres, migratedPostgres } from './support/backends.ts';
import { VALID } from '../support/requests.ts';
import { solve } from '../support/proof.ts';

/**
 * Topology 2 (static page, hosted Supabase): no server of ours runs, so the
 * database alone must judge what a visitor inserts. These sessions do what
 * PostgREST does for an anonymous request, on a plain connection: switch to
 * anon, publish the request's headers in `request.headers`, then insert.
 */

/** Enough for any per-address limit a contact form could sensibly have. */
const MAX_ATTEMPTS = 200;

describePostgres('a PostgREST-style session against the database alone', () => {
  let client: pg.Client;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ client, close } = await migratedPostgres());
  });
  afterAll(() => close?.());

  /** One request from `from`, as PostgREST runs it. */
  function asVisitor(from: string, sql: string, params: unknown[] = []) {
    // Where hosted Supabase's proxies put the client address (PostgREST passes headers on).
    const headers = { 'x-forwarded-for': from, 'x-real-ip': from, 'cf-connecting-ip': from };
    return asPostgrestRequest(client, headers, sql, params);
  }

  /** The insert as the page makes it, with a proof solved from the database's own challenge. */
  const insert = async (from: string, fields: Record<string, unknown>) => {
    const { rows } = await asVisitor(from, 'select public.contact_challenge() as challenge');
    const row = { ...fields, proof: await solve(rows[0].challenge) };
    return asVisitor(
      from,
      `insert into public.contact_submissions (${Object.keys(row).join(', ')})
       values (${Object.keys(row)
         .map((_, i) => `$${i + 1}`)
         .join(', ')})`,
      Object.values(row),
    );
  };

  const stored = async (email: string) =>
    Number(
      (
        await client.query(
          'select count(*) as n from public.contact_submissions where email = $1',
          [email],
        )
      ).rows[0].n,
    );

  it('stores a valid message', async () => {
    const row = { ...VALID, email: 'valid@example.co.uk' };
    expect(await outcome(insert('198.51.100.1', row))).toBe('ok');
    expect(await stored(row.email)).toBe(1);
  });

  it('refuses by CHECK what the form would refuse, storing nothing', async () => {
    const cases = [
      { ...VALID, email: 'long-name@example.co.uk', name: 'x'.repeat(LIMITS.name.max + 1) },
      { ...VALID, email: 'not-an-address' },
      { ...VALID, email: 'blank@example.co.uk', message: '   ' },
    ];
    for (const row of cases) {
      expect(await outcome(insert('198.51.100.2', row)), row.email).toBe('23514');
      expect(await stored(row.email)).toBe(0);
    }
  });

  it('lets anon read, change or delete nothing, nor set columns it was not granted', async () => {
    const from = '198.51.100.3';
    for (const sql of [
      'select * from public.contact_submissions',
      "update public.contact_submissions set name = 'x'",
      'delete from public.contact_submissions',
    ]) {
      expect(await outcome(asVisitor(from, sql)), sql).toBe('42501');
    }
    const forged = { ...VALID, email: 'forged@example.co.uk', created_at: '2000-01-01' };
    expect(await outcome(insert(from, forged))).toBe('42501');
    expect(await stored(forged.email)).toBe(0);
  });

  // Needs the rate-limit migration (20261123030000_rate_limit.sql).
  it('limits submissions per client address with PT429, and only that address', async () => {
    const from = '203.0.113.9';
    const email = 'flood@example.co.uk';
    let accepted = 0;
    let last = 'ok';
    while (last === 'ok' && accepted < MAX_ATTEMPTS) {
      last = await outcome(insert(from, { ...VALID, email }));
      if (last === 'ok') accepted++;
    }
    expect(last, `still accepting after ${MAX_ATTEMPTS} from one address`).toBe('PT429');
    expect(accepted).toBeGreaterThan(0);
    expect(await stored(email)).toBe(accepted);

    const neighbour = { ...VALID, email: 'neighbour@example.co.uk' };
    expect(await outcome(insert('203.0.113.10', neighbour))).toBe('ok');
  });
});
