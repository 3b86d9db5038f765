import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  INVISIBLE_RANGES,
  LIMITS,
  LONE_SURROGATE,
  validateSubmission,
} from '../../shared/validation.ts';
import { describeEachBackend, testApp, type TestApp } from './support/backends.ts';
import { proofFrom } from '../support/proof.ts';
import { VALID } from '../support/requests.ts';

// fuzz.test.ts posts random bodies through the server (no 5xx, nothing invalid stored).
// Here the server's checks are bypassed: the database's own CHECK constraints, met as
// anon, must agree with validateSubmission on every string, both ways.

const awkward = fc.constantFrom(
  ' ',
  '\t',
  '\n',
  '\u00a0',
  '\u2003',
  '\u3000',
  '\ufeff',
  '\u200b',
  '\u0085',
  '\u0000',
  '\ud83d',
  '\ude00',
  '😀',
  '👩‍💻',
  'é',
  '@',
  '.',
  // Controls: refused in a name or an address; in a message only LF and tab pass.
  '\u0007',
  '\u001b',
  '\r',
  '\u007f',
  // Invisible: a field of only these is empty.
  '\u200d',
  '\u2060',
  '\u3164',
  '\ufe0f',
  '\u{e0041}',
);
/** Any code point at either end of an invisible range, or just outside it. */
const rangeEdge = fc
  .constantFrom(...INVISIBLE_RANGES.flatMap(([from, to]) => [from - 1, from, to, to + 1]))
  .filter((cp) => cp > 0 && (cp < 0xd800 || cp > 0xdfff))
  .map((cp) => String.fromCodePoint(cp));
const unit = fc.oneof(
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
  awkward,
  rangeEdge,
);
/** Lengths clustered around each limit, where off-by-one disagreements live. */
const nearLimit = (field: keyof typeof LIMITS) =>
  fc
    .tuple(
      fc.constantFrom(
        0,
        1,
        2,
        LIMITS[field].min,
        LIMITS[field].max - 1,
        LIMITS[field].max,
        LIMITS[field].max + 1,
      ),
      fc.oneof(fc.constant('a'), fc.constant('😀'), fc.constant('é')),
      fc.array(fc.oneof(awkward, rangeEdge), { maxLength: 3 }),
    )
    .map(([length, fill, edges]) => edges.join('') + fill.repeat(length) + edges.join(''));
const text = (field: keyof typeof LIMITS) =>
  fc.oneof(fc.string({ unit, maxLength: 12 }), nearLimit(field), fc.constant(VALID[field]));
const email = fc.oneof(
  text('email'),
  fc
    .tuple(
      fc.string({ unit, maxLength: 6 }),
      fc.string({ unit, maxLength: 6 }),
      fc.string({ unit, maxLength: 4 }),
    )
    .map(([local, domain, tld]) => `${local}@${domain}.${tld}`),
);

// per backend: the CHECK constraints' regular expressions run in PGlite (PostgreSQL 17 in WASM) and in PostgreSQL 15.
describeEachBackend('validateSubmission and the database', (kind) => {
  let site: TestApp;
  beforeAll(async () => {
    site = await testApp(kind);
  });
  afterAll(() => site?.close());

  it('accept exactly the same submissions', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({ name: text('name'), email, message: text('message') }),
        async (submission) => {
          const verdict = validateSubmission(submission);
          // The drivers encode a lone surrogate as U+FFFD, so the database never sees
          // one; the validator (and the server, before it) must refuse it.
          if (!Object.values(submission).every((value) => !LONE_SURROGATE.test(value))) {
            expect(verdict.ok).toBe(false);
            return;
          }
          // Sent as typed: the database trims as validation.ts does
          // (20261124045000_trim_submission_text.sql), so the verdicts and the stored text agree.
          const stored = await site.db
            .insertSubmission(submission, {
              clientAddress: '203.0.113.7',
              proof: await proofFrom(site.db),
            })
            .then(
              () => true,
              () => false,
            );
          expect({ stored, submission }).toEqual({ stored: verdict.ok, submission });
          if (verdict.ok) {
            const [row] = await site.db.query(
              'select name, email, message from public.contact_submissions order by id desc limit 1',
            );
            expect(row).toEqual(verdict.value);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
