/**
 * The settings both the build and the server read, parsed by this one schema:
 * the build's (src/config/env.ts) and the server's (server/settings/schema.ts)
 * each extend it with their own. The same .env feeds both, so a value means the
 * same thing to each: the site URL in the page's canonical link and in lead
 * emails, where the page posts, how long submissions are kept, the working hours
 * the page's reply time and the server's clocks follow.
 */
import { z } from 'zod';
import {
  DEFAULT_RETENTION_MONTHS,
  MAX_RETENTION_MONTHS,
  parseRetentionMonths,
} from '../shared/retention.ts';
import {
  DEFAULT_BUSINESS_HOURS,
  DEFAULT_BUSINESS_TIMEZONE,
  readWorkingHours,
} from '../shared/working-hours.ts';
import { httpUrl, parsed } from './rules.ts';

/** The agency's name where no VITE_BRAND_NAME is set: the page's wordmark, and replies' sender. */
export const DEFAULT_BRAND_NAME = 'Foreland Digital';

export const sharedSettings = z.object({
  VITE_BRAND_NAME: z.string().describe('any text').default(DEFAULT_BRAND_NAME),
  VITE_SITE_URL: httpUrl.optional(),
  VITE_API_URL: httpUrl.optional(),
  VITE_SUPABASE_URL: httpUrl.optional(),
  // The page's key for hosted Supabase; `npm run doctor` reads Supabase Auth's settings with it.
  VITE_SUPABASE_ANON_KEY: z
    .string()
    .describe('any text; needed with VITE_SUPABASE_URL')
    .default(''),
  VITE_RETENTION_MONTHS: parsed(`whole number of months, 1 to ${MAX_RETENTION_MONTHS}`, (text) => {
    const retention = parseRetentionMonths(text);
    return 'months' in retention ? { value: retention.months } : retention;
  }).default(DEFAULT_RETENTION_MONTHS),
  // Checked together, below: the hours are read in their zone.
  BUSINESS_HOURS: z
    .string()
    .describe('days then hours, e.g. "Mon-Thu,Sat 08:00-16:00"')
    .default(DEFAULT_BUSINESS_HOURS),
  BUSINESS_TIMEZONE: z.string().describe('IANA time zone').default(DEFAULT_BUSINESS_TIMEZONE),
});

type Shared = z.output<typeof sharedSettings>;

/** The rule between the shared fields, for each reader's superRefine. */
export function checkShared(value: Shared, ctx: z.RefinementCtx): void {
  const hours = readWorkingHours(value);
  if ('problem' in hours)
    ctx.addIssue({ code: 'custom', message: hours.problem, path: ['BUSINESS_HOURS'] });
}
