import { describe, expect, it } from 'vitest';
import { LIMITS, charLength, validateSubmission } from '../../shared/validation';
import { MESSAGES } from '../../shared/copy/contact-messages';

const valid = { name: 'Jane Smith', email: 'jane@example.co.uk', message: 'My site is slow.' };

describe('validateSubmission', () => {
  it('accepts a normal message and trims every field', () => {
    const result = validateSubmission({
      name: '  Jane Smith ',
      email: '\tjane@example.co.uk\n',
      message: '\n My site is slow. \n',
    });
    expect(result).toEqual({ ok: true, value: valid });
  });

  it.each([
    ['name', { ...valid, name: '' }],
    ['name of spaces', { ...valid, name: '   ' }],
    ['email of spaces', { ...valid, email: ' \u00a0 ' }],
    ['message of newlines', { ...valid, message: '\n\n' }],
    ['missing message', { name: 'Jane', email: 'jane@example.com', message: undefined }],
  ])('rejects an empty %s with the spec message', (_case, input) => {
    expect(validateSubmission(input)).toMatchObject({ ok: false, message: MESSAGES.missing });
  });

  it.each([
    'jane@example',
    'jane.example.com',
    'jane @example.com',
    'jane@@example.com',
    '@example.com',
    'jane@.com x',
  ])('rejects the address %j', (email) => {
    expect(validateSubmission({ ...valid, email })).toEqual({
      ok: false,
      message: 'Please enter a valid email address',
      problems: [{ field: 'email', message: 'Please enter a valid email address' }],
    });
  });

  it('names every refused field, in the form’s order, each with its own words', () => {
    // The toast says the spec's line; each field says which one it is about.
    expect(validateSubmission({ name: ' ', email: valid.email, message: '' })).toEqual({
      ok: false,
      message: MESSAGES.missing,
      problems: [
        { field: 'name', message: MESSAGES.empty.name },
        { field: 'message', message: MESSAGES.empty.message },
      ],
    });
    // An empty field comes first in the toast, wherever it is; the address still says its own.
    expect(validateSubmission({ ...valid, email: 'jane@example', message: '\n' })).toEqual({
      ok: false,
      message: MESSAGES.missing,
      problems: [
        { field: 'email', message: MESSAGES.invalidEmail },
        { field: 'message', message: MESSAGES.empty.message },
      ],
    });
    // No field empty: the toast is the first refused field's words.
    const overAndUnreadable = {
      ...valid,
      name: 'x'.repeat(LIMITS.name.max + 1),
      email: 'a@b\u0007.c',
    };
    expect(validateSubmission(overAndUnreadable)).toEqual({
      ok: false,
      message: MESSAGES.tooLong.name,
      problems: [
        { field: 'name', message: MESSAGES.tooLong.name },
        { field: 'email', message: MESSAGES.unreadable.email },
      ],
    });
  });

  it('accepts each limit exactly and refuses one more, counting code points', () => {
    const emoji = '😀'; // two UTF-16 units, one character to PostgreSQL
    const atLimit = {
      name: emoji.repeat(LIMITS.name.max),
      email: `${'a'.repeat(LIMITS.email.max - 12)}@example.com`,
      message: emoji.repeat(LIMITS.message.max),
    };
    expect(validateSubmission(atLimit).ok).toBe(true);
    for (const field of ['name', 'email', 'message'] as const) {
      const over = { ...atLimit, [field]: `x${atLimit[field]}` };
      expect(validateSubmission(over)).toMatchObject({ ok: false, problems: [{ field }] });
    }
  });

  it('refuses text PostgreSQL cannot store', () => {
    expect(validateSubmission({ ...valid, message: 'a\u0000b' }).ok).toBe(false);
    expect(validateSubmission({ ...valid, name: 'lone \ud800 half' }).ok).toBe(false);
    expect(validateSubmission({ ...valid, name: 'paired 😀 emoji' }).ok).toBe(true);
  });

  it('counts characters as PostgreSQL does', () => {
    expect(charLength('abc')).toBe(3);
    expect(charLength('😀😀')).toBe(2);
    expect(charLength('é')).toBe(1);
  });
});

describe('visible text and control characters', () => {
  it.each([
    ['a name of one zero-width space', { ...valid, name: '\u200b' }],
    ['a name of joiners and bidi marks', { ...valid, name: '\u200d\u200e\u2060\u202e' }],
    ['a message of a Hangul filler', { ...valid, message: '\u3164' }],
    ['a message of variation selectors', { ...valid, message: '\ufe0f\u{e0041}' }],
  ])('refuses %s as empty', (_, input) => {
    expect(validateSubmission(input)).toMatchObject({ ok: false, message: MESSAGES.missing });
  });

  it('refuses an email address holding an invisible character', () => {
    for (const email of [
      '\u200b@\u200b.\u200b',
      'ja\u200bne@example.com',
      'jane@exa\u00admple.com',
    ]) {
      expect(validateSubmission({ ...valid, email })).toMatchObject({
        ok: false,
        message: MESSAGES.invalidEmail,
        problems: [{ field: 'email' }],
      });
    }
  });

  it('refuses C0 controls, naming the field, but keeps line feeds and tabs in a message', () => {
    const unreadableName = 'Please remove unusual control characters from your name';
    expect(validateSubmission({ ...valid, name: 'Jane\u001b[31m' })).toEqual({
      ok: false,
      message: unreadableName,
      problems: [{ field: 'name', message: unreadableName }],
    });
    expect(validateSubmission({ ...valid, name: 'Jane\u0007' })).toMatchObject({
      problems: [{ field: 'name' }],
    });
    expect(validateSubmission({ ...valid, message: 'ring\u0007' })).toMatchObject({
      ok: false,
      problems: [{ field: 'message' }],
    });
    expect(validateSubmission({ ...valid, name: 'Jane\tSmith' }).ok).toBe(false);
    expect(validateSubmission({ ...valid, message: 'line one\n\tline two' }).ok).toBe(true);
  });

  it('accepts visible text around invisible characters', () => {
    expect(validateSubmission({ ...valid, name: 'Zoë\u200d👩‍💻' }).ok).toBe(true);
  });
});
