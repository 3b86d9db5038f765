import { describe, expect, it } from 'vitest';
import { heldNotice } from '../../server/leads/clocks/clock-messages.ts';

/**
 * The morning's note of held leads names each lead (docs/lead-clocks.md): a name is a label, cut
 * at 60 characters, and a name a mail client would make a link of, a spammer's, is not printed.
 */

const hours = { days: new Set([1, 2, 3, 4, 5]), open: 540, close: 1050, timeZone: 'Europe/London' };
const context = {
  hours,
  at: new Date('2026-11-30T08:01:00Z'),
  since: new Date('2026-11-27T08:00:00Z'),
  until: new Date('2026-11-30T08:00:00Z'),
};

/** The name each lead is listed under, in the note's text. */
const listedAs = (names: string[]) =>
  heldNotice(
    names.map((name, i) => ({ id: i + 1, name, spam_reasons: ['pitch:seo'] })),
    context,
  )
    .text.split('\n')
    .filter((line) => line.startsWith('- '))
    .map((line) => line.slice(2, line.lastIndexOf(': ')));

describe('the names in the note of held leads', () => {
  it('cuts a long name between characters, never inside one', () => {
    const [emoji, family] = listedAs([`${'a'.repeat(58)}😀 tail`, `${'b'.repeat(57)}👩‍👩‍👧‍👦🇬🇧 tail`]);
    expect(emoji).toBe(`${'a'.repeat(58)}😀…`);
    expect(family).toBe(`${'b'.repeat(57)}👩‍👩‍👧‍👦🇬🇧…`);
    // No half of a character: a lone surrogate, which the mailer sends as U+FFFD.
    expect(`${emoji}${family}`).not.toMatch(/\p{Cs}/u);
  });

  it('does not print a name that reads as a link, in any script', () => {
    const link = 'a name that looks like a link';
    expect(
      listedAs([
        'cheap-seo.co.uk',
        'café.com',
        'пример.рф',
        'example．com',
        'seo＠example.com',
        'http://x',
      ]),
    ).toEqual(Array(6).fill(link));
  });

  it('prints the names people have, accents, titles and initials with a space', () => {
    const names = [
      'José Álvarez',
      'Zoë O’Neill-Smith',
      'Dr. Anna Kowalska',
      'Ødegård & Co.',
      '王小明',
    ];
    expect(listedAs(names)).toEqual(names);
  });
});
