import {
  DEFAULT_BUSINESS_HOURS,
  DEFAULT_BUSINESS_TIMEZONE,
  parseWorkingHours,
  type WorkingHours,
} from '../../../shared/working-hours.ts';

/** The working week when none is configured (docs/product.md#ruling-working-week). */
export function defaultWorkingHours(): WorkingHours {
  const parsed = parseWorkingHours(DEFAULT_BUSINESS_HOURS, DEFAULT_BUSINESS_TIMEZONE);
  if ('problem' in parsed) throw new Error(parsed.problem);
  return parsed.value;
}
