/** Starts every submission reference: the brand's initials. */
const REFERENCE_PREFIX = 'FD';
/**
 * Characters of a reference after its prefix: 8 Crockford base-32 characters
 * carry 40 of the key's random bits, so among 10,000 leads two share a
 * reference with a chance of about 1 in 20,000.
 */
const REFERENCE_LENGTH = 8;

/**
 * Crockford's base 32: digits and capitals without I, L, O and U, so a
 * reference read out on the phone cannot be mistaken (docs/product.md#exactly-once).
 */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const BITS_PER_CHARACTER = 5;

/**
 * The short reference a visitor can quote, derived from the submission key
 * (a UUID): e.g. `FD-7K3Q-9M2X`. The page, the no-JS confirmation, the
 * agency's email and the export all call this one function. The key's first
 * hex digits are random in a version-4 UUID (the page's and the database's).
 */
export function submissionReference(key: string): string {
  const hex = key.replace(/[^0-9a-f]/gi, '');
  const bits = (REFERENCE_LENGTH * BITS_PER_CHARACTER) / 4;
  let value = BigInt(`0x${hex.slice(0, bits).padEnd(bits, '0') || '0'}`);
  let characters = '';
  for (let i = 0; i < REFERENCE_LENGTH; i++) {
    characters = ALPHABET[Number(value & 31n)]! + characters;
    value >>= 5n;
  }
  const half = REFERENCE_LENGTH / 2;
  return `${REFERENCE_PREFIX}-${characters.slice(0, half)}-${characters.slice(half)}`;
}

const REFERENCE = new RegExp(
  `^${REFERENCE_PREFIX}-[${ALPHABET}]{${REFERENCE_LENGTH / 2}}-[${ALPHABET}]{${REFERENCE_LENGTH / 2}}$`,
);

/** Whether text is a reference as submissionReference writes it (a URL's, say). */
export function isSubmissionReference(text: string): boolean {
  return REFERENCE.test(text);
}

/**
 * The lowest and highest submission key (UUID) whose reference this is: the
 * reference carries the key's first 40 bits, so the server finds its lead
 * with a range on the key's unique index (server/native-form/sent-page.ts).
 */
export function referenceKeyRange(reference: string): [string, string] {
  let value = 0n;
  for (const character of reference.replaceAll('-', '').slice(REFERENCE_PREFIX.length)) {
    value = (value << BigInt(BITS_PER_CHARACTER)) | BigInt(ALPHABET.indexOf(character));
  }
  const hex = value.toString(16).padStart((REFERENCE_LENGTH * BITS_PER_CHARACTER) / 4, '0');
  const key = (fill: string) =>
    `${hex.slice(0, 8)}-${hex.slice(8)}${fill.repeat(2)}-${fill.repeat(4)}-${fill.repeat(4)}-${fill.repeat(12)}`;
  return [key('0'), key('f')];
}
