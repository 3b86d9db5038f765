/** JavaScript's \s is the same set that String.prototype.trim() removes. */
const WHITESPACE = /\s/;

/**
 * The form's email rule (docs/product.md#contact-validation): text, an at
 * sign, text, a dot, text, with no whitespace; that is
 * `^[^\s@]+@[^\s@]+\.[^\s@]+$`, checked by indexOf instead, because that
 * pattern backtracks over a long run of dots (quadratic time).
 */
export function isEmailAddress(text: string): boolean {
  const at = text.indexOf('@');
  if (at < 1 || text.indexOf('@', at + 1) !== -1) return false;
  const domain = text.slice(at + 1);
  // A dot with text on both sides: the first dot after the domain's first character, not its last.
  const dot = domain.indexOf('.', 1);
  return dot > 0 && dot < domain.length - 1 && !WHITESPACE.test(text);
}

/** RFC 5322 atext, plus any letter, mark or digit for internationalised (SMTPUTF8) addresses. */
const ATOM = String.raw`[\p{L}\p{M}\p{N}!#$%&'*+/=?^_\x60{|}~-]+`;
/** A host name label: letters, marks and digits, hyphens inside. */
const LABEL = String.raw`[\p{L}\p{M}\p{N}](?:[\p{L}\p{M}\p{N}-]*[\p{L}\p{M}\p{N}])?`;
const ADDRESS = new RegExp(String.raw`^${ATOM}(?:\.${ATOM})*@${LABEL}(?:\.${LABEL})+$`, 'u');

/** RFC 5321's limits: 64 octets of local part, 254 in all (counted in characters here). */
const MAX_LOCAL = 64;
const MAX_ADDRESS = 254;

/**
 * Addresses that may go into a mail header, or a `mailto:` link, exactly as
 * they are. The form's rule above accepts any `x@y.z` without whitespace,
 * which still admits quotes, commas, semicolons and angle brackets, and a
 * domain holding `?`, `&` or `=`; a header or a link wants less. An address
 * that fails here is not used as the lead email's Reply-To (it still appears
 * in the body) nor in the inbox's reply link, so a crafted one can never add
 * a recipient, a header or a link's own query (`?bcc=…&body=…`).
 */
export function isHeaderSafeAddress(address: string): boolean {
  const at = address.lastIndexOf('@');
  return address.length <= MAX_ADDRESS && at <= MAX_LOCAL && ADDRESS.test(address);
}
