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
