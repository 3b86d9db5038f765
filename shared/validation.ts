/**
 * The one definition of a valid contact submission. The form, the server and
 * the tests import it; the database's CHECK constraints in
 * supabase/migrations/ encode the same rules in SQL (tests/server/check-constraints.test.ts
 * and the differential property test keep the two in step).
 *
 * No rule here may let one request stall the page or the server: a field's length
 * is checked before any pattern runs on it, and every pattern is a single pass over
 * the text (one character class, or indexOf), never one that can backtrack.
 */
import { LIMITS } from './limits.ts';
import { MESSAGES } from './copy/contact-messages.ts';
import { isEmailAddress } from './email-address.ts';

export { LIMITS };

export type ContactField = keyof typeof LIMITS;
export const CONTACT_FIELDS = Object.keys(LIMITS) as ContactField[];

export interface ContactSubmission {
  name: string;
  email: string;
  message: string;
}

/** A row as inserted: the form's honeypot, when filled, flags it (stored, not emailed). */
export type SubmissionRow = ContactSubmission & {
  suspected_spam?: boolean;
  /** The draft's key, drawn on the device (docs/product.md#exactly-once); a UUID. */
  submission_key?: string;
};

/**
 * Code points that show nothing on their own: JavaScript's \s (which is what
 * String.prototype.trim() removes), C0 and C1 controls, Unicode's
 * default-ignorable code points (zero-width spaces and joiners, bidi controls,
 * variation selectors, tags) and the blank lookalikes (Hangul fillers, the
 * braille blank). A field needs at least one code point outside this set.
 * Written once as ranges; the migration spells the same class out in SQL.
 */
export const INVISIBLE_RANGES: readonly (readonly [number, number])[] = [
  [0x0000, 0x0020],
  [0x007f, 0x00a0],
  [0x00ad, 0x00ad],
  [0x034f, 0x034f],
  [0x061c, 0x061c],
  [0x115f, 0x1160],
  [0x1680, 0x1680],
  [0x17b4, 0x17b5],
  [0x180b, 0x180f],
  [0x2000, 0x200f],
  [0x2028, 0x202f],
  [0x205f, 0x206f],
  [0x2800, 0x2800],
  [0x3000, 0x3000],
  [0x3164, 0x3164],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
  [0xfff0, 0xfff8],
  [0x1bca0, 0x1bca3],
  [0x1d173, 0x1d17a],
  [0xe0000, 0xe0fff],
];

const hex = (codePoint: number) => codePoint.toString(16).padStart(4, '0');
const INVISIBLE_CLASS = INVISIBLE_RANGES.map(([from, to]) =>
  from === to ? `\\u{${hex(from)}}` : `\\u{${hex(from)}}-\\u{${hex(to)}}`,
).join('');

/** Some code point that shows: one character class, tried once per position. */
const VISIBLE = new RegExp(`[^${INVISIBLE_CLASS}]`, 'u');
/** Any invisible code point (an email address may hold none). */
const INVISIBLE = new RegExp(`[${INVISIBLE_CLASS}]`, 'u');
/** C0 controls: none in a name or an email address. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f]/;
/** C0 controls but the line feed and tab a message may hold. */
// eslint-disable-next-line no-control-regex -- as above
const MESSAGE_CONTROL = /[\u0000-\u0008\u000b-\u001f]/;
/** A surrogate half without its partner: not valid UTF-8, so PostgreSQL refuses it. */
export const LONE_SURROGATE =
  /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A refused field and why, in words shown by it (and listed on the refusal page without a script). */
export interface FieldProblem {
  field: ContactField;
  message: string;
}

/**
 * A refusal names every refused field, in the form's order, so a visitor fixes them all at once;
 * `message` is the one line the toast says (the spec's words).
 */
export type ValidationResult =
  { ok: true; value: ContactSubmission } | { ok: false; message: string; problems: FieldProblem[] };

/** Length as PostgreSQL counts it: code points, not UTF-16 units. */
export function charLength(text: string): number {
  let length = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    // A high surrogate followed by a low one is one code point.
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) i++;
    length++;
  }
  return length;
}

/** Text PostgreSQL cannot store in a UTF-8 text column: NUL, lone surrogates. */
function isStorable(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

function hasControl(field: ContactField, text: string): boolean {
  return (field === 'message' ? MESSAGE_CONTROL : CONTROL).test(text);
}

/**
 * Why one trimmed field cannot be stored, in the toast's words, or undefined. Its length first:
 * every rule after it runs on at most a few thousand characters.
 */
function ruleBroken(field: ContactField, text: string): string | undefined {
  if (text === '') return MESSAGES.missing;
  // A code point is at most two UTF-16 units: a text this long is over the limit uncounted.
  const length = text.length > 2 * LIMITS[field].max ? Infinity : charLength(text);
  if (length > LIMITS[field].max) return MESSAGES.tooLong[field];
  if (length < LIMITS[field].min) return MESSAGES.missing;
  if (!isStorable(text) || hasControl(field, text)) return MESSAGES.unreadable[field];
  // Nothing a reader could see: as good as empty.
  if (!VISIBLE.test(text)) return MESSAGES.missing;
  if (field === 'email' && (!isEmailAddress(text) || INVISIBLE.test(text))) {
    return MESSAGES.invalidEmail;
  }
  return undefined;
}

export function validateSubmission(input: Record<ContactField, unknown>): ValidationResult {
  const value = {} as ContactSubmission;
  for (const field of CONTACT_FIELDS) {
    const raw = input[field];
    value[field] = typeof raw === 'string' ? raw.trim() : '';
  }

  const refused = CONTACT_FIELDS.flatMap((field) => {
    const why = ruleBroken(field, value[field]);
    return why === undefined ? [] : [{ field, why }];
  });
  if (refused.length === 0) return { ok: true, value };
  // The spec's order: an empty field is what the toast says first, else the first refused field.
  const anyEmpty = refused.some(({ why }) => why === MESSAGES.missing);
  return {
    ok: false,
    message: anyEmpty ? MESSAGES.missing : refused[0]!.why,
    // By each field, which field: "Please enter your name", not "all fields" twice.
    problems: refused.map(({ field, why }) => ({
      field,
      message: why === MESSAGES.missing ? MESSAGES.empty[field] : why,
    })),
  };
}

/** Whether a row is exactly what validateSubmission would store: valid and already trimmed. */
export function isValidRow(row: Record<ContactField, unknown>): boolean {
  const verdict = validateSubmission(row);
  return verdict.ok && CONTACT_FIELDS.every((field) => verdict.value[field] === row[field]);
}

/**
 * Whether a form's fields still hold a row's words, trimmed as they were sent: a message saved on
 * the device and confirmed later clears the form only then, as words typed since were never sent.
 */
export function fieldsHold(fields: ContactSubmission, row: SubmissionRow): boolean {
  return CONTACT_FIELDS.every((field) => fields[field].trim() === row[field]);
}
