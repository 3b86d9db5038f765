import { describe, expect, it } from 'vitest';
import { leadClocks } from '../../src/inbox/clock.ts';
import type { Lead } from '../../src/inbox/lead.ts';

const NOW = new Date('2026-11-25T15:00:00Z');

/** A lead received at 09:00, its reply due at 12:00 (passed) and diagnosis the next morning. */
const lead = (fields: Partial<Lead>) =>
  ({
    suspected_spam: false,
    status: 'new',
    created_at: '2026-11-25T09:00:00Z',
    reply_due: '2026-11-25T12:00:00Z',
    replied_at: null,
    diagnosis_due: '2026-11-26T09:00:00Z',
    diagnosed_at: null,
    ...fields,
  }) as Lead;

const states = (l: Lead) => leadClocks(l, NOW).map((clock) => `${clock.kind} ${clock.state}`);

describe("a lead's clocks in the inbox (docs/lead-clocks.md)", () => {
  it('run on an open lead, and turn overdue', () => {
    expect(states(lead({}))).toEqual(['reply overdue', 'diagnosis running']);
  });

  it('stop on a won, lost or archived lead: nothing runs or turns overdue, what was met stays', () => {
    for (const status of ['won', 'lost', 'archived'] as const) {
      expect(states(lead({ status })), status).toEqual([]);
      expect(states(lead({ status, replied_at: '2026-11-25T11:00:00Z' })), status).toEqual([
        'reply met',
      ]);
    }
  });

  it('are none for suspected spam', () => {
    expect(states(lead({ suspected_spam: true }))).toEqual([]);
  });
});
