import { responseTimeCopy as copy } from './copy/response-promise.ts';
import { responseDue, type IsHoliday } from './response-due.ts';
import type { WorkingHours } from './working-hours.ts';
import { localParts } from './zoned-time.ts';

/**
 * What the visitor is told after a send: "We'll reply by 17:30 today.", from
 * the clocks' own rule (./response-due.ts), in the agency's time zone. The page
 * says it in the thanks toast (src/features/contact/response-sentence.ts), the server
 * on the confirmation of the form without JavaScript (server/native-form/).
 */

/**
 * The working hours and bank holidays the build writes into the page
 * (scripts/response-clock.ts): a few hundred bytes instead of date-holidays.
 */
export interface ResponseClock {
  /** ISO weekdays (1 Monday … 7 Sunday), opening and closing in minutes, an IANA zone. */
  days: number[];
  open: number;
  close: number;
  timeZone: string;
  /** England and Wales bank holidays from `from` to `until` (YYYY-MM-DD, the build's two years). */
  from: string;
  until: string;
  holidays: string[];
}

const DAY_MS = 86_400_000;
/** From this many days ahead a weekday alone would name this week's: the date is added. */
const DATE_FROM_DAYS = 7;

/**
 * The sentence for a lead that arrived at `arrival`. `readerZone` is the
 * reader's own time zone where it is known (the page's Intl): the agency's
 * zone is named unless the reader's clock reads the same at arrival and at
 * the deadline; without it (a page served without script) it is always named.
 */
export function responseTime(
  arrival: Date,
  hours: WorkingHours,
  isHoliday: IsHoliday,
  readerZone?: string,
): { due: Date; sentence: string } {
  const due = responseDue(arrival, hours, isHoliday);
  const zone = hours.timeZone;
  const end = localParts(due, zone);
  const time = `${pad(Math.floor(end.minutes / 60))}:${pad(end.minutes % 60)}`;
  // "Today" and a bare weekday are read against the reader's own calendar: at 20:00 in New
  // York it is already tomorrow in London, and "17:30 today (UK time)" would name a time
  // that has passed. So the days are counted from the reader's date where it is known.
  const start = localParts(arrival, readerZone ?? zone);
  const days = (Date.parse(end.date) - Date.parse(start.date)) / DAY_MS;
  const day = copy.weekdays[end.weekday - 1]!;
  const [, month, date] = end.date.split('-').map(Number) as [number, number, number];
  let when =
    days === 0
      ? copy.today(time)
      : days > 0 && days < DATE_FROM_DAYS
        ? copy.onDay(time, day)
        : // A week or more ahead, or (a reader east of the agency, past its midnight) a
          // day the reader has already left behind: the date says which.
          copy.onDate(time, day, date, copy.months[month - 1]!);
  if (!readerZone || !readsTheSame([arrival, due], zone, readerZone)) {
    when = copy.inZone(when, zoneName(zone));
  }
  return { due, sentence: copy.replyBy(when) };
}

/** Whether two zones' wall clocks show the same date and time at each instant. */
function readsTheSame(instants: Date[], zone: string, other: string): boolean {
  return instants.every((instant) => {
    const [a, b] = [localParts(instant, zone), localParts(instant, other)];
    return a.date === b.date && a.minutes === b.minutes;
  });
}

/** "UK" for Europe/London; otherwise the zone's city, "America/New_York" → "New York". */
function zoneName(zone: string): string {
  return copy.zoneNames[zone] ?? zone.slice(zone.lastIndexOf('/') + 1).replaceAll('_', ' ');
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/**
 * The page's sentence, from what the build wrote in. Undefined outside the
 * days whose bank holidays the build knows (an old build, a clock far off):
 * no time rather than a wrong one.
 */
export function responseTimeByClock(
  accepted: Date,
  clock: ResponseClock,
  readerZone: string,
): string | undefined {
  const holidays = new Set(clock.holidays);
  const hours = { ...clock, days: new Set(clock.days) };
  const { due, sentence } = responseTime(accepted, hours, (date) => holidays.has(date), readerZone);
  const [first, last] = [localParts(accepted, clock.timeZone), localParts(due, clock.timeZone)];
  return first.date >= clock.from && last.date <= clock.until ? sentence : undefined;
}
