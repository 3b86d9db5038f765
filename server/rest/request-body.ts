import { isUtf8 } from 'node:buffer';
import { LONE_SURROGATE } from '../../shared/validation.ts';
import { PostgrestError } from './postgrest-error.ts';
import { refuse } from './submission-errors.ts';

/**
 * The insert body: application/json, UTF-8, parsed whole. Everything else is
 * refused before it gets anywhere near the database.
 */

/**
 * Only application/json, which both Supabase clients send. PostgREST reads a
 * body with no Content-Type as JSON too, but a browser sends such a body (a
 * no-cors fetch of a Blob) from any website without a preflight; so does a
 * text/plain one. Requiring the type makes another site's script ask first.
 */
export function readJsonBody(contentType: string | undefined, body: Buffer | undefined): unknown {
  if (contentType === undefined || contentType.trim() === '') throw refuse.contentType('(none)');
  if (!isJsonType(contentType)) throw refuse.contentType(contentType);
  if (!body || body.length === 0 || !isUtf8(body)) throw refuse.invalidJson();
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    throw refuse.invalidJson();
  }
}

/** application/json in UTF-8, the one type both Supabase clients send (/rest/v1 and /auth/v1). */
export function isJsonType(contentType: string | undefined): boolean {
  const [type = '', ...params] = (contentType ?? '')
    .split(';')
    .map((part) => part.trim().toLowerCase());
  const charset = params.find((param) => param.startsWith('charset='))?.slice('charset='.length);
  const utf8 = charset === undefined || /^"?utf-?8"?$/.test(charset);
  return type === 'application/json' && utf8;
}

/**
 * A JSON string bound for a text column or a function's text argument, refused as
 * PostgreSQL refuses the body it is in: NUL, and a lone surrogate, which has no
 * UTF-8 (the drivers would quietly send it as U+FFFD, and that would be stored).
 */
export function storableText(text: string): string {
  if (text.includes('\u0000')) throw refuse.nulCharacter();
  if (LONE_SURROGATE.test(text)) throw refuse.loneSurrogate();
  return text;
}

/** A short description of a JSON value for error details, without echoing it. */
export function describeJson(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value))
    return `an array of ${value.length} item${value.length === 1 ? '' : 's'}`;
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

/**
 * A parsed JSON value as text again, as PostgREST hands one to a text parameter. JSON.parse
 * reads arrays nested thousands deep, which JSON.stringify's recursion cannot write back:
 * that is PostgreSQL's own refusal of JSON too deep for it, a 400 and not our fault.
 */
export function jsonText(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    throw new PostgrestError(
      400,
      '54001',
      'stack depth limit exceeded',
      'The JSON value is nested too deeply.',
    );
  }
}
