/**
 * Wall-clock time in a named time zone, with only the platform's Intl data:
 * the deadlines are stated in local time (09:00–17:30 in Europe/London) but
 * stored and compared as instants.
 */

export interface LocalParts {
  /** The local calendar date, YYYY-MM-DD. */
  date: string;
  /** ISO weekday: 1 Monday … 7 Sunday. */
  weekday: number;
  /** Minutes since local midnight. */
  minutes: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

function parts(instant: Date, timeZone: string) {
  const all = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return {
    year: Number(all.year),
    month: Number(all.month),
    day: Number(all.day),
    hour: Number(all.hour),
    minute: Number(all.minute),
    second: Number(all.second),
    weekday: WEEKDAYS.indexOf(all.weekday!) + 1,
  };
}

export function localParts(instant: Date, timeZone: string): LocalParts {
  const p = parts(instant, timeZone);
  const date = `${p.year}-${pad(p.month)}-${pad(p.day)}`;
  return { date, weekday: p.weekday, minutes: p.hour * 60 + p.minute };
}

/** How far the zone's wall clock is ahead of UTC at this instant, in ms. */
function offsetMs(instant: Date, timeZone: string): number {
  const p = parts(instant, timeZone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(instant.getTime() / 1000) * 1000;
}

/** A day either side of a wall time is past any offset (±14 h) and any clock change on its day. */
const DAY_MS = 86_400_000;

/**
 * The instant at which the zone's clock reads `minutes` past midnight on `date`.
 * Tried with the zone's offset a day before and a day after, which differ only
 * around a clock change: a wall time that an autumn change repeats resolves to
 * its first occurrence, and one that a spring change skips to the instant an
 * hour later (the offset before the change), whichever side of UTC the zone is
 * and whether it changes at 01:00, 02:00 or midnight (America/Santiago), so
 * opening time on a change day is never placed before midnight or before the
 * clocks go forward.
 */
export function zonedInstant(date: string, minutes: number, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, day, 0, minutes);
  const before = wall - offsetMs(new Date(wall - DAY_MS), timeZone);
  const after = wall - offsetMs(new Date(wall + DAY_MS), timeZone);
  const reads = (instant: number) => {
    const local = localParts(new Date(instant), timeZone);
    return local.date === date && local.minutes === minutes;
  };
  const readings = [before, after].filter(reads);
  return new Date(readings.length > 0 ? Math.min(...readings) : before);
}

/** The calendar date `days` after `date` (YYYY-MM-DD; before it if negative), whatever the zone. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The calendar date after `date`. */
export const nextDate = (date: string): string => addDays(date, 1);

/** ISO weekday (1 Monday … 7 Sunday) of a calendar date. */
export function weekdayOf(date: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return ((new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7) + 1;
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}
