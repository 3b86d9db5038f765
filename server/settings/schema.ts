/**
 * Every variable the server, the worker and the command-line tools read, with
 * its default and its rule, in one schema (.env.example documents each one;
 * tests/server/settings-documented.test.ts keeps the two in step). A message
 * names what was expected; read-settings.ts prefixes the variable's name.
 *
 * zod rather than env-schema: most rules here are more than a type (URLs whose
 * messages must not echo a password, pairs set together, exact origins), and
 * zod states each in TypeScript with our own message and infers the parsed
 * type; env-schema's JSON Schema would need a custom ajv keyword per rule and
 * still word its errors as ajv does.
 */
import { z } from 'zod';
import { DEFAULT_RETENTION_MONTHS, parseRetentionMonths } from '../../contact/retention.ts';
import { EXPIRES_SECONDS_RANGE, MAX_NUMBER_RANGE } from '../db/proof-of-work.ts';
import { DEFAULT_REMINDER_MINUTES } from '../leads/clocks/lead-clocks.ts';
import {
  DEFAULT_BUSINESS_HOURS,
  DEFAULT_BUSINESS_TIMEZONE,
  parseWorkingHours,
} from '../leads/clocks/working-hours.ts';
import { isHeaderSafeAddress, parseMailbox } from '../leads/delivery/email-address.ts';
import { SUMMARY_INTERVAL_MS, UNVERIFIED_PER_HOUR } from '../leads/delivery/outbox-worker.ts';
import {
  corsOriginProblem,
  databaseUrlProblem,
  isHttpUrl,
  smtpUrlProblem,
  webhookSecretProblem,
  webhookUrlProblem,
} from './checks.ts';
import { parseTrustProxy } from './trust-proxy-setting.ts';
import { pushHostProblem } from '../leads/push/push-hosts.ts';
import { DEFAULT_ESCALATE_MINUTES } from '../leads/push/escalation.ts';

/** The defaults, here only; server/start.ts and server/app.ts fall back to the same ones. */
export const DEFAULTS = {
  PORT: 8080,
  // Loopback unless told otherwise: a reverse proxy or container sets HOST=0.0.0.0 on purpose.
  HOST: '127.0.0.1',
  DATA_DIR: './data',
  // The migration's own default (20261123030000_rate_limit.sql); written only when given.
  RATE_LIMIT_PER_MINUTE: 10,
  DIST_DIR: 'dist',
  // The lead worker's own defaults (outbox-worker.ts), as settings.
  LEAD_SUMMARY_INTERVAL_SECONDS: SUMMARY_INTERVAL_MS / 1000,
  UNVERIFIED_EMAILS_PER_HOUR: UNVERIFIED_PER_HOUR,
  BUSINESS_HOURS: DEFAULT_BUSINESS_HOURS,
  BUSINESS_TIMEZONE: DEFAULT_BUSINESS_TIMEZONE,
  REPLY_REMINDER_MINUTES: DEFAULT_REMINDER_MINUTES,
  VITE_RETENTION_MONTHS: DEFAULT_RETENTION_MONTHS,
  ALERT_ESCALATE_MINUTES: DEFAULT_ESCALATE_MINUTES,
} as const;

/** High enough for a shared office network, low enough to blunt a spam run. */
const MAX_RATE_LIMIT_PER_MINUTE = 10_000;
/** An hour: the cap's own window; a longer wait would hide leads behind it. */
const MAX_SUMMARY_INTERVAL_S = 3_600;
/** The hourly cap (outbox-worker.ts's MAX_PER_HOUR) bounds it anyway. */
const MAX_UNVERIFIED_PER_HOUR = 60;
/** A day: a reminder further ahead than that is not a reminder. */
const MAX_REMINDER_MINUTES = 24 * 60;

/** A working day: an escalation later than that is the reminder's job. */
const MAX_ESCALATE_MINUTES = 8 * 60;

/** The one whole-number rule: digits only (no sign, point or exponent), within a range. */
function wholeNumber(min: number, max: number) {
  const error = (issue: { input?: unknown }) =>
    `must be a whole number from ${min} to ${max}, got "${String(issue.input)}"`;
  return z
    .string()
    .regex(/^\d+$/, { error })
    .transform(Number)
    .pipe(z.number().min(min, { error }).max(max, { error }));
}

/** A value `problemOf` accepts; its message never quotes the value (it may be a secret). */
const secret = (problemOf: (value: string) => string | undefined) =>
  z.string().check((ctx) => {
    const problem = problemOf(ctx.value);
    if (problem) ctx.issues.push({ code: 'custom', message: problem, input: '' });
  });

/** A value a parser turns into another, or explains. */
const parsed = <T>(parse: (text: string) => { value: T } | { problem: string }) =>
  z.string().transform((text, ctx) => {
    const result = parse(text);
    if ('value' in result) return result.value;
    ctx.addIssue({ code: 'custom', message: result.problem });
    return z.NEVER;
  });

const httpOrigin = parsed((text) =>
  isHttpUrl(text)
    ? { value: new URL(text).origin }
    : { problem: `must be an http(s) URL, got "${text}"` },
);

/** A comma-separated list, empty entries dropped, each entry checked. */
const list = (problemOf: (entry: string) => string | undefined) =>
  z
    .string()
    .default('')
    .transform((text, ctx) => {
      const entries = [...new Set(text.split(',').map((entry) => entry.trim()))].filter(Boolean);
      for (const entry of entries) {
        const problem = problemOf(entry);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }
      return entries;
    });

