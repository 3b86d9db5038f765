import { describe, expect, it } from 'vitest';
import { asTyped, jsonAsTyped } from '../../shared/as-typed.ts';
import { csvCell } from '../../shared/csv.ts';
import { digestNotice, reminderNotice } from '../../server/leads/clocks/clock-messages.ts';
import { leadMessage } from '../../server/leads/delivery/lead-message.ts';
import { summaryMessage } from '../../server/leads/delivery/summary-message.ts';
import { asShown, type Lead } from '../../src/inbox/lead.ts';
import { ANY_OF_THEM, REORDERING } from '../support/reordering.ts';

/**
 * Names show as typed, never reordered (docs/inbox.md): one rule, shared/as-typed.ts,
 * in the inbox, the lead and summary emails, the reminders and digest, the alerts
 * (alerts-as-typed.test.ts), and the exports (escaped there, as they are the record).
 */

/** "evil.exe" with an override before its end: shown raw, it reads "evil.exe" reversed at the end. */
const NAME = 'Eve\u202Eexe.txt\u2066\u009b';
const AS_TYPED = 'Eveexe.txt';

const hours = { days: new Set([1, 2, 3, 4, 5]), open: 540, close: 1050, timeZone: 'Europe/London' };
const at = new Date('2026-11-25T10:00:00Z');

describe('the as-typed rule', () => {
  it('removes each character that reorders text, and nothing else', () => {
    for (const char of REORDERING) {
      const expected = char === '\u0085' ? 'a\nb' : 'ab'; // NEL is a line break: kept as one
      expect(asTyped(`a${char}b`), char.codePointAt(0)!.toString(16)).toBe(expected);
    }
    const kept = 'مرحبا שלום 👩‍💻 می‌خواهم\tline\nnext «quoted» café';
    expect(asTyped(kept)).toBe(kept);
  });

  it('shows a lead in the inbox as typed: name, address and message', () => {
    const lead = { name: NAME, email: 'eve@example.co.uk', message: `Hi\u202Efrom ${NAME}` };
    expect(asShown(lead as Lead)).toMatchObject({
      name: AS_TYPED,
      email: 'eve@example.co.uk',
      message: `Hifrom ${AS_TYPED}`,
    });
  });

  it('shows the name as typed in reminders and the digest', () => {
    const row = {
      id: 7,
      name: NAME,
      deadline: 'reply',
      due: at,
      reply_overdue: true,
      reply_due: at,
    };
    const reminder = reminderNotice([row], { hours, at });
    const digest = digestNotice({}, [row], { hours, at, monday: '2026-11-23' });
    for (const notice of [reminder, digest]) {
      expect(notice.text).toContain(AS_TYPED);
      expect(notice.html).toContain(AS_TYPED);
      expect(`${notice.subject}${notice.text}${notice.html}`).not.toMatch(ANY_OF_THEM);
    }
  });

  it('shows name and message as typed in the lead email and the summary', () => {
    const lead = {
      id: '7',
      name: NAME,
      email: 'eve@example.co.uk',
      message: `Hi ${NAME}`,
      receivedAt: at,
    };
    const addressing = {
      from: { name: 'Site', address: 'site@example.co.uk' },
      to: 'a@example.co.uk',
    };
    const single = leadMessage(lead, addressing);
    const summary = summaryMessage({ id: '1', leads: [lead], heldAsSpam: 0 }, addressing);
    for (const mail of [single, summary]) {
      expect(String(mail.text)).toContain(AS_TYPED);
      expect(`${mail.subject}${String(mail.text)}${String(mail.html)}`).not.toMatch(ANY_OF_THEM);
    }
  });

  it('keeps every character in the exports, written as escapes', () => {
    expect(csvCell(NAME)).toBe('"Eve\\u202eexe.txt\\u2066\\x9b"');
    const rows = [{ name: NAME, message: `a\u200fb\u061cc` }];
    const json = jsonAsTyped(rows);
    expect(json).not.toMatch(ANY_OF_THEM);
    expect(json).toContain('"Eve\\u202eexe.txt\\u2066\\u009b"');
    expect(JSON.parse(json)).toEqual(rows);
  });
});
