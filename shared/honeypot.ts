/**
 * The form's hidden trap field (docs/product.md#ruling-honeypot): people never see or
 * fill it, simple bots fill every field. The page names its input so; the
 * native-form route reads it by this name and stores a filled one as
 * suspected spam. The JSON route gets the verdict as `suspected_spam` instead.
 */
export const HONEYPOT_FIELD = 'company_website';

/** Whether the trap was filled: one rule for the page and the form without JavaScript. */
export function isTrapFilled(value: string | null | undefined): boolean {
  return (value ?? '').trim() !== '';
}
