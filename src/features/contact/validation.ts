/**
 * The one definition of a valid contact submission. The form, the server and
 * the tests import it; the database's CHECK constraints in
 * supabase/migrations/ encode the same rules in SQL (keep them in step).
 */
import { groupDigits } from '../../lib/group-digits';

/** Limits from decisions.md, counted in Unicode code points after trimming,
 * as PostgreSQL's char_length() counts them. */
export const LIMITS = {
  name: { min: 1, max: 100 },
  email: { min: 3, max: 254 },
  message: { min: 1, max: 5000 },
} as const;

export type ContactField = keyof typeof LIMITS;
export const CONTACT_FIELDS = Object.keys(LIMITS) as ContactField[];

export interface ContactSubmission {
  name: string;
  email: string;
  message: string;
}

/** A row as inserted: the form's honeypot, when filled, flags it (stored, not emailed). */
export type SubmissionRow = ContactSubmission & { suspected_spam?: boolean };

/** Spec §5: text, an at sign, text, a dot, text, with no whitespace.
 * JavaScript's \s is the same set that String.prototype.trim() removes. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const MESSAGES = {
  missing: 'Please fill in all fields',
  invalidEmail: 'Please enter a valid email address',
  tooLong: {
    name: `Please keep your name to ${LIMITS.name.max} characters`,
    email: `Please keep your email address to ${LIMITS.email.max} characters`,
    message: `Please keep your message to ${groupDigits(LIMITS.message.max)} characters`,
  },
  unreadable: 'Please remove unusual control characters from your message',
  failed: 'There was an issue submitting your message. Please try again.',
  sent: "Thank you! We'll be in touch shortly.",
} as const;

export type ValidationResult =
  { ok: true; value: ContactSubmission } | { ok: false; field: ContactField; message: string };

/** Length as PostgreSQL counts it: code points, not UTF-16 units. */
export function charLength(text: string): number {
  return Array.from(text).length;
}

/** A surrogate half without its partner: not valid UTF-8, so PostgreSQL refuses it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Text PostgreSQL cannot store in a UTF-8 text column: NUL, lone surrogates. */
function isStorable(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

export function validateSubmission(input: Record<ContactField, unknown>): ValidationResult {
  const value = {} as ContactSubmission;
  for (const field of CONTACT_FIELDS) {
    const raw = input[field];
    value[field] = typeof raw === 'string' ? raw.trim() : '';
  }

  const empty = CONTACT_FIELDS.find((field) => value[field] === '');
  if (empty) return { ok: false, field: empty, message: MESSAGES.missing };

  for (const field of CONTACT_FIELDS) {
    if (!isStorable(value[field])) return { ok: false, field, message: MESSAGES.unreadable };
  }

  if (!EMAIL_PATTERN.test(value.email)) {
    return { ok: false, field: 'email', message: MESSAGES.invalidEmail };
  }

  for (const field of CONTACT_FIELDS) {
    const length = charLength(value[field]);
    if (length > LIMITS[field].max) return { ok: false, field, message: MESSAGES.tooLong[field] };
    if (length < LIMITS[field].min) return { ok: false, field, message: MESSAGES.missing };
  }

  return { ok: true, value };
}
