/**
 * A lead's words shown as typed, never reordered: the one rule for every
 * place a name, address or message is shown (the inbox, the lead email, the
 * reminders and digest) or written out (the CSV and JSON exports).
 *
 * The characters: the bidirectional embeddings and overrides (U+202A–U+202E)
 * and isolates (U+2066–U+2069), the direction marks (U+200E, U+200F, U+061C),
 * and DEL with the C1 controls (U+007F–U+009F). None shows; each changes how
 * what follows it reads ("evil\u202Eexe.txt" reads "eviltxt.exe"), or, for
 * C1, drives a terminal. Nothing else is touched: zero-width joiners (emoji,
 * Persian and Indic names) stay, and Arabic and Hebrew letters order
 * themselves by the Unicode bidirectional algorithm without any of these.
 *
 * Removed, not isolated: a <bdi> or U+2068…U+2069 around a name keeps it from
 * reordering its neighbours, but an override inside still reverses the name
 * itself. Removing them shows every letter in the order typed; a direction
 * mark a visitor meant only moves punctuation, never a letter. The exports
 * keep every character (they are the record) and write these as escapes.
 */
const REORDERING = /[\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/** The text with each of these characters replaced by what `escape` makes of its code point. */
export function escapeReordering(text: string, escape: (codePoint: number) => string): string {
  return text.replace(REORDERING, (char) => escape(char.codePointAt(0)!));
}

/** NEL, the C1 control that means "next line": shown as the line break it stands for. */
const NEXT_LINE = 0x85;

/** The text to show: these characters removed, but NEL, which becomes a line feed. */
export function asTyped(text: string): string {
  return escapeReordering(text, (codePoint) => (codePoint === NEXT_LINE ? '\n' : ''));
}

const hex4 = (codePoint: number) => codePoint.toString(16).padStart(4, '0');

/**
 * JSON with these characters written as `\uXXXX` escapes, which JSON.stringify
 * leaves raw: the same value to any parser, nothing reordered on a screen.
 * They can only stand inside strings, where the escape means the same.
 */
export function jsonAsTyped(value: unknown): string {
  return escapeReordering(JSON.stringify(value, null, 2), (codePoint) => `\\u${hex4(codePoint)}`);
}
