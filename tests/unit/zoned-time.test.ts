import { describe, expect, it } from 'vitest';
import { addDays, localParts, zonedInstant } from '../../shared/zoned-time';

/**
 * zonedInstant places the working hours (opening, closing, the next day's noon) on the time
 * line. BUSINESS_TIMEZONE can be any IANA zone, so it must hold on both sides of UTC and for
 * zones whose clocks change at midnight, not only for London's 01:00 change.
 */

const ZONES = [
  'Europe/London',
  'Europe/Berlin',
  'America/New_York',
  'America/Santiago', // changes at midnight: the skipped hour is 00:00–01:00
  'America/Havana', // the same, north of the equator
  'Australia/Sydney',
  'Australia/Lord_Howe', // a half-hour change
  'Pacific/Auckland',
  'Asia/Kolkata',
];

const hm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

describe('zonedInstant', () => {
  it.each(ZONES)(
    'reads the asked wall time back in %s, or an hour on where it is skipped',
    (zone) => {
      const wrong: string[] = [];
      for (let date = '2026-01-01'; date < '2027-01-01'; date = addDays(date, 1)) {
        for (let minutes = 0; minutes < 24 * 60; minutes += 30) {
          const local = localParts(zonedInstant(date, minutes, zone), zone);
          if (local.date === date && local.minutes === minutes) continue;
          // Only a wall time the spring change skips may read otherwise: later the same day, by
          // the change (an hour, or Lord Howe's half hour).
          const skippedBy = local.minutes - minutes;
          if (local.date === date && (skippedBy === 60 || skippedBy === 30)) continue;
          wrong.push(`${date} ${hm(minutes)} → ${local.date} ${hm(local.minutes)}`);
        }
      }
      expect(wrong).toEqual([]);
    },
  );

  it('places a skipped midnight (Santiago, 6 September 2026) at 01:00 that day, not 23:00 the day before', () => {
    // Chile's clocks go from 00:00 to 01:00: opening at 00:00 that Sunday is 01:00 -03.
    expect(zonedInstant('2026-09-06', 0, 'America/Santiago').toISOString()).toBe(
      '2026-09-06T04:00:00.000Z',
    );
  });

  it('places a skipped 02:30 (New York, 8 March 2026) an hour later, not an hour earlier', () => {
    expect(zonedInstant('2026-03-08', 150, 'America/New_York').toISOString()).toBe(
      '2026-03-08T07:30:00.000Z', // 03:30 EDT
    );
  });

  it('places a repeated wall time at its first occurrence', () => {
    // London, 25 October 2026: 01:30 BST comes first, then 01:30 GMT.
    expect(zonedInstant('2026-10-25', 90, 'Europe/London').toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
    // New York, 1 November 2026: 01:30 EDT, then 01:30 EST.
    expect(zonedInstant('2026-11-01', 90, 'America/New_York').toISOString()).toBe(
      '2026-11-01T05:30:00.000Z',
    );
  });
});
