import { afterAll, beforeAll, expect, it } from 'vitest';
import { validateSubmission } from '../../shared/validation.ts';
import { insertAsAnon } from './support/as-anon.ts';
import { describeEachBackend, testApp, type TestApp } from './support/backends.ts';
import { send, VALID } from '../support/requests.ts';

/** Whitespace a visitor's paste brings along: each of JavaScript's \s at the edges. */
const PADDED = {
  name: ' \u00a0Jane Smith\t',
  email: '\u2003jane@example.co.uk\u3000',
  message: '\ufeff\n Hello there \r\n\u2028',
};
const STORED = validateSubmission(PADDED);

// per backend: the trimming is the database's trigger, its regular expressions in PGlite (PostgreSQL 17 in WASM) and PostgreSQL 15.
describeEachBackend('one rule for both routes and for PostgREST', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(kind);
  });
  afterAll(() => t?.close());

  const lastRow = async () =>
    (
      await t.db.query(
        'select name, email, message from public.contact_submissions order by id desc limit 1',
      )
    )[0];

  it('the form’s rules accept the padded text, trimmed', () => {
    expect(STORED).toEqual({
      ok: true,
      value: { name: 'Jane Smith', email: 'jane@example.co.uk', message: 'Hello there' },
    });
  });

  it('stores a padded JSON insert trimmed, as the native form does', async () => {
    const json = await send(t.app, { body: PADDED });
    expect(json.statusCode, json.body).toBe(201);
    expect(await lastRow()).toEqual(STORED.ok && STORED.value);

    const form = await t.app.inject({
      method: 'POST',
      url: '/contact',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(PADDED).toString(),
    });
    expect(form.statusCode).toBe(303);
    expect(await lastRow()).toEqual(STORED.ok && STORED.value);
  });

  it('trims an insert as anon with no server of ours (hosted Supabase’s path)', async () => {
    await insertAsAnon(t.db, PADDED);
    expect(await lastRow()).toEqual(STORED.ok && STORED.value);
  });

  it('still refuses what is empty once trimmed, on both routes', async () => {
    const json = await send(t.app, { body: { ...VALID, name: ' \u3000 ' } });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({ code: '23514' });
    const form = await t.app.inject({
      method: 'POST',
      url: '/contact',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...VALID, name: ' \u3000 ' }).toString(),
    });
    expect(form.statusCode).toBe(400);
  });
});
