import { describe, expect, it } from 'vitest';
import { preview } from '../../src/inbox/lead.ts';

/** The list's one line of each lead (lead-list.tsx): what the lead is about, not its greeting. */
describe('a lead’s line in the inbox list', () => {
  it('runs the message’s lines together, so a greeting on its own line is followed by the rest', () => {
    expect(preview('Hi there,\n\nWe are a vet practice in Deal and need online booking.\n')).toBe(
      'Hi there, We are a vet practice in Deal and need online booking.',
    );
    expect(preview('  \r\n\tGood morning,\r\n\r\nOur café needs a menu page.')).toBe(
      'Good morning, Our café needs a menu page.',
    );
  });

  it('keeps the first 200 characters of a long message, none cut in half', () => {
    expect(preview('a'.repeat(5000))).toBe('a'.repeat(200));
    const emoji = preview(`${'a'.repeat(199)}😀😀 more`);
    expect(emoji).toBe(`${'a'.repeat(199)}😀`);
    expect(preview('😀'.repeat(3000))).toBe('😀'.repeat(200));
  });
});
