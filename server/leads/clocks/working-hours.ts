import {
  DEFAULT_BUSINESS_HOURS,
  DEFAULT_BUSINESS_TIMEZONE,
  parseWorkingHours,
  type WorkingHours,
} from '../../../contact/working-hours.ts';

/** Mon–Fri 09:00–17:30, Europe/London: decisions.md's working week, when none is configured. */
export function defaultWorkingHours(): WorkingHours {
  const parsed = parseWorkingHours(DEFAULT_BUSINESS_HOURS, DEFAULT_BUSINESS_TIMEZONE);
  if ('problem' in parsed) throw new Error(parsed.problem);
  return parsed.value;
}
