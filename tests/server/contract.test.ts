import { randomUUID } from 'node:crypto';
import { PostgrestClient } from '@supabase/postgrest-js';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, expect, it } from 'vitest';
import ws from 'ws';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../server/db/database.ts';
import { describeOnEmbedded, sharedPerBackend, testApp } from './support/backends.ts';
import { injectFetch, INJECTED_URL } from './support/inject-fetch.ts';
import { VALID } from '../support/requests.ts';
import { fetchChallenge, proofFrom, solve } from '../support/proof.ts';

/** An anon key as the site would be built with; this server treats every request as anon. */
const ANON_KEY = 'anon-key-for-tests';

/** One request as it went over the wire. */
interface Sent {
  method: string;
  /** Path and query string. */
  url: string;
  /** The headers that choose what PostgREST does (none when not sent). */
  prefer: string | null;
  profile: string | null;
  contentType: string | null;
  /** The body's keys, sorted, or 'array' for a JSON array. */
  body: string[] | 'array';
}

/** A fetch that notes each request before sending it on, through `send`. */
function recordingFetch(sent: Sent[], send: typeof fetch): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const headers = new Headers(init?.headers);
    const body: unknown = JSON.parse(String(init?.body ?? 'null'));
    sent.push({
      method: init?.method ?? 'GET',
      url: url.pathname + url.search,
      prefer: headers.get('prefer'),
      profile: headers.get('content-profile'),
      contentType: headers.get('content-type'),
      body: Array.isArray(body) ? 'array' : Object.keys(body ?? {}).sort(),
    });
    return send(input, init);
  };
}

/**
 * The contract with our clients: each request the page, and supabase-js against
 * this server, actually send (pinned as it goes over the wire, so a new client
 * version that sends something else fails here), and the answer each gets. The
 * server serves these and answers anything else as not implemented
 * (server/rest/rest-plugin.ts). docs/architecture.md documents no other use of the API.
 */

/**
 * The app, and the page's and supabase-js's clients to it, recording each request. The
 * contract is what the clients send and get back, not the socket: they reach the app by inject.
 */
