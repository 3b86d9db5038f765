/** Random insert requests for the fuzz test and bench/fuzz.ts. */
import fc from 'fast-check';
import { VALID } from './requests.ts';

/** Any UTF-16 unit, lone surrogates and NUL included, weighted towards the awkward ones. */
const anyUnit = fc.oneof(
  fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit)),
  fc.constantFrom(
    ...[' ', '\t', '\n', '\u00a0', '\u3000', '\ufeff', '@', '.', '\u0000', '\ud83d'],
    ...['\u0007', '\u001b', '\r', '\u200b', '\u2060', '\u3164'],
  ),
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
/** Request bodies: nearly valid submissions, odd objects, any JSON, any bytes. */
export const body = fc.oneof(
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
const rawHeaders = fc.oneof(
  { weight: 7, arbitrary: fc.constant({ 'content-type': 'application/json' }) },
  {
    weight: 3,
    arbitrary: fc.record(
      {
        'content-type': fc.oneof(
          fc.constantFrom(
            'application/json',
            'application/json; charset=utf-8',
            'application/json; charset=latin1',
            'APPLICATION/JSON',
            'text/plain',
            '',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
            '*/*',
          ),
          fc.string({ unit: 'binary-ascii', maxLength: 30 }),
        ),
        prefer: fc.oneof(
          fc.constantFrom('return=representation', 'missing=default', 'handling=strict, x=y'),
          fc.string({ maxLength: 20 }),
        ),
        accept: fc.constantFrom('*/*', 'application/json', 'text/html', 'image/png'),
        'content-profile': fc.constantFrom('public', 'private'),
        'content-encoding': fc.constantFrom('gzip', 'br', 'identity'),
        origin: fc.constantFrom('https://elsewhere.example', 'null'),
        'x-forwarded-for': fc.constantFrom('203.0.113.7', 'garbage', ''),
      },
      { requiredKeys: ['content-type'] },
    ),
  },
);

/** Header names and values are arbitrary too, within what HTTP can carry. */
export const headers = fc
  .tuple(
    rawHeaders,
    fc.dictionary(
      fc.stringMatching(/^x-[a-z]{1,10}$/),
      fc.string({ unit: 'binary-ascii', maxLength: 20 }).filter((v) => !/[\r\n\0]/.test(v)),
      { maxKeys: 2 },
    ),
  )
  .map(([known, extra]) => ({ ...extra, ...known }));
/** Whether a header value can travel in an HTTP request at all. */
export const sendable = (value: string) =>
  !/[\r\n\0]/.test(value) && /^[\x20-\x7e\t]*$/.test(value);

/**
 * The raw body with a proof of work added, as the page adds it, when it is one
 * JSON object without one; otherwise unchanged (and refused without a proof).
 * Only the proof is added: the rest of the bytes stay as generated.
 */
export async function withProof<T>(
  raw: T,
  nextProof: () => string | Promise<string>,
): Promise<T | string> {
  if (typeof raw !== 'string') return raw;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return raw;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return raw;
  if (Object.hasOwn(parsed, 'proof')) return raw;
  const end = raw.lastIndexOf('}');
  const proof = `"proof":${JSON.stringify(await nextProof())}`;
  const separator = Object.keys(parsed).length === 0 ? '' : ',';
  return `${raw.slice(0, end)}${separator}${proof}${raw.slice(end)}`;
}
