import { randomUUID } from 'node:crypto';
import { PostgrestClient } from '@supabase/postgrest-js';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../server/db/database.ts';
import { MESSAGES } from '../../shared/copy/contact-messages.ts';
import { submissionReference } from '../../shared/reference.ts';
import { describeEachBackend, sharedPerBackend, testApp } from './support/backends.ts';
import { injectFetch, INJECTED_URL } from './support/inject-fetch.ts';
import { VALID } from '../support/requests.ts';
import { proofFrom } from '../support/proof.ts';

/**
 * Exactly once (docs/product.md#exactly-once) against our server,
 * with the client library the page uses: `upsert(…, { onConflict:
 * 'submission_key', ignoreDuplicates: true })` sends PostgREST's
 * `Prefer: resolution=ignore-duplicates` and `?on_conflict=submission_key`.
 */
/**
 * One app per backend for the file, as the page and the form without JavaScript reach it:
 * through inject, as the subject is the database's key, not the socket.
 */
const keyServer = sharedPerBackend(async (kind) => {
  const { app, db, close } = await testApp(kind);
  const injected = injectFetch(app);
  return {
    app,
    db,
    fetch: injected,
    postgrest: new PostgrestClient(`${INJECTED_URL}/rest/v1`, { fetch: injected }),
    close,
  };
});

