import {
  CONTACT_FIELDS,
  validateSubmission,
  type ContactField,
  type ContactSubmission,
  type SubmissionRow,
} from '../../src/features/contact/validation.ts';
import type { Preferences } from './prefer-header.ts';
import { PostgrestError } from './postgrest-error.ts';
import { describeJson } from './request-body.ts';
import { refuse } from './submission-errors.ts';

/**
 * Turns a parsed insert body into the one row to store, or refuses it with the
 * error the database would raise for it, checked in the database's order:
 * unknown columns (PostgREST), privileges, text conversion, NOT NULL, then the
 * CHECK constraints in name order (PostgreSQL sorts them so), which is
 * email, message, name. The rules themselves are validation.ts's, plus one the
 * database adds: a value must arrive trimmed (the form trims before sending).
 */

/** The honeypot's flag (20261123040000_suspected_spam.sql): anon may set it, as a JSON boolean. */
const SPAM_FLAG = 'suspected_spam';
const TABLE_COLUMNS = new Set([
  'id',
  'created_at',
  'name',
  'email',
  'message',
  'status',
  SPAM_FLAG,
]);
const INSERTABLE = new Set<string>([...CONTACT_FIELDS, SPAM_FLAG]);
const CHECK_ORDER: ContactField[] = ['email', 'message', 'name'];
/** A valid submission, to judge one field at a time with validateSubmission. */
const REFERENCE: ContactSubmission = { name: 'A', email: 'a@b.c', message: 'A' };
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function toSubmission(
  body: unknown,
  columns: string[] | undefined,
  preferences: Preferences,
): SubmissionRow {
  const row = onlyObject(body);
  const keys = columns ?? Object.keys(row);

  const unknown = keys.find((key) => !TABLE_COLUMNS.has(key));
  if (unknown !== undefined) throw refuse.columnNotFound(unknown);
  // Reading the row back (return=representation, upserts) needs SELECT, which anon lacks.
  const readsBack =
    preferences.return === 'representation' ||
    preferences.return === 'headers-only' ||
    preferences.resolution !== undefined;
  if (readsBack || keys.some((key) => !INSERTABLE.has(key))) throw refuse.permissionDenied();

  const values = {} as Record<ContactField, unknown>;
  for (const field of CONTACT_FIELDS) {
    values[field] = keys.includes(field) && Object.hasOwn(row, field) ? row[field] : null;
  }
  for (const field of CONTACT_FIELDS) {
    const value = values[field];
    if (value === null || value === undefined) continue;
    if (typeof value !== 'string') throw refuse.notText(field, describeJson(value));
    if (value.includes('\u0000')) throw refuse.nulCharacter();
    if (LONE_SURROGATE.test(value)) throw refuse.loneSurrogate();
  }
  const missing = CONTACT_FIELDS.find((field) => values[field] === null);
  if (missing) throw refuse.notNull(missing);

  const flag = keys.includes(SPAM_FLAG) && Object.hasOwn(row, SPAM_FLAG) ? row[SPAM_FLAG] : false;
  if (typeof flag !== 'boolean') throw notBoolean(describeJson(flag));

  const submission = values as ContactSubmission;
  const failing = CHECK_ORDER.find((field) => !fieldIsValid(field, submission[field]));
  if (failing) throw refuse.check(failing);
  return flag ? { ...submission, suspected_spam: true } : submission;
}

/** What PostgreSQL says for a JSON value that is not a boolean (null included: the column is NOT NULL). */
function notBoolean(got: string): PostgrestError {
  return new PostgrestError(
    400,
    '22P02',
    `invalid input syntax for type boolean in column "${SPAM_FLAG}"`,
    `Expected true or false, got ${got}.`,
  );
}

function onlyObject(body: unknown): Record<string, unknown> {
  // postgrest-js sends `insert([row])` as a one-element array; that is one submission too.
  const row = Array.isArray(body) && body.length === 1 ? body[0] : body;
  if (row === null || typeof row !== 'object' || Array.isArray(row)) {
    throw refuse.notOneObject(describeJson(body));
  }
  return row as Record<string, unknown>;
}

function fieldIsValid(field: ContactField, value: string): boolean {
  return value === value.trim() && validateSubmission({ ...REFERENCE, [field]: value }).ok;
}
