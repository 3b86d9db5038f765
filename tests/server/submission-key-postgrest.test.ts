import { randomUUID } from 'node:crypto';
import type { Challenge } from 'altcha-lib/types';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { asPostgrestRequest, outcome } from './support/as-anon.ts';
import { describePostgres, migratedPostgres } from './support/backends.ts';
import { VALID } from '../support/requests.ts';
import { solve } from '../support/proof.ts';

/**
 * Topology 2 (hosted Supabase): the statement PostgREST v12 builds for
 * `POST /contact_submissions?on_conflict=submission_key` with
 * `Prefer: resolution=ignore-duplicates, return=minimal` (its QueryBuilder:
 * the body read through json_to_record, `ON CONFLICT(...) DO NOTHING`,
 * `RETURNING 1`, wrapped in the CTE it counts), run as anon the way PostgREST
 * runs it, against the migrated database alone.
 */
const POSTGREST_INSERT = `
  with pgrst_source as (
    insert into "public"."contact_submissions"("email", "message", "name", "proof", "submission_key")
    select "pgrst_body"."email", "pgrst_body"."message", "pgrst_body"."name", "pgrst_body"."proof", "pgrst_body"."submission_key"
    from (select $1::json as json_data) pgrst_payload,
    lateral (select "email", "message", "name", "proof", "submission_key"
             from json_to_record(pgrst_payload.json_data)
               as _("email" text, "message" text, "name" text, "proof" text, "submission_key" uuid)) pgrst_body
    on conflict("submission_key") do nothing
    returning 1
  )
  select '' as total_result_set, pg_catalog.count(_postgrest_t) as page_total,
         array[]::text[] as header, ''::text as body
  from (select * from pgrst_source) _postgrest_t`;

describePostgres('Prefer: resolution=ignore-duplicates as PostgREST runs it, as anon', () => {
  let client: pg.Client;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ client, close } = await migratedPostgres());
  });
  afterAll(() => close?.());

  const asVisitor = (sql: string, params: unknown[] = []) =>
    asPostgrestRequest(client, { 'cf-connecting-ip': '198.51.100.77' }, sql, params);

  const insert = (body: Record<string, unknown>) =>
    asVisitor(POSTGREST_INSERT, [JSON.stringify(body)]);

  /** A proof of work solved from the challenge anon gets from `rpc/contact_challenge`. */
  const proof = async () =>
    solve(
      (await asVisitor('select public.contact_challenge() as challenge')).rows[0]
        .challenge as Challenge,
    );

  const owner = async (sql: string, params: unknown[]) => (await client.query(sql, params)).rows;

  it('stores a keyed submission once, however often it is sent, and emails it once', async () => {
    // Each send is the same request: a retry carries the same proof and key.
    const body = {
      ...VALID,
      email: 'once@example.co.uk',
      submission_key: randomUUID(),
      proof: await proof(),
    };
    const counts = [];
    for (let i = 0; i < 3; i++) counts.push(Number((await insert(body)).rows[0].page_total));
    // PostgREST answers 201 to each; only the first inserted a row.
    expect(counts).toEqual([1, 0, 0]);
    const rows = await owner(
      `select s.id, o.submission_id from public.contact_submissions s
       left join public.lead_outbox o on o.submission_id = s.id where s.submission_key = $1`,
      [body.submission_key],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].submission_id).not.toBeNull();
  });

  it('keeps the first words when a repeat of the key carries others', async () => {
    const key = randomUUID();
    await insert({
      ...VALID,
      email: 'first@example.co.uk',
      submission_key: key,
      proof: await proof(),
    });
    await insert({
      ...VALID,
      email: 'second@example.co.uk',
      submission_key: key,
      proof: await proof(),
    });
    const rows = await owner(
      'select email from public.contact_submissions where submission_key = $1',
      [key],
    );
    expect(rows).toEqual([{ email: 'first@example.co.uk' }]);
  });

  it('lets anon insert a key but never read one', async () => {
    expect(await outcome(asVisitor('select submission_key from public.contact_submissions'))).toBe(
      'ok',
    );
    const seen = await asVisitor('select submission_key from public.contact_submissions');
    expect(seen.rows).toEqual([]);
    expect(await outcome(asVisitor('select name from public.contact_submissions'))).toBe('42501');
    expect(
      await outcome(asVisitor('update public.contact_submissions set submission_key = null')),
    ).toBe('42501');
  });

  it('gives a keyless insert a fresh key: only our native form merges the same words', async () => {
    const body = { ...VALID, email: 'keyless@example.co.uk' };
    for (let i = 0; i < 2; i++) {
      expect(await outcome(insert({ ...body, proof: await proof() }))).toBe('ok');
    }
    const rows = await owner(
      'select submission_key from public.contact_submissions where email = $1',
      [body.email],
    );
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((row) => row.submission_key)).size).toBe(2);
  });

  it('refuses a key that is not a UUID, storing nothing', async () => {
    const body = {
      ...VALID,
      email: 'bad-key@example.co.uk',
      submission_key: 'not-a-uuid',
      proof: await proof(),
    };
    expect(await outcome(insert(body))).toBe('22P02');
    expect(
      await owner('select 1 from public.contact_submissions where email = $1', [body.email]),
    ).toEqual([]);
  });
});
