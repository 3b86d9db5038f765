import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isSubmissionReference, submissionReference } from '../../shared/reference';

describe('the submission reference', () => {
  it('is the prefix and 8 unambiguous capitals and digits, from the key alone', () => {
    const key = '7d0f8a3c-5b21-4e6a-9c4d-2f1e0b9a8c71';
    expect(submissionReference(key)).toBe(submissionReference(key.toUpperCase()));
    expect(submissionReference(key)).toMatch(/^FD-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(isSubmissionReference(submissionReference(key))).toBe(true);
  });

  it('differs between keys that differ in their first random bits', () => {
    const references = new Set(
      Array.from({ length: 2000 }, () => submissionReference(randomUUID())),
    );
    expect(references.size).toBe(2000);
  });

  it.each(['FD-ILOU-0000', 'fd-7K3Q-9M2X', 'FD-7K3Q9M2X', '<script>', ''])(
    'does not take %j for a reference',
    (text) => expect(isSubmissionReference(text)).toBe(false),
  );
});
