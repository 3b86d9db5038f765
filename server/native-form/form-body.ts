import { isUtf8 } from 'node:buffer';
import { HONEYPOT_FIELD } from '../../contact/honeypot.ts';
import { CONTACT_FIELDS, type ContactField } from '../../contact/validation.ts';

export const FORM_MEDIA_TYPE = 'application/x-www-form-urlencoded';

export interface FormBody {
  values: Record<ContactField, string>;
  /** The honeypot was filled: stored, marked as suspected spam, not emailed. */
  trapped: boolean;
}

/**
 * A form the browser sent natively, read as URLSearchParams reads it. A field
 * sent twice counts once (the first), as a browser never does that; bytes
 * that are not UTF-8 make the body unreadable rather than silently replaced.
 * Browsers send a textarea's line breaks as CRLF, where a script reads LF:
 * they become LF, as the enhanced form sends them and as the rules allow.
 */
export function readFormBody(body: Buffer | undefined): FormBody | undefined {
  if (!body || !isUtf8(body)) return undefined;
  const params = new URLSearchParams(body.toString('utf8'));
  const values = {} as Record<ContactField, string>;
  for (const field of CONTACT_FIELDS) {
    values[field] = (params.get(field) ?? '').replace(/\r\n?/g, '\n');
  }
  return { values, trapped: (params.get(HONEYPOT_FIELD) ?? '').trim() !== '' };
}
