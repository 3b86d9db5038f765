import { describe, expect, it } from 'vitest';
import { readFormBody } from '../../server/native-form/form-body.ts';

/**
 * The form without JavaScript reads bytes as the JSON route does: UTF-8, or refused, so both
 * routes store the same text.
 */
describe('the native form body', () => {
  const read = (text: string) => readFormBody(Buffer.from(text, 'latin1'));

  it('marks percent-encoded bytes that are not UTF-8, keeping every field to show again', () => {
    const form = read('name=Ann%FF%FE&email=ann%40example.com&message=Kept+words');
    expect(form?.undecodable).toBe(true);
    expect(form?.values).toEqual({
      name: 'Ann\uFFFD\uFFFD',
      email: 'ann@example.com',
      message: 'Kept words',
    });
  });

  it.each([
    ['plain text', 'name=Ann&email=a%40b.co&message=Hi'],
    ['percent-encoded UTF-8', 'name=Zo%C3%AB&email=a%40b.co&message=%F0%9F%91%8B'],
    ['a lone percent sign', 'name=100%&email=a%40b.co&message=50%25+off'],
  ])('reads %s as it is', (_, text) => {
    expect(read(text)?.undecodable).toBe(false);
  });

  it('refuses raw bytes that are not UTF-8 outright', () => {
    expect(read('name=Ann\xff&email=a%40b.co&message=Hi')).toBeUndefined();
  });
});
