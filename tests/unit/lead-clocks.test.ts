import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isBankHoliday } from '../../server/leads/clocks/bank-holidays';
import { isWorkingDay } from '../../shared/response-due';
import { diagnosisDue, responseDue } from '../../server/leads/clocks/deadlines';
import {
  DEFAULT_BUSINESS_HOURS,
  DEFAULT_BUSINESS_TIMEZONE,
  parseWorkingHours,
  type WorkingHours,
} from '../../shared/working-hours';
import { localParts, nextDate } from '../../shared/zoned-time';

function hours(text = DEFAULT_BUSINESS_HOURS, zone = DEFAULT_BUSINESS_TIMEZONE): WorkingHours {
  const parsed = parseWorkingHours(text, zone);
  if ('problem' in parsed) throw new Error(parsed.problem);
  return parsed.value;
}

const london = hours();
/** An instant, written with its offset (London is UTC+0 in winter, +1 in summer). */
const at = (iso: string) => new Date(iso);

describe('the reply deadline ("same-day response")', () => {
  it('Thursday 24 December 2026 at 16:00 is due Tuesday 29 December at 12:00', () => {
    // Christmas Day, the weekend, and Boxing Day's substitute on Monday the 28th.
    expect(responseDue(at('2026-12-24T16:00:00Z'), london).toISOString()).toBe(
      '2026-12-29T12:00:00.000Z',
    );
  });

  it('a lead at 10:00 BST is due by 17:30 BST the same day', () => {
    expect(responseDue(at('2026-06-10T10:00:00+01:00'), london).toISOString()).toBe(
      '2026-06-10T16:30:00.000Z',
    );
  });

  it('a lead exactly 2 hours before closing is due that day; a minute later, the next noon', () => {
    expect(responseDue(at('2026-11-25T15:30:00Z'), london).toISOString()).toBe(
      '2026-11-25T17:30:00.000Z',
    );
    expect(responseDue(at('2026-11-25T15:31:00Z'), london).toISOString()).toBe(
      '2026-11-26T12:00:00.000Z',
    );
  });

  it('a lead before opening on a working day is due at closing that day', () => {
    expect(responseDue(at('2026-11-25T06:15:00Z'), london).toISOString()).toBe(
      '2026-11-25T17:30:00.000Z',
    );
  });

  it('across the spring change (last Sunday of March), Friday evening is due Monday noon BST', () => {
    // Friday 26 March 2027 is GMT; Monday 29 March is Easter Monday, so Tuesday 30 March, BST.
    expect(responseDue(at('2027-03-26T18:00:00Z'), london).toISOString()).toBe(
      '2027-03-30T11:00:00.000Z',
    );
    // 2026: Friday 27 March GMT → Monday 30 March 12:00 BST (11:00 UTC).
    expect(responseDue(at('2026-03-27T18:00:00Z'), london).toISOString()).toBe(
      '2026-03-30T11:00:00.000Z',
    );
  });

  it('across the autumn change (last Sunday of October), Friday evening BST is due Monday noon GMT', () => {
    expect(responseDue(at('2026-10-23T18:00:00+01:00'), london).toISOString()).toBe(
      '2026-10-26T12:00:00.000Z',
    );
    // The Sunday of the change itself, in the repeated hour.
    expect(responseDue(at('2026-10-25T01:30:00Z'), london).toISOString()).toBe(
      '2026-10-26T12:00:00.000Z',
    );
  });

  it('the 2-hour cut-off on a clock-change Monday is counted in real hours', () => {
    // Monday 30 March 2026 is BST: closing 17:30 BST = 16:30 UTC; 14:30 UTC is 2 h before.
    expect(responseDue(at('2026-03-30T14:30:00Z'), london).toISOString()).toBe(
      '2026-03-30T16:30:00.000Z',
    );
  });

  it('a working week of other days and hours is followed', () => {
    const saturdays = hours('Tue-Thu,Sat 13:00-18:00');
    // Friday: next working day Saturday, and noon is before opening, so 13:00.
    expect(responseDue(at('2026-11-27T10:00:00Z'), saturdays).toISOString()).toBe(
      '2026-11-28T13:00:00.000Z',
    );
  });
});

describe('the diagnosis deadline ("within 24 hours")', () => {
  it('is 24 clock hours after arrival, over a clock change too', () => {
    expect(diagnosisDue(at('2026-10-24T12:00:00Z')).toISOString()).toBe('2026-10-25T12:00:00.000Z');
  });
});

describe('England and Wales bank holidays', () => {
  it('include substitute days and not observances', () => {
    expect(isBankHoliday('2026-12-28')).toBe(true);
    expect(isBankHoliday('2027-12-27')).toBe(true);
    expect(isBankHoliday('2026-03-15')).toBe(false); // Mother's Day
    expect(isBankHoliday('2026-08-31')).toBe(true);
  });
});

describe('BUSINESS_HOURS', () => {
  it.each([
    ['Mon-Fri 9:00-17:30', 'gives hours as HH:MM-HH:MM'],
    ['Fri-Mon 09:00-17:30', 'from Monday towards Sunday'],
    ['Mon-Fri 17:30-09:00', 'closes after it opens'],
    ['Weekdays 09:00-17:30', 'names days'],
    ['Mon-Fri', 'days then hours'],
  ])('refuses %s with a reason', (text, reason) => {
    const parsed = parseWorkingHours(text, 'Europe/London');
    expect('problem' in parsed && parsed.problem).toContain(reason);
  });

  it('refuses an unknown time zone', () => {
    const parsed = parseWorkingHours(DEFAULT_BUSINESS_HOURS, 'Europe/Dover');
    expect('problem' in parsed && parsed.problem).toContain('BUSINESS_TIMEZONE');
  });
});

describe('every reply deadline (property)', () => {
  const arrivals = fc.date({
    min: new Date('2025-01-01T00:00:00Z'),
    max: new Date('2030-12-31T23:59:59Z'),
    noInvalidDate: true,
  });

  it('falls on a working day within working hours, never before arrival, never after the next working noon', () => {
    fc.assert(
      fc.property(arrivals, (arrival) => {
        const due = responseDue(arrival, london);
        const local = localParts(due, london.timeZone);
        expect(isWorkingDay(local.date, london, isBankHoliday)).toBe(true);
        expect(local.minutes).toBeGreaterThanOrEqual(london.open);
        expect(local.minutes).toBeLessThanOrEqual(london.close);
        expect(due.getTime()).toBeGreaterThan(arrival.getTime());
        let next = nextDate(localParts(arrival, london.timeZone).date);
        while (!isWorkingDay(next, london, isBankHoliday)) next = nextDate(next);
        // Never later than noon on the next working day.
        expect(local.date <= next).toBe(true);
        if (local.date === next) expect(local.minutes).toBe(12 * 60);
      }),
      { numRuns: 2_000 },
    );
  });
});
