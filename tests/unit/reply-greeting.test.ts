import { describe, expect, it } from 'vitest';
import { inboxCopy } from '../../src/content/inbox.ts';

const { greeting } = inboxCopy.reply;

describe("the reply's greeting", () => {
  it('greets by the first word of the name, which most people go by', () => {
    expect(greeting('Ada Lovelace')).toBe('Hi Ada,\n\n');
    expect(greeting('  Priya  ')).toBe('Hi Priya,\n\n');
  });

  it('greets a name that starts with a title or an initial whole', () => {
    expect(greeting('Mr Smith')).toBe('Hi Mr Smith,\n\n');
    expect(greeting('Dr. Jane Doe')).toBe('Hi Dr. Jane Doe,\n\n');
    expect(greeting('J. Patel')).toBe('Hi J. Patel,\n\n');
    expect(greeting('MRS Jones')).toBe('Hi MRS Jones,\n\n');
  });

  it('says hello when there is no name to use', () => {
    expect(greeting('   ')).toBe('Hello,\n\n');
    expect(greeting('Mr')).toBe('Hello,\n\n');
  });
});
