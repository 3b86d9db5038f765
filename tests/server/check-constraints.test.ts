import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { openDatabase } from '../../server/db/open-database.ts';
import {
  INVISIBLE_RANGES,
  isValidRow,
  LIMITS,
  validateSubmission,
  type ContactSubmission,
} from '../../shared/validation.ts';
import { insertAsAnon, outcome } from './support/as-anon.ts';
import {
  describeEachBackend,
  freshBackend,
  TEST_RATE_LIMIT,
  type Backend,
} from './support/backends.ts';
import { VALID } from '../support/requests.ts';

/** Every BMP code point PostgreSQL can store (not NUL, not a surrogate half). */
const BMP = Array.from({ length: 0xffff }, (_, i) => i + 1).filter(
  (cp) => cp < 0xd800 || cp > 0xdfff,
);
const WHITESPACE = BMP.filter((cp) => /\s/.test(String.fromCodePoint(cp)));

/** Code points either side of each invisible range's ends, the astral ones included. */
const RANGE_EDGES = INVISIBLE_RANGES.flatMap(([from, to]) => [from - 1, from, to, to + 1]).filter(
  (cp) => cp > 0 && (cp < 0xd800 || cp > 0xdfff),
);
const MIGRATION = readFileSync(
  new URL('../../supabase/migrations/20261123010000_visible_text.sql', import.meta.url),
  'utf8',
);
/** INVISIBLE_RANGES as PostgreSQL's regular expressions write a class (NUL cannot be stored). */
const sqlCodePoint = (cp: number) =>
  cp > 0xffff
    ? `\\U${cp.toString(16).padStart(8, '0')}`
    : `\\u${Math.max(cp, 1).toString(16).padStart(4, '0')}`;
const SQL_INVISIBLE_CLASS = INVISIBLE_RANGES.map(([from, to]) =>
  from === to ? sqlCodePoint(from) : `${sqlCodePoint(from)}-${sqlCodePoint(to)}`,
).join('');

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

// per backend: the CHECK constraints' regular expressions run in PGlite (PostgreSQL 17 in WASM) and in PostgreSQL 15.
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
  async function refusedCodePoints(
    constraint: string,
    column: string,
    around: string,
    codePoints = BMP,
  ) {
    const [row] = await db.query(
      `select pg_get_constraintdef(oid) as def from pg_constraint where conname = $1`,
      [constraint],
    );
    const check = String(row?.def)
      .replace(/^CHECK /, '')
      .replace(/ NOT VALID$/, '');
    const rows = await db.query(
      `select cp from unnest($1::int[]) as cp, lateral (select ${around} as ${column}) v
       where not ${check} order by cp`,
      [codePoints],
    );
    return rows.map((r) => Number(r.cp));
  }

  it('treats exactly JavaScript’s \\s as whitespace at either end, over the whole BMP', async () => {
    // Whitespace at an end is refused; so is a C0 control anywhere in a name.
    const refusedIn = (field: 'name' | 'message', text: (c: string) => string) =>
      BMP.filter((cp) => !isValidRow({ ...VALID, [field]: text(String.fromCodePoint(cp)) }));
    const name = 'contact_submissions_name_check';
    const nameAfter = refusedIn('name', (c) => `a${c}`);
    expect(nameAfter.filter((cp) => cp > 0x1f)).toEqual(WHITESPACE.filter((cp) => cp > 0x1f));
    expect(await refusedCodePoints(name, 'name', "'a' || chr(cp)")).toEqual(nameAfter);
    expect(await refusedCodePoints(name, 'name', "chr(cp) || 'a'")).toEqual(
      refusedIn('name', (c) => `${c}a`),
    );
    const message = 'contact_submissions_message_check';
    expect(await refusedCodePoints(message, 'message', "chr(cp) || 'a'")).toEqual(
      refusedIn('message', (c) => `${c}a`),
    );
  });

  it('matches validation.ts for every BMP character in the address', async () => {
    const expected = BMP.filter(
      (cp) => !isValidRow({ ...VALID, email: `a${String.fromCodePoint(cp)}b@c.d` }),
    );
    const refused = await refusedCodePoints(
      'contact_submissions_email_check',
      'email',
      "'a' || chr(cp) || 'b@c.d'",
    );
    expect(refused).toEqual(expected);
  });

  it('writes the invisible class exactly as INVISIBLE_RANGES, in each field', () => {
    expect(MIGRATION.split(`[^${SQL_INVISIBLE_CLASS}]`)).toHaveLength(3);
    expect(MIGRATION.split(`!~ '[${SQL_INVISIBLE_CLASS}]'`)).toHaveLength(2);
  });

  it('refuses a field of nothing visible, and C0 controls, as validation.ts does', async () => {
    for (const [field, constraint] of [
      ['name', 'contact_submissions_name_check'],
      ['message', 'contact_submissions_message_check'],
    ] as const) {
      const alone = (cp: number) => !isValidRow({ ...VALID, [field]: String.fromCodePoint(cp) });
      expect(await refusedCodePoints(constraint, field, 'chr(cp)')).toEqual(BMP.filter(alone));
      const inside = (cp: number) =>
        !isValidRow({ ...VALID, [field]: `a${String.fromCodePoint(cp)}b` });
      expect(await refusedCodePoints(constraint, field, "'a' || chr(cp) || 'b'")).toEqual(
        BMP.filter(inside),
      );
    }
  });

  it('agrees at the edges of every invisible range, astral ones included', async () => {
    const alone = (cp: number) => !isValidRow({ ...VALID, name: String.fromCodePoint(cp) });
    const refused = await refusedCodePoints(
      'contact_submissions_name_check',
      'name',
      'chr(cp)',
      RANGE_EDGES,
    );
    expect(refused).toEqual(RANGE_EDGES.filter(alone).sort((x, y) => x - y));
  });

  it.each(SAMPLE)('agrees on %s', async (_, fields) => {
    const submission = { ...VALID, ...fields };
    // A fresh proof, so the CHECKs, not the proof-of-work trigger, decide.
    const result = await outcome(insertAsAnon(db, submission));
    // The database trims first (20261124045000_trim_submission_text.sql), as the form does.
    expect(result).toBe(validateSubmission(submission).ok ? 'ok' : '23514');
  });
});