const contractServer = sharedPerBackend(async (kind) => {
  const { app, db, close } = await testApp(kind);
  const injected = injectFetch(app);
  const sent: Sent[] = [];
  const supabase = createClient(INJECTED_URL, ANON_KEY, {
    // Node 20 has no global WebSocket; supabase-js needs a transport even if unused.
    realtime: { transport: ws as never },
    auth: { persistSession: false, autoRefreshToken: false },
    global: { fetch: recordingFetch(sent, injected) },
  });
  // As src/features/contact/submit-contact.ts builds it (with an anon key, as topology 2 is built).
  const page = new PostgrestClient(`${INJECTED_URL}/rest/v1`, {
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${ANON_KEY}` },
    fetch: recordingFetch(sent, injected),
  });
  return {
    app,
    db,
    injected,
    supabase,
    page,
    /** The requests the call sends, and its answer. */
    async wire<T>(call: () => PromiseLike<T>): Promise<{ answer: T; requests: Sent[] }> {
      const from = sent.length;
      const answer = await call();
      return { answer, requests: sent.slice(from) };
    },
    storedWithKey: (key: string) =>
      db.query('select name from contact_submissions where submission_key = $1', [key]),
    close,
  };
});

type Contract = ReturnType<ReturnType<typeof contractServer>>;

describeOnEmbedded('contract with the page', (kind) => {
  const shared = contractServer(kind);
  let app: FastifyInstance;
  let injected: typeof fetch;
  let page: PostgrestClient;
  let wire: Contract['wire'];
  let storedWithKey: Contract['storedWithKey'];
  beforeAll(() => void ({ app, injected, page, wire, storedWithKey } = shared()));

  it('sends its submission as an upsert that skips a stored key, and a repeat stores nothing more', async () => {
    const row = {
      ...VALID,
      name: 'Via the page',
      suspected_spam: false,
      proof: await proofFrom(app),
      submission_key: randomUUID(),
    };
    // submit-contact.ts's attempt(): a retry after no response repeats it as it was.
    for (let attempt = 0; attempt < 2; attempt++) {
      const { answer, requests } = await wire(() =>
        page
          .from('contact_submissions')
          .upsert(row, { onConflict: 'submission_key', ignoreDuplicates: true }),
      );
      expect(requests).toEqual([
        {
          method: 'POST',
          url: '/rest/v1/contact_submissions?on_conflict=submission_key',
          prefer: 'resolution=ignore-duplicates',
          profile: null,
          contentType: 'application/json',
          body: ['email', 'message', 'name', 'proof', 'submission_key', 'suspected_spam'],
        },
      ]);
      expect(answer).toMatchObject({ error: null, status: 201, data: null });
    }
    expect(await storedWithKey(row.submission_key)).toEqual([{ name: 'Via the page' }]);
  });

  it('fetches a challenge as its proof-of-work worker does', async () => {
    // src/features/contact/proof-of-work.worker.ts
    const response = await injected(`${INJECTED_URL}/rest/v1/rpc/contact_challenge`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        apikey: ANON_KEY,
        Authorization: `Bearer ${ANON_KEY}`,
      },
      body: '{}',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(Object.keys(await response.json()).sort()).toEqual([
      'algorithm',
      'challenge',
      'maxnumber',
      'salt',
      'signature',
    ]);
  });

  it('gets the codes it acts on: PT403 for a spent proof, 23514 for a bad row', async () => {
    const proof = await proofFrom(app);
    const upsert = (row: object) =>
      page
        .from('contact_submissions')
        .upsert(
          { ...row, proof, submission_key: randomUUID() },
          { onConflict: 'submission_key', ignoreDuplicates: true },
        );
    expect(await upsert({ ...VALID, name: 'Spends the proof' })).toMatchObject({ status: 201 });
    // src/features/contact/proof-of-work.ts: PT403 is worth one fresh proof.
    const spent = await upsert({ ...VALID, name: 'Same proof, other key' });
    expect(spent).toMatchObject({ status: 403, error: { code: 'PT403' } });
    const bad = await page.from('contact_submissions').upsert(
      {
        ...VALID,
        email: 'no-at-sign',
        proof: await proofFrom(app),
        submission_key: randomUUID(),
      },
      { onConflict: 'submission_key', ignoreDuplicates: true },
    );
    expect(bad).toMatchObject({
      status: 400,
      error: { code: '23514', details: null, hint: null },
    });
  });
});

describeOnEmbedded('contract with supabase-js', (kind) => {
  const shared = contractServer(kind);
  let app: FastifyInstance;
  let supabase: SupabaseClient;
  let wire: Contract['wire'];
  let storedWithKey: Contract['storedWithKey'];
  beforeAll(() => void ({ app, supabase, wire, storedWithKey } = shared()));

  it('insert(row): one object, no preference, the public profile', async () => {
    const key = randomUUID();
    const row = {
      ...VALID,
      name: 'Via insert',
      proof: await proofFrom(app),
      submission_key: key,
    };
    const { answer, requests } = await wire(() => supabase.from('contact_submissions').insert(row));
    expect(requests).toEqual([
      {
        method: 'POST',
        url: '/rest/v1/contact_submissions',
        prefer: null,
        profile: 'public',
        contentType: 'application/json',
        body: ['email', 'message', 'name', 'proof', 'submission_key'],
      },
    ]);
    expect(answer).toMatchObject({ error: null, status: 201, data: null });
    expect(await storedWithKey(key)).toEqual([{ name: 'Via insert' }]);
  });

  it('upsert(row, { onConflict: submission_key, ignoreDuplicates: true }): stored once', async () => {
    const key = randomUUID();
    const row = {
      ...VALID,
      name: 'Via upsert',
      proof: await proofFrom(app),
      submission_key: key,
    };
    for (let attempt = 0; attempt < 2; attempt++) {
      const { answer, requests } = await wire(() =>
        supabase
          .from('contact_submissions')
          .upsert(row, { onConflict: 'submission_key', ignoreDuplicates: true }),
      );
      expect(requests).toMatchObject([
        {
          url: '/rest/v1/contact_submissions?on_conflict=submission_key',
          prefer: 'resolution=ignore-duplicates',
          profile: 'public',
          body: ['email', 'message', 'name', 'proof', 'submission_key'],
        },
      ]);
      expect(answer).toMatchObject({ error: null, status: 201 });
    }
    expect(await storedWithKey(key)).toEqual([{ name: 'Via upsert' }]);
  });

  it('rpc(contact_challenge): a challenge whose proof an insert accepts', async () => {
    const { answer, requests } = await wire(() => supabase.rpc('contact_challenge'));
    expect(requests).toEqual([
      {
        method: 'POST',
        url: '/rest/v1/rpc/contact_challenge',
        prefer: null,
        profile: 'public',
        contentType: 'application/json',
        body: [],
      },
    ]);
    expect(answer.error).toBeNull();
    const proof = await solve(answer.data as Awaited<ReturnType<typeof fetchChallenge>>);
    const { status } = await supabase.from('contact_submissions').insert({ ...VALID, proof });
    expect(status).toBe(201);
  });

  it('reports a CHECK violation as an error object with code 23514, storing nothing', async () => {
    const { error, status } = await supabase
      .from('contact_submissions')
      .insert({ ...VALID, name: '', proof: await proofFrom(app) });
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: '23514', details: null, hint: null });
    expect(error?.message).toContain('contact_submissions_name_check');
  });
});

describeOnEmbedded('contract: anything else supabase-js can send', (kind) => {
  const shared = contractServer(kind);
  let db: Database;
  let supabase: SupabaseClient;
  beforeAll(() => void ({ db, supabase } = shared()));

  const rowCount = async () =>
    Number((await db.query('select count(*)::int as n from contact_submissions'))[0]?.n);

  it.each([
    ['select', () => supabase.from('contact_submissions').select('*')],
    ['update', () => supabase.from('contact_submissions').update({ status: 'spam' }).eq('id', 1)],
    ['delete', () => supabase.from('contact_submissions').delete().eq('id', 1)],
    ['insert([row]), a bulk insert', () => supabase.from('contact_submissions').insert([VALID])],
    ['insert(row).select()', () => supabase.from('contact_submissions').insert(VALID).select()],
    ['upsert(row), which merges', () => supabase.from('contact_submissions').upsert(VALID)],
    [
      'upsert(row) on the default arbiter',
      () => supabase.from('contact_submissions').upsert(VALID, { ignoreDuplicates: true }),
    ],
    [
      'insert(row, { count })',
      () => supabase.from('contact_submissions').insert(VALID, { count: 'exact' }),
    ],
    [
      'insert(row, { defaultToNull: false })',
      () => supabase.from('contact_submissions').insert(VALID, { defaultToNull: false }),
    ],
    ['another table', () => supabase.from('profiles').insert(VALID)],
    ['another function', () => supabase.rpc('delete_everything')],
    ['the challenge by GET', () => supabase.rpc('contact_challenge', {}, { get: true })],
  ])('%s: PostgREST’s "not implemented", and nothing changes', async (_, call) => {
    const before = await rowCount();
    const { error, status, data } = await call();
    expect(status).toBe(400);
    expect(data).toBeNull();
    expect(error).toMatchObject({ code: 'PGRST127', message: 'Feature not implemented' });
    expect(await rowCount()).toBe(before);
  });

  it('another schema: PostgREST’s PGRST106', async () => {
    const other = await supabase.schema('private').from('contact_submissions').insert(VALID);
    expect(other).toMatchObject({ status: 406, error: { code: 'PGRST106' } });
  });
});
