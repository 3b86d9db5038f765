import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, testApp, type TestApp } from './support/backends.ts';
import { send, TABLE_URL, VALID } from '../support/requests.ts';
import { proofFrom } from '../support/proof.ts';

/** The PostgREST details a client may lean on; protocol only, so the embedded backend suffices. */
describe('PostgREST protocol', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp('embedded');
  });
  afterAll(() => t?.close());

  const lastRow = async () =>
    (
      await t.db.query(
        'select name, email, message from public.contact_submissions order by id desc limit 1',
      )
    )[0];

  it('answers an insert with 201, no body and a Content-Range', async () => {
    const response = await send(t.app, { body: VALID });
    expect(response.statusCode).toBe(201);
    expect(response.body).toBe('');
    expect(response.headers['content-range']).toBe('*/*');
    expect(await lastRow()).toEqual(VALID);
  });

  it.each([
    ['an explicit UTF-8 charset', { 'content-type': 'Application/JSON; charset=UTF-8' }],
    ['the public profile', { 'content-profile': 'public' }],
    ['a browser Accept', { accept: 'text/html, */*;q=0.1' }],
    ['return=minimal, PostgREST’s default', { prefer: 'return=minimal' }],
    [
      'apikey and Authorization headers (all requests are anon)',
      { apikey: 'x', authorization: 'Bearer y' },
    ],
  ])('accepts %s', async (_, headers) => {
    const submission = { ...VALID, name: `Jane ${Math.random()}` };
    const response = await send(t.app, { body: submission, headers });
    expect(response.statusCode, response.body).toBe(201);
    expect(await lastRow()).toEqual(submission);
  });

  it('reads a GET’s schema from Accept-Profile and a POST’s from Content-Profile, as PostgREST does', async () => {
    const get = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/rest/v1/inbox_leads?select=id', headers });
    const refused = await get({ 'accept-profile': 'app_private' });
    expect(refused.statusCode).toBe(406);
    expect(refused.json()).toMatchObject({
      code: 'PGRST106',
      message: 'Invalid schema: app_private',
    });
    // PostgREST reads no Content-Profile on a GET: anon's read is refused by the grants alone.
    const anon = await get({ 'content-profile': 'app_private' });
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toMatchObject({ code: '42501' });
    const posted = await send(t.app, { body: VALID, headers: { 'accept-profile': 'app_private' } });
    expect(posted.statusCode, posted.body).toBe(201);
  });

  it('reports the preferences applied, over one header line or several', async () => {
    const response = await send(t.app, {
      url: `${TABLE_URL}?on_conflict=submission_key`,
      body: { ...VALID, submission_key: randomUUID() },
      headers: { prefer: 'return=minimal,resolution=ignore-duplicates, return=minimal' },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.headers['preference-applied']).toBe(
      'return=minimal, resolution=ignore-duplicates',
    );
  });

  it('refuses a preference no client of ours sends, storing nothing', async () => {
    const before = await countRows(t.db);
    const response = await send(t.app, { body: VALID, headers: { prefer: 'tx=rollback' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'PGRST127', message: 'Feature not implemented' });
    expect(await countRows(t.db)).toBe(before);
  });

  it('names the failing CHECK constraint as PostgreSQL does', async () => {
    const response = await send(t.app, { body: { ...VALID, email: 'not-an-email' } });
    expect(response.statusCode).toBe(400);
    expect(response.headers['proxy-status']).toBe('PostgREST; error=23514');
    expect(response.json()).toEqual({
      code: '23514',
      details: null,
      hint: null,
      message:
        'new row for relation "contact_submissions" violates check constraint "contact_submissions_email_check"',
    });
  });

  it('answers what no client of ours sends with PostgREST’s own "not implemented"', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${TABLE_URL}?select=*` });
    expect(response.statusCode).toBe(400);
    expect(response.headers['proxy-status']).toBe('PostgREST; error=PGRST127');
    expect(response.json()).toEqual({
      code: 'PGRST127',
      details: expect.stringContaining('GET on this path is not implemented here'),
      hint: null,
      message: 'Feature not implemented',
    });
  });
});

describe('a database that has gone away', () => {
  it('answers 503 in PostgREST shape', async () => {
    const t = await testApp('embedded');
    const proof = await proofFrom(t.app);
    await t.db.close();
    const response = await send(t.app, { body: { ...VALID, proof } });
    expect(response.statusCode).toBe(503);
    // The challenge too: a database that has gone away is never the visitor's fault.
    expect(
      (await send(t.app, { url: '/rest/v1/rpc/contact_challenge', body: {}, proof: false }))
        .statusCode,
    ).toBe(503);
    expect(response.json()).toMatchObject({ code: 'PGRST000' });
    await t.close();
  });
});
