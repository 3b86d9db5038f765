/**
 * Every character shared/as-typed.ts takes from what a person reads: the
 * bidirectional overrides, embeddings, isolates and marks, DEL and the C1 controls.
 */
export const REORDERING = [
  ...[0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069],
  ...[0x200e, 0x200f, 0x061c, 0x007f, 0x0080, 0x0085, 0x009b, 0x009f],
].map((codePoint) => String.fromCodePoint(codePoint));

export const ANY_OF_THEM = new RegExp(`[${REORDERING.join('')}]`, 'u');
