import { isUtf8 } from 'node:buffer';
import { HONEYPOT_FIELD, isTrapFilled } from '../../shared/honeypot.ts';
import { CONTACT_FIELDS, type ContactField } from '../../shared/validation.ts';

export const FORM_MEDIA_TYPE = 'application/x-www-form-urlencoded';

export interface FormBody {
  values: Record<ContactField, string>;
  /** The honeypot was filled: stored, marked as suspected spam, not emailed. */
  trapped: boolean;
  /**
   * A field's percent-encoded bytes are not UTF-8 (`name=%FF%FE`): refused as
   * the JSON route refuses them, never stored as U+FFFD. `values` then shows
   * them replaced, so the visitor's words stay in the fields.
   */
  undecodable: boolean;
}

/**
 * A form the browser sent natively, read as URLSearchParams reads it. A field
 * sent twice counts once (the first), as a browser never does that; raw bytes
 * that are not UTF-8 make the body unreadable, and percent-encoded ones make
 * it `undecodable`, rather than silently replaced.
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
  return {
    values,
    trapped: isTrapFilled(params.get(HONEYPOT_FIELD)),
    undecodable: !body.toString('latin1').split('&').every(decodesAsUtf8),
  };
}

const PERCENT_ESCAPE = /%([0-9a-f]{2})/giu;

/** Whether a name=value pair's bytes, once percent-decoded (WHATWG's urlencoded parser), are UTF-8. */
function decodesAsUtf8(pair: string): boolean {
  // latin1 keeps one character per byte, so each escape becomes its byte.
  const bytes = pair.replace(PERCENT_ESCAPE, (_, hex: string) =>
    String.fromCharCode(parseInt(hex, 16)),
  );
  return isUtf8(Buffer.from(bytes, 'latin1'));
}
