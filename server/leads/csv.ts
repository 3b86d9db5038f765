/**
 * CSV as RFC 4180 writes it (CRLF rows, fields quoted when they hold a quote,
 * comma or line break), made safe to open in a spreadsheet: a cell that starts
 * like a formula (=, +, -, @, tab, carriage return) gets a leading apostrophe,
 * so a visitor's "=HYPERLINK(...)" stays text (OWASP's CSV injection advice).
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(columns: readonly string[], rows: Record<string, unknown>[]): string {
  const lines = [columns.map(csvCell), ...rows.map((row) => columns.map((c) => csvCell(row[c])))];
  return lines.map((cells) => `${cells.join(',')}\r\n`).join('');
}