/** What the tests below send and read through the app `site()` gives. */
function through(
  site: () => {
    app: FastifyInstance;
    db: Database;
    fetch: typeof fetch;
    postgrest: PostgrestClient;
  },
) {
  /** A fresh proof of work from our server, as the page's worker solves it. */
  const proof = () => proofFrom(site().app);

  /** Sends the row as the page does; a row without `proof` is sent without one. */
  const send = (row: Record<string, unknown>) =>
    site()
      .postgrest.from('contact_submissions')
      .upsert(row, { onConflict: 'submission_key', ignoreDuplicates: true });

  const stored = async (key: string) =>
    site().db.query(
      `select s.email, o.submission_id is not null as queued
       from contact_submissions s left join lead_outbox o on o.submission_id = s.id
       where s.submission_key = $1`,
      [key],
    );

  /** Posts the body with a fresh proof of work, unless it carries its own. */
  const raw = async (body: Record<string, unknown>, { prefer = '', query = '' } = {}) =>
    site().fetch(`${INJECTED_URL}/rest/v1/contact_submissions${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(prefer && { prefer }) },
      body: JSON.stringify('proof' in body ? body : { ...body, proof: await proof() }),
    });

  return { site, proof, send, stored, raw };
}

// per backend: concurrent sends of one key: PGlite runs them one at a time, PostgreSQL's pool races them on the unique index.
describeEachBackend('each submission key stored once, sent as the page sends it', (kind) => {
  const { proof, send, stored, raw } = through(keyServer(kind));

  it('answers a repeat of a key 201 like the first, and stores and queues it once', async () => {
    // A retry is the same request: the same proof with the same key.
    const row = {
      ...VALID,
      email: 'once@example.co.uk',
      submission_key: randomUUID(),
      proof: await proof(),
    };
    for (let i = 0; i < 3; i++) {
      const { status, error } = await send(row);
      expect({ status, error }).toEqual({ status: 201, error: null });
    }
    expect(await stored(row.submission_key)).toEqual([{ email: row.email, queued: true }]);
  });

  it('says the resolution was applied, as PostgREST does', async () => {
    const response = await raw(
      { ...VALID, submission_key: randomUUID() },
      { prefer: 'resolution=ignore-duplicates', query: '?on_conflict=submission_key' },
    );
    expect(response.status).toBe(201);
    expect(response.headers.get('preference-applied')).toBe('resolution=ignore-duplicates');
  });

  it('leaves exactly one row per key whatever the interleaving', async () => {
    const step = fc.record({
      draft: fc.nat({ max: 3 }),
      kind: fc.constantFrom('send', 'retry', 'reload', 'replay'),
      together: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        const drafts = [0, 1, 2, 3].map((i) => ({
          ...VALID,
          email: `draft${i}.${randomUUID().slice(0, 8)}@example.co.uk`,
          submission_key: randomUUID(),
        }));
        // The proof each draft's page holds: a send or a retry reuses it (the
        // same proof with the same key); a reload solves a fresh one.
        const proofs = await Promise.all(drafts.map(() => proof()));
        let running: PromiseLike<unknown>[] = [];
        for (const { draft, kind, together } of steps) {
          if (kind === 'reload') proofs[draft] = await proof();
          const row = { ...drafts[draft]!, proof: proofs[draft]! };
          // A replay is the same request again; a reload sends the saved draft, which
          // postgrest-js wraps the same way; each answer must be a success.
          const attempt = (kind === 'replay' ? send(row).then(() => send(row)) : send(row)).then(
            ({ status }) => expect(status).toBe(201),
          );
          running.push(attempt);
          if (!together) {
            await Promise.all(running);
            running = [];
          }
        }
        await Promise.all(running);
        const used = new Set(steps.map((s) => s.draft));
        for (const i of used) {
          const rows = await stored(drafts[i]!.submission_key);
          expect(rows).toEqual([{ email: drafts[i]!.email, queued: true }]);
        }
        for (const i of [0, 1, 2, 3].filter((n) => !used.has(n))) {
          expect(await stored(drafts[i]!.submission_key)).toEqual([]);
        }
      }),
      { numRuns: 25 },
    );
  });
});

// per backend: the refusals carry the database's own errors (23505, 22P02), as each driver reports them.
describeEachBackend(
  'each submission key stored once, sent without that preference or with one we do not serve',
  (kind) => {
    const { stored, raw } = through(keyServer(kind));

    it('refuses a repeated key without the preference with 409, changing nothing', async () => {
      const key = randomUUID();
      expect(
        (await raw({ ...VALID, email: 'plain@example.co.uk', submission_key: key })).status,
      ).toBe(201);
      const repeat = await raw({ ...VALID, email: 'other@example.co.uk', submission_key: key });
      expect(repeat.status).toBe(409);
      expect(await repeat.json()).toMatchObject({ code: '23505' });
      expect(await stored(key)).toEqual([{ email: 'plain@example.co.uk', queued: true }]);
    });

    it.each([
      [
        'merge-duplicates (an UPDATE)',
        'resolution=merge-duplicates',
        '?on_conflict=submission_key',
      ],
      ['another arbiter', 'resolution=ignore-duplicates', '?on_conflict=email'],
      ['the default arbiter, the id', 'resolution=ignore-duplicates', ''],
      ['on_conflict without a resolution', '', '?on_conflict=submission_key'],
    ])('refuses %s as not implemented, storing nothing', async (_, prefer, query) => {
      const key = randomUUID();
      const response = await raw({ ...VALID, submission_key: key }, { prefer, query });
      expect(response.status).toBe(400);
      const body = (await response.json()) as Record<string, unknown>;
      expect(Object.keys(body).sort()).toEqual(['code', 'details', 'hint', 'message']);
      expect(body.code).toBe('PGRST127');
      expect(await stored(key)).toEqual([]);
    });

    it.each([
      ['not a UUID', 'abc'],
      ['a number', 42],
      ['an object', {}],
    ])('refuses a key that is %s with 400 22P02', async (_, key) => {
      const response = await raw({ ...VALID, submission_key: key });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: '22P02' });
    });
  },
);

// per backend: as above.
describeEachBackend(
  'each submission key stored once, sent from the form without JavaScript',
  (kind) => {
    const { site } = through(keyServer(kind));

    it('stores the same words from the form without JavaScript once within 10 minutes, and confirms both with one reference', async () => {
      const words = { ...VALID, email: 'native-twice@example.co.uk' };
      const post = () =>
        site().fetch(`${INJECTED_URL}/contact`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(words).toString(),
          redirect: 'manual',
        });
      const [first, second] = [await post(), await post()];
      expect(first.status).toBe(303);
      expect(second.headers.get('location')).toBe(first.headers.get('location'));
      const rows = await site().db.query(
        'select submission_key::text as key from contact_submissions where email = $1',
        [words.email],
      );
      expect(rows).toHaveLength(1);
      const reference = submissionReference(String(rows[0]!.key));
      expect(first.headers.get('location')).toBe(`/contact/sent/${reference}`);
      // The confirmation names it (without a build: the plain page).
      const page = await site().fetch(`${INJECTED_URL}/contact/sent/${reference}`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain(reference);
      expect(html).toContain(MESSAGES.sent.replace("'", '&#39;'));
    });

    it('sends anything that is not a reference to the plain confirmation', async () => {
      const response = await site().fetch(`${INJECTED_URL}/contact/sent/%3Cscript%3E`, {
        redirect: 'manual',
      });
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe('/contact/sent/');
    });

    /**
     * Any interleaving of what a page and a network do to a few drafts: first
     * sends, retries, a reload that sends the saved draft again, a proxy that
     * replays a request, all concurrently: one row per key, one outbox row.
     */
  },
);
