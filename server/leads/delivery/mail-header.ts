import { asTyped } from '../../../shared/as-typed.ts';
import { isHeaderSafeAddress } from '../../../shared/email-address.ts';

/**
 * What a lead's words may put into a mail header. The address rule,
 * isHeaderSafeAddress, lives in shared/email-address.ts, as the inbox's reply
 * link uses it too; it is named here as well for the mail code beside it.
 */
export { isHeaderSafeAddress };

export interface Mailbox {
  name: string;
  address: string;
}

/**
 * Characters that have no place in a header, a display name or a subject line: controls, line
 * separators and the invisible format characters, but the zero-width joiner and non-joiner
 * (U+200D, U+200C), which are part of what they join: an emoji of several (👩🏽‍💻), a Persian or
 * Indic name.
 */
const UNSAFE_IN_HEADER = /(?![\u200c\u200d])[\p{Cc}\p{Cf}\u2028\u2029]/gu;

/**
 * Text for a display name or a subject: what reorders text goes, by the one
 * rule every place that shows a lead uses (shared/as-typed.ts); the other
 * control and format characters (CR, LF, NUL, zero-width ones) become spaces,
 * runs of whitespace become one, and it is cut to `max` characters (clipped).
 */
export function headerText(text: string, max: number): string {
  // The display rule first (removed, as everywhere), then what a header alone refuses (spaced).
  return clipped(asTyped(text).replace(UNSAFE_IN_HEADER, ' ').replace(/\s+/gu, ' ').trim(), max);
}

const GRAPHEMES = new Intl.Segmenter('en-GB', { granularity: 'grapheme' });

/**
 * `text` cut to `max` characters as a reader counts them, the last an ellipsis when it is cut:
 * never inside one (an emoji is two UTF-16 units, a flag or an accent on its letter more).
 */
export function clipped(text: string, max: number): string {
  const characters = Array.from(GRAPHEMES.segment(text), (part) => part.segment);
  return characters.length <= max ? text : `${characters.slice(0, max - 1).join('')}…`;
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
