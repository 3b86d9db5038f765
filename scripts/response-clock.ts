import type { ResponseClock } from '../shared/response-time.ts';
import type { WorkingHours } from '../shared/working-hours.ts';
import { localParts } from '../shared/zoned-time.ts';
import { bankHolidaysBetween } from '../server/leads/clocks/bank-holidays.ts';

/** The bank holidays the page knows: from the build's day, this many years ahead. */
const HOLIDAY_YEARS = 2;

/**
 * What vite.config.ts writes into the page as __RESPONSE_CLOCK__ for the thanks
 * toast's reply time (src/features/contact/response-sentence.ts): BUSINESS_HOURS and
 * BUSINESS_TIMEZONE as the shared settings schema read them for the build and
 * the server alike (settings/shared.ts),
 * and the next two years' bank holidays from date-holidays, as dates. A
 * build older than two years says no time (the site is rebuilt far sooner).
 */
export function responseClockFor(hours: WorkingHours, today: Date): ResponseClock {
  const { days, open, close, timeZone } = hours;
  const from = localParts(today, timeZone).date;
  const until = `${Number(from.slice(0, 4)) + HOLIDAY_YEARS}${from.slice(4)}`;
  return {
    days: [...days],
    open,
    close,
    timeZone,
    from,
    until,
    holidays: bankHolidaysBetween(from, until),
  };
}
