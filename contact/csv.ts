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
 *   so they cannot drive the terminal that shows the file.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|\r(?!\n)/g;

export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  text = text.replace(CONTROL, (char) => `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`);
  return `"${text.replaceAll('"', '""')}"`;
}

export function toCsv(columns: readonly string[], rows: Record<string, unknown>[]): string {
  const lines = [columns.map(csvCell), ...rows.map((row) => columns.map((c) => csvCell(row[c])))];
  return lines.map((cells) => `${cells.join(',')}\r\n`).join('');
}
