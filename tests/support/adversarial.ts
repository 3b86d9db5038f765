import { LIMITS, type ContactSubmission } from '../../shared/validation.ts';
import { MAX_BODY_BYTES } from '../../server/rest/rest-plugin.ts';
import { MAX_PROOF_CHARS } from '../../server/db/proof-of-work-settings.ts';
import { VALID } from './requests.ts';

/**
 * Room for the other fields, the proof of work the page adds (at most
 * MAX_PROOF_CHARS) and the JSON around the one that is stretched.
 */
const ROOM = MAX_BODY_BYTES - MAX_PROOF_CHARS - 400;

/**
 * Submissions built to make a pattern work hard, as large as the insert route
 * accepts: long runs that a backtracking pattern retries from every position,
 * text that is nearly valid at its limit, and characters each rule singles out.
 */
export const ADVERSARIAL: [string, ContactSubmission][] = [
  ['an email of dots between two at signs', { ...VALID, email: `a@${'.'.repeat(ROOM)}@` }],
  ['an email of dots at its limit', { ...VALID, email: `a@${'.'.repeat(LIMITS.email.max - 3)}@` }],
  ['an email of at signs', { ...VALID, email: '@'.repeat(ROOM) }],
  ['an email of repeated "a@a."', { ...VALID, email: 'a@a.'.repeat(ROOM / 4) }],
  ['an email of whitespace inside', { ...VALID, email: `a${' \u3000'.repeat(ROOM / 5)}@b.c` }],
  ['a name of zero-width spaces', { ...VALID, name: '\u200b'.repeat(ROOM / 3) }],
  ['a name of zero-width spaces at its limit', { ...VALID, name: '\u200b'.repeat(100) }],
  [
    'a message of spaces around one letter',
    { ...VALID, message: `${' '.repeat(ROOM / 2)}x${' '.repeat(ROOM / 2)}` },
  ],
  [
    'a message at its limit, whitespace inside',
    { ...VALID, message: `x${' \u3000'.repeat((LIMITS.message.max - 2) / 2)}x` },
  ],
  ['a message of lone surrogates', { ...VALID, message: '\ud800'.repeat(ROOM / 6) }],
  ['a message of escape characters', { ...VALID, message: '\u001b'.repeat(ROOM / 6) }],
  ['a message of combining marks', { ...VALID, message: `a${'\u0301'.repeat(ROOM / 2)}` }],
  [
    'a message of invisible characters at its limit',
    { ...VALID, message: '\u2060'.repeat(LIMITS.message.max) },
  ],
];

/** A valid submission with every field at its limit: the most work a normal request asks for. */
export const LARGEST_VALID: ContactSubmission = {
  name: 'x'.repeat(LIMITS.name.max),
  email: `${'a'.repeat(LIMITS.email.max - 12)}@example.com`,
  message: 'm'.repeat(LIMITS.message.max),
};

/**
 * The typical time one call of `work` takes, in ms: the best of several rounds,
 * so a busy machine's pauses fall in rounds that are not counted.
 */
export async function typicalCost(
  work: () => unknown,
  { rounds = 7, repeats = 5 } = {},
): Promise<number> {
  let best = Infinity;
  for (let round = 0; round < rounds; round++) {
    const start = performance.now();
    for (let i = 0; i < repeats; i++) await work();
    best = Math.min(best, (performance.now() - start) / repeats);
  }
  return best;
}
