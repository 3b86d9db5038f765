import { afterAll, beforeAll, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../server/rest/rest-plugin.ts';
import { MESSAGES } from '../../shared/copy/contact-messages.ts';
import { nativeFormPageCopy } from '../../shared/copy/native-form-pages.ts';
import { countRows, describeOnEmbedded, testApp, type TestApp } from './support/backends.ts';
import { VALID } from '../support/requests.ts';

const FORM_TYPE = 'application/x-www-form-urlencoded';

/** POST /contact as a browser sends the form without JavaScript (tests/e2e/no-script.spec.ts drives it in Chromium). */
describeOnEmbedded('the native form route', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(kind);
  });
  afterAll(() => t?.close());

  const post = (payload: string | Buffer, type = FORM_TYPE) =>
    t.app.inject({ method: 'POST', url: '/contact', headers: { 'content-type': type }, payload });
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

  it('stores a valid form once and answers 303 to a fixed confirmation path', async () => {
    const before = await countRows(t.db);
    const response = await post(form({ ...VALID, company_website: '' }));
    expect(response.statusCode).toBe(303);
    // The confirmation with the submission's reference (server/native-form/sent-page.ts).
    expect(response.headers.location).toMatch(/^\/contact\/sent\/FD-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(await countRows(t.db)).toBe(before + 1);
  });

  it('stores it unverified: without JavaScript there is no proof of work', async () => {
    const email = 'no-script@example.co.uk';
    expect((await post(form({ ...VALID, email }))).statusCode).toBe(303);
    const rows = await t.db.query(
      'select verified from public.contact_submissions where email = $1',
      [email],
    );
    expect(rows).toEqual([{ verified: false }]);
  });

  it('keeps a message’s line breaks, which a browser sends as CRLF, as the line feeds a script sends', async () => {
    const message = 'First line\r\nSecond line\r\n\r\nThird';
    expect((await post(form({ ...VALID, message }))).statusCode).toBe(303);
    const [row] = await t.db.query(
      'select message from public.contact_submissions order by id desc limit 1',
    );
    expect(row?.message).toBe('First line\nSecond line\n\nThird');
  });

  it.each([
    ['an invalid email', { ...VALID, email: 'jane@example' }, MESSAGES.invalidEmail],
    ['an empty field', { ...VALID, name: ' ' }, MESSAGES.missing],
    ['a message over the limit', { ...VALID, message: 'x'.repeat(5001) }, MESSAGES.tooLong.message],
  ])('answers %s with 400, the spec’s message and no Location', async (_, fields, message) => {
    const before = await countRows(t.db);
    const response = await post(form(fields));
    expect(response.statusCode).toBe(400);
    expect(response.headers.location).toBeUndefined();
    expect(response.body).toContain(message);
    expect(await countRows(t.db)).toBe(before);
  });

  it('answers two empty fields and a bad address with every field’s problem, storing nothing', async () => {
    const before = await countRows(t.db);
    const response = await post(form({ name: ' ', email: 'jane@example', message: '' }));
    expect(response.statusCode).toBe(400);
    // The spec's line, then each field's own words, in the form's order (this server has no build:
    // the build's page marks each field too, tests/e2e/no-script.spec.ts).
    const said = [MESSAGES.empty.name, MESSAGES.invalidEmail, MESSAGES.empty.message];
    expect(response.body).toContain(MESSAGES.missing);
    expect(response.body).toContain(
      `<ul>${said.map((words) => `<li>${words}</li>`).join('')}</ul>`,
    );
    expect(await countRows(t.db)).toBe(before);
  });

  it.each([
    ['JSON', 'application/json'],
    ['text/plain', 'text/plain'],
  ])('refuses a %s body with 415, storing nothing', async (_, type) => {
    const before = await countRows(t.db);
    expect((await post(JSON.stringify(VALID), type)).statusCode).toBe(415);
    expect(await countRows(t.db)).toBe(before);
  });

  it('refuses percent-encoded bytes that are not UTF-8 with the refusal page, storing nothing', async () => {
    const before = await countRows(t.db);
    const fields = form({ ...VALID, message: 'Kept words' });
    const response = await post(`${fields.replace(/^name=[^&]*/, 'name=Ann%FF%FE')}`);
    expect(response.statusCode).toBe(400);
    expect(response.headers.location).toBeUndefined();
    expect(response.body).toContain(nativeFormPageCopy.invalid.title);
    expect(response.body).toContain(nativeFormPageCopy.undecodable);
    expect(await countRows(t.db)).toBe(before);
  });

  it('refuses a body over the limit with 413, storing nothing', async () => {
    const before = await countRows(t.db);
    const response = await post(form({ ...VALID, message: 'x'.repeat(MAX_BODY_BYTES) }));
    expect(response.statusCode).toBe(413);
    // Its words were never read: the page says so, rather than "correct it below" over empty fields.
    expect(response.body).toContain(nativeFormPageCopy.invalid.tooLarge);
    expect(response.body).not.toContain(nativeFormPageCopy.invalid.intro);
    expect(await countRows(t.db)).toBe(before);
  });

  it('answers 503 with Retry-After when the database has gone', async () => {
    const gone = await testApp(kind);
    await gone.db.close();
    const response = await gone.app.inject({
      method: 'POST',
      url: '/contact',
      headers: { 'content-type': FORM_TYPE },
      payload: form({ ...VALID }),
    });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBeDefined();
    await gone.app.close();
    await gone.backend.dispose();
  });
});