/** Each variable, as read-settings.ts hands it over: trimmed, and absent when empty. */
export const settingsFields = z.object({
  PORT: wholeNumber(0, 65_535).default(DEFAULTS.PORT),
  HOST: z
    .string()
    .regex(/^\S+$/, {
      error: (issue) => `must be a host name or address, got "${String(issue.input)}"`,
    })
    .default(DEFAULTS.HOST),
  DATA_DIR: z.string().default(DEFAULTS.DATA_DIR),
  DATABASE_URL: secret(databaseUrlProblem).optional(),
  // Only when given: a worker or CLI started without it must not reset every server's limit.
  RATE_LIMIT_PER_MINUTE: wholeNumber(1, MAX_RATE_LIMIT_PER_MINUTE).optional(),
  DIST_DIR: z.string().default(DEFAULTS.DIST_DIR),
  // Only a clear setting trusts a proxy: a believed X-Forwarded-For lets anyone pick their address.
  TRUST_PROXY: parsed(parseTrustProxy).default(false),
  VITE_API_URL: httpOrigin.optional(),
  VITE_SUPABASE_URL: httpOrigin.optional(),
  CORS_ORIGINS: list(corsOriginProblem),
  SMTP_URL: secret(smtpUrlProblem).optional(),
  NOTIFY_EMAIL: z
    .string()
    .refine(isHeaderSafeAddress, {
      error: (issue) => `must be one email address, got "${String(issue.input)}"`,
    })
    .optional(),
  MAIL_FROM: z
    .string()
    .refine((value) => Boolean(parseMailbox(value)), {
      error: (issue) => `must be an address or "Name <address>", got "${String(issue.input)}"`,
    })
    .optional(),
  INBOX_EMAILS: list((email) =>
    isHeaderSafeAddress(email)
      ? undefined
      : `lists email addresses separated by commas, got "${email}"`,
  ),
  VITE_SITE_URL: parsed((text) =>
    isHttpUrl(text)
      ? { value: text.replace(/\/+$/, '') }
      : { problem: `must be an http(s) URL, got "${text}"` },
  ).optional(),
  VITE_RETENTION_MONTHS: parsed((text) => {
    const retention = parseRetentionMonths(text);
    return 'months' in retention ? { value: retention.months } : retention;
  }).default(DEFAULTS.VITE_RETENTION_MONTHS),
  PROOF_OF_WORK_MAX_NUMBER: wholeNumber(...MAX_NUMBER_RANGE).optional(),
  PROOF_OF_WORK_EXPIRES_SECONDS: wholeNumber(...EXPIRES_SECONDS_RANGE).optional(),
  // Checked with NODE_ENV, below.
  WEBHOOK_URL: z.string().optional(),
  WEBHOOK_SECRET: secret(webhookSecretProblem).optional(),
  LEAD_SUMMARY_INTERVAL_SECONDS: wholeNumber(1, MAX_SUMMARY_INTERVAL_S).default(
    DEFAULTS.LEAD_SUMMARY_INTERVAL_SECONDS,
  ),
  UNVERIFIED_EMAILS_PER_HOUR: wholeNumber(0, MAX_UNVERIFIED_PER_HOUR).default(
    DEFAULTS.UNVERIFIED_EMAILS_PER_HOUR,
  ),
  BUSINESS_HOURS: z.string().default(DEFAULTS.BUSINESS_HOURS),
  BUSINESS_TIMEZONE: z.string().default(DEFAULTS.BUSINESS_TIMEZONE),
  REPLY_REMINDER_MINUTES: wholeNumber(1, MAX_REMINDER_MINUTES).default(
    DEFAULTS.REPLY_REMINDER_MINUTES,
  ),
  // Alerts (docs/alerts.md): extra push services, and when an unseen lead is escalated.
  WEB_PUSH_HOSTS: list(pushHostProblem),
  ALERT_ESCALATE_MINUTES: wholeNumber(1, MAX_ESCALATE_MINUTES).default(
    DEFAULTS.ALERT_ESCALATE_MINUTES,
  ),
  NODE_ENV: z.string().optional(),
});

type Fields = z.output<typeof settingsFields>;

/** The whole server's settings: the fields, and the rules between them. */
export const serverSettings = settingsFields.superRefine(
  (value, ctx) => {
    const complain = (name: keyof Fields, message: string) =>
      ctx.addIssue({ code: 'custom', message, path: [name] });
    // Half a pair would otherwise switch a channel off without a word.
    for (const [first, second] of [
      ['SMTP_URL', 'NOTIFY_EMAIL'],
      ['WEBHOOK_URL', 'WEBHOOK_SECRET'],
    ] as const) {
      if (Boolean(value[first]) === Boolean(value[second])) continue;
      complain(
        first,
        `and ${second} go together: set ${value[first] ? second : first} too, or neither`,
      );
    }
    const production = value.NODE_ENV === 'production';
    const urlProblem = value.WEBHOOK_URL && webhookUrlProblem(value.WEBHOOK_URL, production);
    if (urlProblem) complain('WEBHOOK_URL', urlProblem);
    const hours = parseWorkingHours(value.BUSINESS_HOURS, value.BUSINESS_TIMEZONE);
    if ('problem' in hours) complain('BUSINESS_HOURS', hours.problem);
  },
  // Also when a field is wrong: the error names every bad variable at once.
  { when: () => true },
);

export type Settings = z.output<typeof serverSettings>;
