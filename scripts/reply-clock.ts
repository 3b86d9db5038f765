import type { ReplyClock } from '../contact/reply-time.ts';
import { readWorkingHours } from '../contact/working-hours.ts';
import { localParts } from '../contact/zoned-time.ts';
import { bankHolidaysBetween } from '../server/leads/clocks/bank-holidays.ts';

/** A bad BUSINESS_HOURS or BUSINESS_TIMEZONE: the build stops with the server's own message. */
export class WorkingHoursError extends Error {}

/** The bank holidays the page knows: from the build's day, this many years ahead. */
const HOLIDAY_YEARS = 2;

/**
 * What vite.config.ts writes into the page as __REPLY_CLOCK__ for the thanks
 * toast's reply time (src/features/contact/reply-time.ts): BUSINESS_HOURS and
 * BUSINESS_TIMEZONE read as the server reads them (contact/working-hours.ts),
 * and the next two years' bank holidays from date-holidays, as dates. A
 * build older than two years says no time (the site is rebuilt far sooner).
 */
export function replyClockFor(env: Record<string, string | undefined>, today: Date): ReplyClock {
  const parsed = readWorkingHours(env);
  if ('problem' in parsed) throw new WorkingHoursError(parsed.problem);
  const { days, open, close, timeZone } = parsed.value;
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
