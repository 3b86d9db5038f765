import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from '../../shared/csv.ts';

describe('CSV for spreadsheets', () => {
  it.each([
    ['plain', 'Jane', '"Jane"'],
    ['a comma', 'Smith, Jane', '"Smith, Jane"'],
    ['quotes', 'Jane "JJ" Smith', '"Jane ""JJ"" Smith"'],
    ['a line break', 'line 1\nline 2', '"line 1\nline 2"'],
    ['a CRLF', 'a\r\nb', '"a\r\nb"'],
    ['empty', '', '""'],
    ['null', null, '""'],
    ['a number', 42, '"42"'],
    ['a list', ['2 links', 'a link in the name'], '"2 links; a link in the name"'],
    ['an empty list', [], '""'],
  ])('writes %s per RFC 4180, quoted', (_, value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it.each([
    ['=SUM(A1:A9)', `"'=SUM(A1:A9)"`],
    ['+44 1632 960123', `"'+44 1632 960123"`],
    ['-1', `"'-1"`],
    ['@cmd', `"'@cmd"`],
    ['\tindented', `"'\tindented"`],
    ['\rreturn', `"'\\x0dreturn"`],
    ['=HYPERLINK("http://evil.example","x")', `"'=HYPERLINK(""http://evil.example"",""x"")"`],
  ])('neutralises the formula %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  // Unquoted, this became a formula where `;` separates cells.
  it('keeps a formula after a semicolon inside its quoted cell', () => {
    const cell = csvCell("x;=cmd|' /C calc'!A0");
    expect(cell).toBe(`"x;=cmd|' /C calc'!A0"`);
    // Split on `;` outside quotes, as such a locale reads it: still one cell.
    expect(cell.match(/"(?:[^"]|"")*"|[^;]+/g)).toEqual([cell]);
  });

  it('escapes control characters that would drive a terminal', () => {
    expect(csvCell('a\u001b[31mred\u0007\u009bb\rc')).toBe('"a\\x1b[31mred\\x07\\x9bb\\x0dc"');
    expect(csvCell('tab\tand\nlines\r\n')).toBe('"tab\tand\nlines\r\n"');
  });

  it('leaves formula characters alone when they are not first', () => {
    expect(csvCell('a=b+c-d@e')).toBe('"a=b+c-d@e"');
  });

  it('ends every row, the header too, with CRLF', () => {
    expect(toCsv(['a', 'b'], [{ a: 1, b: 'x,y' }])).toBe('"a","b"\r\n"1","x,y"\r\n');
  });
});
