/**
 * BUSINESS_HOURS, the agency's working week for the reply deadline
 * (docs/lead-clocks.md): days and one span of hours, such as the default
 * "Mon-Fri 09:00-17:30". Days are a range or a comma list ("Mon-Thu,Sat").
 * One parser for the server's settings (server/settings/schema.ts) and the
 * build, which writes the same hours into the page (scripts/response-clock.ts).
 */

export interface WorkingHours {
  /** ISO weekdays that are working days (1 Monday … 7 Sunday). */
  days: ReadonlySet<number>;
  /** Opening and closing time, in minutes since local midnight. */
  open: number;
  close: number;
  /** An IANA zone, such as Europe/London. */
  timeZone: string;
}

export const DEFAULT_BUSINESS_HOURS = 'Mon-Fri 09:00-17:30';
export const DEFAULT_BUSINESS_TIMEZONE = 'Europe/London';

const DAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const DAY = '(Mon|Tue|Wed|Thu|Fri|Sat|Sun)';
const TIME = '([01]\\d|2[0-3]):([0-5]\\d)';
const DAYS_PART = new RegExp(`^${DAY}(?:-${DAY})?$`);
const HOURS_PART = new RegExp(`^${TIME}-${TIME}$`);

export type Parsed<T> = { value: T } | { problem: string };

export function parseWorkingHours(text: string, timeZone: string): Parsed<WorkingHours> {
  const problem = (why: string): Parsed<WorkingHours> => ({
    problem: `BUSINESS_HOURS ${why}, like "${DEFAULT_BUSINESS_HOURS}", got "${text}"`,
  });
  const zoneProblem = timeZoneProblem(timeZone);
  if (zoneProblem) return { problem: zoneProblem };
  // Short input only: the patterns run on bounded pieces, and none backtracks.
  if (text.length > 64) return problem('is too long');
  const [daysText, hoursText, ...rest] = text.trim().split(/\s+/);
  if (!daysText || !hoursText || rest.length > 0) return problem('is days then hours');
  const days = new Set<number>();
  for (const piece of daysText.split(',')) {
    const match = DAYS_PART.exec(piece);
    if (!match) return problem(`names days as Mon…Sun`);
    const first = DAY_NAMES.indexOf(match[1]!) + 1;
    const last = match[2] ? DAY_NAMES.indexOf(match[2]) + 1 : first;
    if (last < first) return problem('lists a day range from Monday towards Sunday');
    for (let day = first; day <= last; day++) days.add(day);
  }
  const hours = HOURS_PART.exec(hoursText);
  if (!hours) return problem('gives hours as HH:MM-HH:MM');
  const open = Number(hours[1]) * 60 + Number(hours[2]);
  const close = Number(hours[3]) * 60 + Number(hours[4]);
  if (close <= open) return problem('closes after it opens');
  return { value: { days, open, close, timeZone } };
}

function timeZoneProblem(timeZone: string): string | undefined {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone });
    return undefined;
  } catch {
    return `BUSINESS_TIMEZONE must be an IANA time zone like "${DEFAULT_BUSINESS_TIMEZONE}", got "${timeZone}"`;
  }
}

/**
 * BUSINESS_HOURS and BUSINESS_TIMEZONE, trimmed, empty as unset, else the
 * defaults: how the server's settings (server/settings/schema.ts) and the
 * build (scripts/response-clock.ts) both read them.
 */
export function readWorkingHours(env: {
  BUSINESS_HOURS?: string;
  BUSINESS_TIMEZONE?: string;
}): Parsed<WorkingHours> {
  return parseWorkingHours(
    env.BUSINESS_HOURS?.trim() || DEFAULT_BUSINESS_HOURS,
    env.BUSINESS_TIMEZONE?.trim() || DEFAULT_BUSINESS_TIMEZONE,
  );
}
