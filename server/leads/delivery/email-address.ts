/**
 * Addresses that may go into a mail header exactly as they are. The database
 * accepts any `x@y.z` without whitespace (the form's rule), which still admits
 * quotes, commas and angle brackets in the local part; a header wants less.
 * An address that fails here is not used as Reply-To (it still appears in the
 * body), so a crafted one can never add a recipient or a header.
 */

export interface Mailbox {
  name: string;
  address: string;
}

/** RFC 5322 atext, plus any letter, mark or digit for internationalised (SMTPUTF8) addresses. */
const ATOM = String.raw`[\p{L}\p{M}\p{N}!#$%&'*+/=?^_\x60{|}~-]+`;
/** A host name label: letters, marks and digits, hyphens inside. */
const LABEL = String.raw`[\p{L}\p{M}\p{N}](?:[\p{L}\p{M}\p{N}-]*[\p{L}\p{M}\p{N}])?`;
const ADDRESS = new RegExp(String.raw`^${ATOM}(?:\.${ATOM})*@${LABEL}(?:\.${LABEL})+$`, 'u');

/** RFC 5321's limits: 64 octets of local part, 254 in all (counted in characters here). */
const MAX_LOCAL = 64;
const MAX_ADDRESS = 254;

/** Characters that have no place in a header, a display name or a subject line. */
const UNSAFE_IN_HEADER = /[\p{Cc}\p{Cf}\u2028\u2029]/gu;

export function isHeaderSafeAddress(address: string): boolean {
  const at = address.lastIndexOf('@');
  return address.length <= MAX_ADDRESS && at <= MAX_LOCAL && ADDRESS.test(address);
}

/**
 * Text for a display name or a subject: control and format characters
 * (CR, LF, NUL, bidirectional overrides that disguise text) become spaces,
 * runs of whitespace become one, and it is cut to `max` characters.
 */
export function headerText(text: string, max: number): string {
  const clean = text.replace(UNSAFE_IN_HEADER, ' ').replace(/\s+/gu, ' ').trim();
  const chars = Array.from(clean);
  return chars.length <= max ? clean : `${chars.slice(0, max - 1).join('')}…`;
}

/** `Name <address>` or a bare address, as MAIL_FROM is written; undefined if it is neither. */
export function parseMailbox(text: string): Mailbox | undefined {
  const match = /^(?:(.*?)\s*<([^<>]*)>|([^<>\s]+))$/su.exec(text.trim());
  if (!match) return undefined;
  const address = (match[2] ?? match[3] ?? '').trim();
  const name = (match[1] ?? '').replace(/^"(.*)"$/su, '$1');
  if (!isHeaderSafeAddress(address) || headerText(name, Infinity) !== name.trim()) {
    return undefined;
  }
  return { name: name.trim(), address };
}
