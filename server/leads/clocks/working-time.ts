import { isBankHoliday } from './bank-holidays.ts';
import { isWorkingDay, type IsHoliday } from '../../../shared/response-due.ts';
import type { WorkingHours } from '../../../shared/working-hours.ts';
import { localParts, nextDate, zonedInstant } from '../../../shared/zoned-time.ts';

/** A year of days: far more than any week of BUSINESS_HOURS can need. */
const MAX_DAYS = 366;

/**
 * The instant `minutes` of working time after `start`, by the clocks' own
 * working hours and bank holidays: time outside the hours does not count,
 * so a lead that arrives at night starts counting when the agency opens.
 */
export function afterWorkingMinutes(
  start: Date,
  minutes: number,
  hours: WorkingHours,
  isHoliday: IsHoliday = isBankHoliday,
): Date {
  let remaining = minutes * 60_000;
  let day = localParts(start, hours.timeZone).date;
  let from = start.getTime();
  for (let i = 0; i < MAX_DAYS; i++, day = nextDate(day), from = -Infinity) {
    if (!isWorkingDay(day, hours, isHoliday)) continue;
    const open = zonedInstant(day, hours.open, hours.timeZone).getTime();
    const close = zonedInstant(day, hours.close, hours.timeZone).getTime();
    const begin = Math.max(from, open);
    if (begin >= close) continue;
    if (begin + remaining <= close) return new Date(begin + remaining);
    remaining -= close - begin;
  }
  throw new Error(`No working time within a year of ${start.toISOString()}`);
}
