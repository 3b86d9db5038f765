import { afterAll, beforeAll, expect, it } from 'vitest';
import { LIMITS, type ContactSubmission } from '../../shared/validation.ts';
import { describeEachBackend, testApp, type TestApp } from './support/backends.ts';
import { send, VALID } from '../support/requests.ts';

const emoji = '😀';

/** Valid submissions that look odd: each is stored exactly as sent. */
const ODDITIES: [string, Partial<ContactSubmission>][] = [
  ['accented names', { name: 'Zoë Ångström-Ñúñez' }],
  ['emoji with joiners and skin tones', { name: '👩🏽‍💻 Priya', message: 'Team: 👨‍👩‍👧‍👦 🏳️‍🌈 🇬🇧' }],
  [
    'quotes of every kind',
    { name: `O'Brien "Bob" \`x\``, message: '‘curly’ “double” «guillemets»' },
  ],
  ['text that looks like SQL', { name: "Robert'); DROP TABLE contact_submissions;--" }],
  ['HTML and script', { message: '<script>alert(1)</script><img src=x onerror=alert(2)>' }],
  [
    'right-to-left text and bidi controls',
    { name: 'مرحبا بالعالم', message: 'abc\u202edcba\u202c end' },
  ],
  ['a spreadsheet formula', { name: '=HYPERLINK("http://evil.example","click")' }],
  ['inner line breaks and tabs', { message: 'Line 1\n\nLine 2\n\tindented\u2028next' }],
  ['a DEL and C1 controls inside (not C0)', { message: 'delete\u007f next\u0085line end' }],
  ['zero-width characters at the edges', { name: '\u200bJane\u200b', message: '\u2060hi\u200d' }],
  [
    'NEL and Mongolian vowel separator at the edges (not whitespace to JavaScript)',
    { name: '\u0085Jane\u180e' },
  ],
  ['an internationalised email', { email: 'josé.müller+site@exämple.co.uk' }],
  ['backslashes and JSON escapes', { message: 'C:\\path\\to\\file "quoted" \\u0000 literally' }],
  ['a name of one character', { name: 'J' }],
  ['the shortest email', { email: 'a@b.c' }],
  [
    'every field at its limit (astral characters)',
    {
      name: emoji.repeat(LIMITS.name.max),
      email: `${'a'.repeat(LIMITS.email.max - 12)}@example.com`,
      message: emoji.repeat(LIMITS.message.max),
    },
  ],
];

// per backend: text goes through PGlite in-process and through pg's wire protocol; each must store it verbatim.
describeEachBackend('valid oddities are stored verbatim', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(kind);
  });
  afterAll(() => t?.close());

  it.each(ODDITIES)('%s', async (_, fields) => {
    const submission = { ...VALID, ...fields };
    const response = await send(t.app, { body: submission });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.body).toBe('');
    const [stored] = await t.db.query(
      'select name, email, message, status from public.contact_submissions order by id desc limit 1',
    );
    expect(stored).toEqual({ ...submission, status: 'new' });
  });
});
