/**
 * The clocks' settings (docs/lead-clocks.md), parsed with the rest of
 * server/config.ts: the working week the reply deadline follows, and how long
 * before a deadline the reminder goes.
 */
import {
  DEFAULT_BUSINESS_HOURS,
  DEFAULT_BUSINESS_TIMEZONE,
  defaultWorkingHours,
  parseWorkingHours,
  type WorkingHours,
} from './leads/clocks/working-hours.ts';
import { DEFAULT_REMINDER_MINUTES } from './leads/clocks/lead-clocks.ts';

export interface LeadClocksConfig {
  businessHours: WorkingHours;
  replyReminderMinutes: number;
}

/** A day: a reminder further ahead than that is not a reminder. */
const MAX_REMINDER_MINUTES = 24 * 60;

type Env = Record<string, string | undefined>;

export function parseLeadClocks(env: Env, problems: string[]): LeadClocksConfig {
  const parsed = parseWorkingHours(
    env.BUSINESS_HOURS?.trim() || DEFAULT_BUSINESS_HOURS,
    env.BUSINESS_TIMEZONE?.trim() || DEFAULT_BUSINESS_TIMEZONE,
  );
  if ('problem' in parsed) problems.push(parsed.problem);
  const text = env.REPLY_REMINDER_MINUTES?.trim() || String(DEFAULT_REMINDER_MINUTES);
  const minutes = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!(minutes >= 1 && minutes <= MAX_REMINDER_MINUTES)) {
    problems.push(
      `REPLY_REMINDER_MINUTES must be a whole number from 1 to ${MAX_REMINDER_MINUTES}, got "${text}"`,
    );
  }
  // With a problem the whole configuration is refused (config.ts), so the default never serves.
  return {
    businessHours: 'value' in parsed ? parsed.value : defaultWorkingHours(),
    replyReminderMinutes: minutes,
  };
}
