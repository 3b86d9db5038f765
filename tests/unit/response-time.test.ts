import { describe, expect, it } from 'vitest';
import { responseTime, responseTimeByClock } from '../../shared/response-time';
import { readWorkingHours } from '../../shared/working-hours';
import { responseClockFor } from '../../scripts/response-clock';
import { parseBuildSettings } from '../../src/config/env';
import { isBankHoliday } from '../../server/leads/clocks/bank-holidays';
import { responseDue } from '../../server/leads/clocks/deadlines';

/**
 * The visitor is told when to expect the reply (docs/lead-clocks.md), by the clocks' own
 * rule (shared/response-due.ts). The page runs it on what the build wrote in
 * (scripts/response-clock.ts), the server on date-holidays: the same time either way.
 */

const BUILT = new Date('2026-11-25T12:00:00Z');
const london = readWorkingHours({});
if ('problem' in london) throw new Error(london.problem);
const hours = london.value;
const clock = responseClockFor(hours, BUILT);

/** One moment for each way the rule can go, London time (GMT in winter: Z is London). */
const MOMENTS = [
  ['a Tuesday morning', '2026-12-01T10:00:00Z', "We'll reply by 17:30 today."],
  ['a Friday evening', '2026-12-04T18:00:00Z', "We'll reply by 12:00 on Monday."],
  // Christmas Eve, after the cut-off: Christmas, the weekend and Boxing Day's substitute Monday.
  ['the day before a bank holiday', '2026-12-24T16:00:00Z', "We'll reply by 12:00 on Tuesday."],
] as const;

describe('the reply time at three moments', () => {
  it.each(MOMENTS)('%s: the page says it as the clocks set it', (_, at, words) => {
    const arrival = new Date(at);
    expect(responseTimeByClock(arrival, clock, 'Europe/London')).toBe(words);
    const server = responseTime(arrival, hours, isBankHoliday, 'Europe/London');
    expect(server.sentence).toBe(words);
    expect(server.due).toEqual(responseDue(arrival, hours));
  });

  it('names the zone when the reader is elsewhere, or where the zone is not known', () => {
    const arrival = new Date(MOMENTS[0][1]);
    expect(responseTimeByClock(arrival, clock, 'America/New_York')).toBe(
      "We'll reply by 17:30 today (UK time).",
    );
    expect(responseTime(arrival, hours, isBankHoliday).sentence).toBe(
      "We'll reply by 17:30 today (UK time).",
    );
    // Dublin's clock reads as London's: nothing to add.
    expect(responseTimeByClock(arrival, clock, 'Europe/Dublin')).toBe(MOMENTS[0][2]);
  });

  it("says today and the weekday by the reader's calendar, not the agency's", () => {
    // Tuesday 1 December 2026, 20:00 in New York, is Wednesday 01:00 in London: due 17:30
    // Wednesday (UK time). "Today" would be the reader's Tuesday, whose 17:30 has passed.
    const newYorkEvening = new Date('2026-12-02T01:00:00Z');
    expect(responseTimeByClock(newYorkEvening, clock, 'America/New_York')).toBe(
      "We'll reply by 17:30 on Wednesday (UK time).",
    );
    // Wednesday 2 December 2026, 10:00 in Sydney, is Tuesday 23:00 in London: due 12:00
    // Wednesday, which is the reader's today.
    const sydneyMorning = new Date('2026-12-01T23:00:00Z');
    expect(responseTimeByClock(sydneyMorning, clock, 'Australia/Sydney')).toBe(
      "We'll reply by 12:00 today (UK time).",
    );
    // Wednesday 00:00 at Kiritimati (UTC+14) is Tuesday 10:00 in London: due 17:30 Tuesday,
    // a day the reader has left behind, so the date is given.
    const kiritimatiMidnight = new Date('2026-12-01T10:00:00Z');
    expect(responseTimeByClock(kiritimatiMidnight, clock, 'Pacific/Kiritimati')).toBe(
      "We'll reply by 17:30 on Tuesday 1 December (UK time).",
    );
    // Without a reader's zone (the page without script) the agency's calendar is the one named.
    expect(responseTime(newYorkEvening, hours, isBankHoliday).sentence).toBe(
      "We'll reply by 17:30 today (UK time).",
    );
  });

  it('dates a deadline a week or more ahead, where a weekday alone would mean this week', () => {
    const saturdays = readWorkingHours({ BUSINESS_HOURS: 'Sat 09:00-17:30' });
    if ('problem' in saturdays) throw new Error(saturdays.problem);
    const sentence = responseTime(new Date('2026-12-05T16:00:00Z'), saturdays.value, isBankHoliday);
    expect(sentence.sentence).toBe("We'll reply by 12:00 on Saturday 12 December (UK time).");
  });
});

describe('what the build writes into the page', () => {
  it("is the next two years' bank holidays and the working hours, in a few hundred bytes", () => {
    expect(clock).toMatchObject({
      days: [1, 2, 3, 4, 5],
      open: 9 * 60,
      close: 17 * 60 + 30,
      timeZone: 'Europe/London',
      from: '2026-11-25',
      until: '2028-11-25',
    });
    expect(clock.holidays).toContain('2026-12-28');
    expect(clock.holidays).toContain('2028-08-28');
    expect(clock.holidays.every((date) => isBankHoliday(date))).toBe(true);
    expect(JSON.stringify(clock).length).toBeLessThan(512);
  });

  it('says no time past the days it knows, rather than a wrong one', () => {
    const late = new Date('2028-11-24T18:00:00Z'); // a Friday: due Monday 27th, past `until`
    expect(responseTimeByClock(late, clock, 'Europe/London')).toBeUndefined();
    expect(responseTimeByClock(new Date('2026-11-24T10:00:00Z'), clock, 'Europe/London')).toBe(
      undefined,
    );
  });

  it('refuses BUSINESS_HOURS as the server does', () => {
    expect(() => parseBuildSettings({ BUSINESS_HOURS: 'weekdays 9-5' })).toThrow(
      'BUSINESS_HOURS names days as Mon…Sun',
    );
  });
});
