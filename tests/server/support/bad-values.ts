import { LIMITS } from '../../../shared/validation.ts';
import type { BadInput } from './bad-input.ts';
import { VALID } from '../../support/requests.ts';

const emoji = '😀';

/** Values of the wrong type, unstorable text, and text the CHECK constraints refuse. */
export const BAD_VALUES: BadInput[] = [
  // Invisible data and control characters: the database refuses them.
  {
    name: 'a name of one zero-width space',
    body: { ...VALID, name: '\u200b' },
    status: 400,
    code: '23514',
  },
  {
    name: 'an email of zero-width characters',
    body: { ...VALID, email: '\u200b@\u200c.\u200d' },
    status: 400,
    code: '23514',
  },
  {
    name: 'ESC and BEL in a name',
    body: { ...VALID, name: 'Jane\u001b[2J\u0007' },
    status: 400,
    code: '23514',
  },
  {
    name: 'a bell in a message',
    body: { ...VALID, message: 'ring\u0007ring' },
    status: 400,
    code: '23514',
  },
  {
    name: 'a carriage return in a message',
    body: { ...VALID, message: 'a\r\nb' },
    status: 400,
    code: '23514',
  },
  {
    name: 'a message of word joiners',
    body: { ...VALID, message: '\u2060\u2060' },
    status: 400,
    code: '23514',
  },
  {
    name: 'no name',
    body: { email: VALID.email, message: VALID.message },
    status: 400,
    code: '23502',
  },
  { name: 'a null email', body: { ...VALID, email: null }, status: 400, code: '23502' },
  {
    name: 'a null spam flag (the column is NOT NULL)',
    body: { ...VALID, suspected_spam: null },
    status: 400,
    code: '23502',
  },
  {
    name: 'a string for the spam flag',
    body: { ...VALID, suspected_spam: 'yes' },
    status: 400,
    code: '22P02',
  },
  { name: 'a number for a name', body: { ...VALID, name: 42 }, status: 400, code: '22P02' },
  {
    name: 'a boolean for a message',
    body: { ...VALID, message: true },
    status: 400,
    code: '22P02',
  },
  {
    name: 'an array for an email',
    body: { ...VALID, email: [VALID.email] },
    status: 400,
    code: '22P02',
  },
  {
    name: 'an object for a name',
    body: { ...VALID, name: { first: 'Jane' } },
    status: 400,
    code: '22P02',
  },
  {
    name: 'a NUL in the message',
    body: { ...VALID, message: 'hi\u0000there' },
    status: 400,
    code: '22P05',
  },
  {
    name: 'a lone high surrogate',
    body: { ...VALID, name: 'Jane\ud800' },
    status: 400,
    code: '22P02',
  },
  {
    name: 'a lone low surrogate',
    body: { ...VALID, message: '\udc00hi' },
    status: 400,
    code: '22P02',
  },
  {
    name: 'a reversed surrogate pair',
    body: { ...VALID, message: 'a\udc00\ud800b' },
    status: 400,
    code: '22P02',
  },
  { name: 'an empty name', body: { ...VALID, name: '' }, status: 400, code: '23514' },
  { name: 'a name of spaces', body: { ...VALID, name: '   ' }, status: 400, code: '23514' },
  {
    name: 'a message of line breaks',
    body: { ...VALID, message: '\n\r\n' },
    status: 400,
    code: '23514',
  },
  {
    name: 'an email without a dot',
    body: { ...VALID, email: 'jane@example' },
    status: 400,
    code: '23514',
  },
  {
    name: 'an email with two at signs',
    body: { ...VALID, email: 'a@b@c.co' },
    status: 400,
    code: '23514',
  },
  {
    name: 'an email with a space',
    body: { ...VALID, email: 'jane @example.com' },
    status: 400,
    code: '23514',
  },
  {
    name: 'an email with a no-break space',
    body: { ...VALID, email: 'jane\u00a0@example.com' },
    status: 400,
    code: '23514',
  },
  {
    name: 'an email of two characters',
    body: { ...VALID, email: 'a@' },
    status: 400,
    code: '23514',
  },
  {
    name: 'a name one over the limit',
    body: { ...VALID, name: 'x'.repeat(LIMITS.name.max + 1) },
    status: 400,
    code: '23514',
  },
  {
    name: 'an email one over the limit',
    body: { ...VALID, email: `${'a'.repeat(LIMITS.email.max - 11)}@example.com` },
    status: 400,
    code: '23514',
  },
  {
    name: 'a message one emoji over the limit',
    body: { ...VALID, message: emoji.repeat(LIMITS.message.max + 1) },
    status: 400,
    code: '23514',
  },
  {
    name: 'a bad name and a bad email (email is checked first)',
    body: { ...VALID, name: ' x', email: 'x' },
    status: 400,
    code: '23514',
  },
];
