import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { openDatabase } from '../../server/db/open-database.ts';
import {
  EMAIL_PATTERN,
  LIMITS,
  validateSubmission,
  type ContactSubmission,
} from '../../src/features/contact/validation.ts';
import { asAnon, outcome } from './support/as-anon.ts';
import {
  describeEachBackend,
  freshBackend,
  TEST_RATE_LIMIT,
  type Backend,
} from './support/backends.ts';
import { VALID } from './support/requests.ts';

/** Every BMP code point PostgreSQL can store (not NUL, not a surrogate half). */
const BMP = Array.from({ length: 0xffff }, (_, i) => i + 1).filter(
  (cp) => cp < 0xd800 || cp > 0xdfff,
);
const WHITESPACE = BMP.filter((cp) => /\s/.test(String.fromCodePoint(cp)));

/** What the server accepts: validation.ts's rules on text that arrived already trimmed. */
function serverAccepts(submission: ContactSubmission): boolean {
  const trimmed = Object.values(submission).every((value) => value === value.trim());
  return trimmed && validateSubmission(submission).ok;
}

const emoji = '😀';
const SAMPLE: [string, Partial<ContactSubmission>][] = [
  ['valid', {}],
  ['name at 100', { name: 'x'.repeat(LIMITS.name.max) }],
  ['name at 101', { name: 'x'.repeat(LIMITS.name.max + 1) }],
  ['name of 100 emoji', { name: emoji.repeat(LIMITS.name.max) }],
  ['name of 101 emoji', { name: emoji.repeat(LIMITS.name.max + 1) }],
  ['email at 254', { email: `${'a'.repeat(LIMITS.email.max - 12)}@example.com` }],
  ['email at 255', { email: `${'a'.repeat(LIMITS.email.max - 11)}@example.com` }],
  ['message at 5000', { message: 'm'.repeat(LIMITS.message.max) }],
  ['message at 5001', { message: 'm'.repeat(LIMITS.message.max + 1) }],
  ['empty name', { name: '' }],
  ['tab-only message', { message: '\t' }],
  ['name ending in NBSP', { name: 'Jane\u00a0' }],
  ['name ending in U+0085 (not JS whitespace)', { name: 'Jane\u0085' }],
  ['name starting with U+200B (not JS whitespace)', { name: '\u200bJane' }],
  ['message starting with U+FEFF', { message: '\ufeffhello' }],
  ['message ending in U+205F', { message: 'hello\u205f' }],
  ['email a@b.c', { email: 'a@b.c' }],
  ['email a@b', { email: 'a@b' }],
  ['email a@.c', { email: 'a@.c' }],
  ['email @b.c', { email: '@b.c' }],
  ['email a@b.', { email: 'a@b.' }],
  ['email a@b..c', { email: 'a@b..c' }],
  ['email a.b@c', { email: 'a.b@c' }],
  ['email with U+3000 inside', { email: 'a\u3000b@c.d' }],
  ['email with U+180E inside (not JS whitespace)', { email: 'a\u180eb@c.d' }],
  ['email with emoji', { email: `${emoji}@${emoji}.${emoji}` }],
];

describeEachBackend('CHECK constraints agree with validation.ts', (kind) => {
  let backend: Backend;
  let db: Database;
  beforeAll(async () => {
    backend = await freshBackend(kind);
    // Many accepted anon inserts with no address: the shared bucket needs room.
    db = await openDatabase({ ...backend.options, rateLimitPerMinute: TEST_RATE_LIMIT });
  });
  afterAll(async () => {
    await db?.close();
    await backend?.dispose();
  });

  /** The code points c for which the constraint refuses the text built around c. */
  async function refusedCodePoints(constraint: string, column: string, around: string) {
    const [row] = await db.query(
      `select pg_get_constraintdef(oid) as def from pg_constraint where conname = $1`,
      [constraint],
    );
    const check = String(row?.def).replace(/^CHECK /, '');
    const rows = await db.query(
      `select cp from unnest($1::int[]) as cp, lateral (select ${around} as ${column}) v
       where not ${check} order by cp`,
      [BMP],
    );
    return rows.map((r) => Number(r.cp));
  }

  it('treats exactly JavaScript’s \\s as whitespace at either end, over the whole BMP', async () => {
    const name = 'contact_submissions_name_check';
    expect(await refusedCodePoints(name, 'name', "'a' || chr(cp)")).toEqual(WHITESPACE);
    expect(await refusedCodePoints(name, 'name', "chr(cp) || 'a'")).toEqual(WHITESPACE);
    const message = 'contact_submissions_message_check';
    expect(await refusedCodePoints(message, 'message', "chr(cp) || 'a'")).toEqual(WHITESPACE);
  });

  it('matches EMAIL_PATTERN for every BMP character in the address', async () => {
    const expected = BMP.filter((cp) => !EMAIL_PATTERN.test(`a${String.fromCodePoint(cp)}b@c.d`));
    const refused = await refusedCodePoints(
      'contact_submissions_email_check',
      'email',
      "'a' || chr(cp) || 'b@c.d'",
    );
    expect(refused).toEqual(expected);
  });

  it.each(SAMPLE)('agrees on %s', async (_, fields) => {
    const submission = { ...VALID, ...fields };
    const result = await outcome(
      asAnon(
        db,
        'insert into public.contact_submissions (name, email, message) values ($1, $2, $3)',
        [submission.name, submission.email, submission.message],
      ),
    );
    expect(result).toBe(serverAccepts(submission) ? 'ok' : '23514');
  });
});
