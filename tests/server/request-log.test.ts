import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnEmbedded, testApp, type TestApp } from './support/backends.ts';
import { send } from '../support/requests.ts';

/** Strings no log line may hold: they are the visitor's. */
const VISITOR = {
  name: 'Zebedee Quartermaine',
  email: 'zebedee.q@secret-mail.example',
  message: 'Please keep this confidential: budget 12345',
};

describeOnEmbedded('the request log', (kind) => {
  let site: TestApp;
  let lines: Record<string, unknown>[];
  let raw: string;
  beforeAll(async () => {
    const stream = new PassThrough();
    raw = '';
    stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    site = await testApp(kind, {}, { logger: stream });

    await send(site.app, {
      body: VISITOR,
      headers: { authorization: 'Bearer secret-token', apikey: 'secret-key', cookie: 'sid=secret' },
    });
    // Refused submissions too: a check failure must not echo the row.
    await send(site.app, { body: { ...VISITOR, email: 'not-an-email' } });
    await send(site.app, { body: { ...VISITOR, name: '' } });
    await send(site.app, { raw: `{"name": "${VISITOR.name}", broken` });
    await site.app.inject('/healthz');
    lines = raw
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  });
  afterAll(() => site?.close());

  it('writes one line per request, with its status and time taken', () => {
    const requests = lines.filter((line) => line.msg === 'request completed');
    // send() fetches a challenge for the proof of work before each JSON body (not the raw one).
    const CHALLENGE = ['/rest/v1/rpc/contact_challenge', 200];
    expect(requests.map((line) => [line.url, line.statusCode])).toEqual([
      CHALLENGE,
      ['/rest/v1/contact_submissions', 201],
      CHALLENGE,
      ['/rest/v1/contact_submissions', 400],
      CHALLENGE,
      ['/rest/v1/contact_submissions', 400],
      ['/rest/v1/contact_submissions', 400],
      ['/healthz', 200],
    ]);
    for (const line of requests) {
      expect(line).toMatchObject({ method: expect.any(String), url: expect.any(String) });
      expect(line.responseTime).toEqual(expect.any(Number));
    }
    expect(lines.filter((line) => line.msg === 'incoming request')).toEqual([]);
  });

  it('never holds a visitor’s name, email or message, nor their credentials', () => {
    for (const secret of [...Object.values(VISITOR), 'secret-token', 'secret-key', 'sid=secret']) {
      expect(raw).not.toContain(secret);
    }
    expect(raw).not.toContain('Zebedee');
    expect(raw).not.toContain('secret-mail');
  });
});
