import type { WorkingHours } from './working-hours.ts';
import { addDays, localParts, weekdayOf, zonedInstant } from './zoned-time.ts';

/**
 * The page's "same-day response" as a deadline (docs/lead-clocks.md;
 * docs/product.md#ruling-same-day): one definition, for the server's clocks
 * (server/leads/clocks/deadlines.ts, bank holidays from date-holidays) and for
 * the page's thanks, which says the time (bank holidays written in by the build).
 */

/** A lead this close to closing time, or closer, is answered the next working day. */
const SAME_DAY_CUT_OFF_MS = 2 * 3_600_000;
/** "Otherwise it is due at 12:00 on the next working day." */
const NEXT_DAY_DUE_MINUTES = 12 * 60;

/** Whether a calendar date (YYYY-MM-DD, the agency's) is a bank holiday. */
export type IsHoliday = (date: string) => boolean;

export function isWorkingDay(date: string, hours: WorkingHours, isHoliday: IsHoliday): boolean {
  return hours.days.has(weekdayOf(date)) && !isHoliday(date);
}

/** The nearest working day after `date` (`step` 1) or before it (−1). */
export function nearestWorkingDay(
  date: string,
  step: 1 | -1,
  hours: WorkingHours,
  isHoliday: IsHoliday,
): string {
  let day = addDays(date, step);
  while (!isWorkingDay(day, hours, isHoliday)) day = addDays(day, step);
  return day;
}

/**
 * "Same-day response": closing time on the day the lead arrives, if that is a
 * working day and closing is at least SAME_DAY_CUT_OFF_MS away; otherwise noon
 * on the next working day (kept within the working hours, should they not
 * include noon).
 */
export function responseDue(arrival: Date, hours: WorkingHours, isHoliday: IsHoliday): Date {
  const today = localParts(arrival, hours.timeZone).date;
  if (isWorkingDay(today, hours, isHoliday)) {
    const closing = zonedInstant(today, hours.close, hours.timeZone);
    if (closing.getTime() - arrival.getTime() >= SAME_DAY_CUT_OFF_MS) return closing;
  }
  const due = Math.min(Math.max(NEXT_DAY_DUE_MINUTES, hours.open), hours.close);
  return zonedInstant(nearestWorkingDay(today, 1, hours, isHoliday), due, hours.timeZone);
}
