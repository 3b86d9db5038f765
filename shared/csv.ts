import { escapeReordering } from './as-typed.ts';

/**
 * CSV as RFC 4180 writes it (CRLF rows), made safe to open in a spreadsheet
 * and to print in a terminal:
 * - every cell is quoted, so no separator inside a value splits it, whichever
 *   one the reader's locale uses (`x;=cmd|…` stays one cell where `;` splits);
 * - a cell that starts like a formula (=, +, -, @, tab, carriage return) gets
 *   a leading apostrophe, so "=HYPERLINK(...)" stays text (OWASP's CSV
 *   injection advice);
 * - control characters other than tab and line breaks (ESC, BEL, C1 codes, a
 *   lone carriage return that would overprint a line) are written as `\xHH`,
 *   so they cannot drive the terminal that shows the file, and the
 *   bidirectional controls as `\uHHHH`, so no name reads reordered in a
 *   spreadsheet (shared/as-typed.ts);
 * - a list (a lead's spam reasons) is one cell, its items in order with
 *   LIST_SEPARATOR between, as JSON keeps it one value.
 */

/** Between the items of a list in one cell: a comma reads as part of an item's words. */
const LIST_SEPARATOR = '; ';

const FORMULA_START = /^[=+\-@\t\r]/;
/** C0 controls; DEL, C1 and the bidirectional controls are shared/as-typed.ts's. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]|\r(?!\n)/g;

/** `\xHH`, or `\uHHHH` beyond U+00FF. */
const escaped = (codePoint: number) =>
  codePoint <= 0xff
    ? `\\x${codePoint.toString(16).padStart(2, '0')}`
    : `\\u${codePoint.toString(16).padStart(4, '0')}`;

export function csvCell(value: unknown): string {
  let text =
    value === null || value === undefined
      ? ''
      : Array.isArray(value)
        ? value.join(LIST_SEPARATOR)
        : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  text = escapeReordering(
    text.replace(CONTROL, (char) => escaped(char.charCodeAt(0))),
    escaped,
  );
  return `"${text.replaceAll('"', '""')}"`;
}

export function toCsv(columns: readonly string[], rows: Record<string, unknown>[]): string {
  const lines = [columns.map(csvCell), ...rows.map((row) => columns.map((c) => csvCell(row[c])))];
  return lines.map((cells) => `${cells.join(',')}\r\n`).join('');
}
