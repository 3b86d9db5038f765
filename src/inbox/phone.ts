/**
 * A phone number written in a message, for a `tel:` link: a UK number
 * (07700 900123, 01632 960123, +44 7700 900123, (01632) 960 123) or another
 * international one (+33 1 23 45 67 89). Found by one linear pass over
 * candidate runs, never a backtracking pattern: a message may hold 5,000
 * characters of anything.
 */
const RUN = /\+?[\d()][\d ()-]{8,22}/g;
const MIN_DIGITS = 10;
const MAX_DIGITS = 15;

export function findPhoneNumber(text: string): string | null {
  for (const [run] of text.matchAll(RUN)) {
    const written = run.trim().replace(/[\s(-]+$/, '');
    const digits = written.replace(/\D/g, '');
    const looksUk = written.startsWith('0') || written.startsWith('(0');
    const international = written.startsWith('+');
    if ((looksUk || international) && digits.length >= MIN_DIGITS && digits.length <= MAX_DIGITS) {
      return written;
    }
  }
  return null;
}
