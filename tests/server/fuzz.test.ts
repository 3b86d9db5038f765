import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateSubmission } from '../../src/features/contact/validation.ts';
import { testApp, type TestApp } from './support/backends.ts';
import { ERROR_KEYS, send, VALID } from './support/requests.ts';

/** Any UTF-16 unit, lone surrogates and NUL included, weighted towards the awkward ones. */
const anyUnit = fc.oneof(
  fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit)),
  fc.constantFrom(' ', '\t', '\n', '\u00a0', '\u3000', '\ufeff', '@', '.', '\u0000', '\ud83d'),
);
const text = fc.oneof(
  fc.string({ unit: anyUnit, maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(VALID.name, VALID.email, VALID.message, ''),
);
const fieldValue = fc.oneof({ weight: 4, arbitrary: text }, fc.jsonValue({ maxDepth: 2 }));
const submissionLike = fc.record(
  { name: fieldValue, email: fieldValue, message: fieldValue },
  { requiredKeys: [] },
);
/** A valid submission with one field swapped for something random: often still valid. */
const nearlyValid = fc
  .tuple(fc.constantFrom('name', 'email', 'message'), text)
  .map(([field, value]) => JSON.stringify({ ...VALID, [field]: value }));
const body = fc.oneof(
  { weight: 4, arbitrary: nearlyValid },
  { weight: 4, arbitrary: submissionLike.map((value) => JSON.stringify(value)) },
  fc
    .tuple(
      submissionLike,
      fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 }),
    )
    .map(([fields, extra]) => JSON.stringify({ ...extra, ...fields })),
  fc.json({ maxDepth: 3 }),
  fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
  fc.string({ unit: anyUnit, maxLength: 64 }),
);
/** Mostly what postgrest-js sends; sometimes anything. */
const headers = fc.oneof(
  { weight: 7, arbitrary: fc.constant({ 'content-type': 'application/json' }) },
  {
    weight: 3,
    arbitrary: fc.record(
      {
        'content-type': fc.constantFrom(
          'application/json',
          'application/json; charset=utf-8',
          'text/plain',
          '',
          'application/x-www-form-urlencoded',
          '*/*',
        ),
        prefer: fc.oneof(
          fc.constantFrom('return=representation', 'missing=default', 'handling=strict, x=y'),
          fc.string({ maxLength: 20 }),
        ),
        accept: fc.constantFrom('*/*', 'application/json', 'text/html', 'image/png'),
        'content-profile': fc.constantFrom('public', 'private'),
      },
      { requiredKeys: ['content-type'] },
    ),
  },
);

/**
 * Whatever arrives, the answer is 201 for a valid submission (stored exactly
 * as sent) or a 4xx in PostgREST's shape; never a 5xx, never a stored bad row.
 */
describe('random requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp('embedded');
  });
  afterAll(() => t?.close());

  it('never answer 5xx and never store an invalid row', async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(body, headers, async (raw, requestHeaders) => {
        const response = await send(t.app, {
          raw,
          headers: requestHeaders as Record<string, string>,
        });
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        expect(response.statusCode).toBeLessThan(500);
        if (response.statusCode === 201) {
          const [row] = await t.db.query(
            'select name, email, message from public.contact_submissions order by id desc limit 1',
          );
          const stored = row as { name: string; email: string; message: string };
          expect(validateSubmission(stored)).toEqual({ ok: true, value: stored });
          expect(JSON.parse(raw.toString())).toMatchObject(stored);
        } else {
          expect(response.statusCode).toBeGreaterThanOrEqual(400);
          expect(Object.keys(response.json()).sort()).toEqual(ERROR_KEYS);
        }
      }),
      { numRuns: 500 },
    );
    // The property is only as good as its mix: both answers must have come up often.
    expect(statuses.get(201)).toBeGreaterThan(10);
    expect(statuses.get(400)).toBeGreaterThan(200);
  });
});
