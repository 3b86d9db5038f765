import { describe, expect, it } from 'vitest';
import { groupDigits } from '../../shared/group-digits';
import { contactCopy } from '../../src/content/contact';
import { inboxCopy } from '../../src/content/inbox';
import { clockCopy } from '../../src/content/lead-clocks';
import { MESSAGES } from '../../shared/copy/contact-messages';

describe('groupDigits', () => {
  it('writes whole numbers as en-GB does', () => {
    for (const n of [0, 7, 42, 999, 1000, 4999, 5000, 12345, 100000, 999999, 1234567, 10 ** 9]) {
      expect(groupDigits(n)).toBe(n.toLocaleString('en-GB'));
    }
  });

  it('gives the limit and the counter the visitor reads', () => {
    expect(MESSAGES.tooLong.message).toBe('Please keep your message to 5,000 characters');
    expect(contactCopy.form.counter(1234, 5000)).toBe('1,234 / 5,000 characters');
  });

  it('gives the inbox’s counts as the page writes its numbers (docs/product.md, copy)', () => {
    expect(inboxCopy.list.count(50, 1234)).toBe('50 of 1,234 leads');
    expect(inboxCopy.list.count(12345, 12345)).toBe('12,345 leads');
    expect(inboxCopy.exported(2500)).toBe('Exported 2,500 leads');
    expect(clockCopy.figures.share(1000, 4000)).toBe('25% (1,000 of 4,000)');
  });
});
