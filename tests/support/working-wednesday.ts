import { isBankHoliday } from '../../server/leads/clocks/bank-holidays.ts';

/**
 * 10:00 UTC on a Wednesday one to two weeks back that is not a bank holiday, whatever day or
 * hour the suite runs. Recent, so no retention rule reaches it.
 * - As a lead's `created_at`: its reply is due at 17:30 that day and its diagnosis at 10:00 on
 *   Thursday (a lead stored now on a Friday evening is due a reply on Monday, after its diagnosis).
 * - As a server's `clockNow`: its lead clocks send no weekly digest, which goes from Monday 08:00
 *   (docs/lead-clocks.md), so a test that counts a server's emails counts the leads' alone.
 */
export function workingWednesday(now = new Date()): Date {
  const day = new Date(now);
  day.setUTCHours(10, 0, 0, 0);
  day.setUTCDate(day.getUTCDate() - 7 - ((day.getUTCDay() + 4) % 7));
  while (isBankHoliday(day.toISOString().slice(0, 10))) day.setUTCDate(day.getUTCDate() - 7);
  return day;
}
