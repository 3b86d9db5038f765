import { responseDue as responseDueWith, type IsHoliday } from '../../../shared/response-due.ts';
import type { WorkingHours } from '../../../shared/working-hours.ts';
import { isBankHoliday } from './bank-holidays.ts';

/**
 * The page's two promises as deadlines (docs/lead-clocks.md; the rulings are
 * docs/product.md#ruling-same-day and #ruling-diagnosis), used wherever the
 * server sets one. The reply rule is the one the page uses too
 * (shared/response-due.ts); here it reads England and Wales bank holidays from
 * date-holidays.
 */

/** "A diagnosis within 24 hours": plain clock hours, weekends and holidays included. */
const DIAGNOSIS_WITHIN_MS = 24 * 3_600_000;

export function responseDue(
  arrival: Date,
  hours: WorkingHours,
  isHoliday: IsHoliday = isBankHoliday,
): Date {
  return responseDueWith(arrival, hours, isHoliday);
}

export function diagnosisDue(arrival: Date): Date {
  return new Date(arrival.getTime() + DIAGNOSIS_WITHIN_MS);
}
