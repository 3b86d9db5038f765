import {
  CONTACT_FIELDS,
  type ContactSubmission,
  type SubmissionRow,
} from '../../shared/validation.ts';
import {
  INSERTABLE_COLUMNS,
  SPAM_FLAG,
  SUBMISSION_KEY,
  TABLE_COLUMNS,
} from '../db/contact-table.ts';
import { PostgrestError } from './postgrest-error.ts';
import { describeJson, storableText } from './request-body.ts';
import { refuse } from './submission-errors.ts';

/**
 * Turns the insert's one object into the row to insert, refusing what never
 * reaches the table as PostgREST and the drivers would: an unknown column, a
 * column anon may not write, a missing field, a value that is not text, and
 * text a UTF-8 column cannot hold (the drivers would quietly turn a lone
 * surrogate into U+FFFD).
 *
 * Whether the row is valid is the database's to judge: the insert runs as
 * anon, under the CHECK constraints, and its refusal is answered as it is
 * (to-postgrest-error.ts).
 */
export function toSubmission(row: Record<string, unknown>): SubmissionRow {
  const keys = Object.keys(row);

  const unknown = keys.find((key) => !TABLE_COLUMNS.includes(key));
  if (unknown !== undefined) throw refuse.columnNotFound(unknown);
  if (keys.some((key) => !INSERTABLE_COLUMNS.includes(key))) throw refuse.permissionDenied();

  const submission = {} as ContactSubmission;
  for (const field of CONTACT_FIELDS) {
    const value = Object.hasOwn(row, field) ? row[field] : null;
    if (value === null || value === undefined) throw refuse.notNull(field);
    if (typeof value !== 'string') throw refuse.notText(field, describeJson(value));
    submission[field] = storableText(value);
  }
  const flag = Object.hasOwn(row, SPAM_FLAG) ? row[SPAM_FLAG] : false;
  if (flag === null) throw refuse.notNull(SPAM_FLAG);
  if (typeof flag !== 'boolean') throw notBoolean(describeJson(flag));
  const key = Object.hasOwn(row, SUBMISSION_KEY) ? row[SUBMISSION_KEY] : undefined;
  const keyed =
    key === undefined || key === null ? submission : { ...submission, [SUBMISSION_KEY]: uuid(key) };
  return flag ? { ...keyed, suspected_spam: true } : keyed;
}

/** PostgreSQL's uuid input: 32 hex digits, plain or in the usual 8-4-4-4-12 groups. */
const UUID = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{32})$/i;

function uuid(value: unknown): string {
  if (typeof value === 'string' && UUID.test(value)) return value;
  throw new PostgrestError(
    400,
    '22P02',
    `invalid input syntax for type uuid in column "${SUBMISSION_KEY}"`,
    `Expected a UUID, got ${describeJson(value)}.`,
  );
}
/** What PostgreSQL says for a JSON value that is not a boolean. */
function notBoolean(got: string): PostgrestError {
  return new PostgrestError(
    400,
    '22P02',
    `invalid input syntax for type boolean in column "${SPAM_FLAG}"`,
    `Expected true or false, got ${got}.`,
  );
}

/**
 * The body's one object. A JSON array is a bulk insert, which postgrest-js
 * sends for insert([…]) and no client of ours does.
 */
export function oneObject(body: unknown): Record<string, unknown> {
  if (Array.isArray(body)) throw refuse.notImplemented('A JSON array (a bulk insert)');
  if (body === null || typeof body !== 'object') throw refuse.notOneObject(describeJson(body));
  return body as Record<string, unknown>;
}
