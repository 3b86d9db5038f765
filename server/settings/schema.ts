/**
 * Every variable the server, the worker and the command-line tools read, with
 * its default and its rule, in one schema: the settings the build reads too
 * (settings/shared.ts), and the server's own. .env.example and
 * docs/configuration.md document each one (tests/server/settings-documented.test.ts
 * keeps them in step). A message names what was expected; settings/parse.ts
 * prefixes the variable's name.
 *
 * zod rather than env-schema: most rules here are more than a type (URLs whose
 * messages must not echo a password, pairs set together, exact origins), and
 * zod states each in TypeScript with our own message and infers the parsed
 * type; env-schema's JSON Schema would need a custom ajv keyword per rule and
 * still word its errors as ajv does.
 */
import { z } from 'zod';
import { DEFAULT_RETENTION_MONTHS } from '../../shared/retention.ts';
import { DEFAULT_BUSINESS_HOURS, DEFAULT_BUSINESS_TIMEZONE } from '../../shared/working-hours.ts';
import { list, parsed, secret, wholeNumber } from '../../settings/rules.ts';
import { checkShared, sharedSettings } from '../../settings/shared.ts';
import { EXPIRES_SECONDS_RANGE, MAX_NUMBER_RANGE } from '../db/proof-of-work-settings.ts';
import { DEFAULT_REMINDER_MINUTES } from '../leads/clocks/lead-clocks.ts';
import { isHeaderSafeAddress, parseMailbox } from '../leads/delivery/mail-header.ts';
import { SUMMARY_INTERVAL_MS, UNVERIFIED_PER_HOUR } from '../leads/delivery/outbox-worker.ts';
import {
  corsOriginProblem,
  databaseUrlProblem,
  smtpUrlProblem,
  webhookSecretProblem,
  webhookUrlProblem,
} from './value-rules.ts';
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
  // Mailpit's web port, so a bookmark from either keeps working (docs/local-mailbox.md).
  MAILBOX_PORT: 8025,
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

const shared = sharedSettings.shape;

/** Each variable, as settings/parse.ts hands it over: trimmed, and absent when empty. */
export const settingsFields = z.object({
  PORT: wholeNumber(0, 65_535).default(DEFAULTS.PORT),
  HOST: z
    .string()
    .regex(/^\S+$/, {
      error: (issue) => `must be a host name or address, got "${String(issue.input)}"`,
    })
    .describe('host name or address')
    .default(DEFAULTS.HOST),
  DATA_DIR: z.string().describe('directory').default(DEFAULTS.DATA_DIR),
  DATABASE_URL: secret('postgres:// or postgresql:// URL', databaseUrlProblem).optional(),
  // Only when given: a worker or CLI started without it must not reset every server's limit.
  RATE_LIMIT_PER_MINUTE: wholeNumber(1, MAX_RATE_LIMIT_PER_MINUTE).optional(),
  DIST_DIR: z.string().describe('directory').default(DEFAULTS.DIST_DIR),
  // Only a clear setting trusts a proxy: a believed X-Forwarded-For lets anyone pick their address.
  TRUST_PROXY: parsed(
    'true, false, a hop count (1 to 10) or proxy addresses/CIDRs, comma-separated',
    parseTrustProxy,
  ).default(false),
  VITE_API_URL: shared.VITE_API_URL,
  VITE_SUPABASE_URL: shared.VITE_SUPABASE_URL,
  VITE_SUPABASE_ANON_KEY: shared.VITE_SUPABASE_ANON_KEY,
  CORS_ORIGINS: list('exact http(s) origins, no wildcard', corsOriginProblem),
  SMTP_URL: secret('smtp:// or smtps:// URL with a host', smtpUrlProblem).optional(),
  NOTIFY_EMAIL: z
    .string()
    .refine(isHeaderSafeAddress, {
      error: (issue) => `must be one email address, got "${String(issue.input)}"`,
    })
    .describe('one email address; set with SMTP_URL')
    .optional(),
  MAIL_FROM: z
    .string()
    .refine((value) => Boolean(parseMailbox(value)), {
      error: (issue) => `must be an address or "Name <address>", got "${String(issue.input)}"`,
    })
    .describe('an address or "Name <address>"')
    .optional(),
  INBOX_EMAILS: list('email addresses', (email) =>
    isHeaderSafeAddress(email)
      ? undefined
      : `lists email addresses separated by commas, got "${email}"`,
  ),
  VITE_SITE_URL: shared.VITE_SITE_URL,
  VITE_BRAND_NAME: shared.VITE_BRAND_NAME,
  VITE_RETENTION_MONTHS: shared.VITE_RETENTION_MONTHS,
  PROOF_OF_WORK_MAX_NUMBER: wholeNumber(...MAX_NUMBER_RANGE).optional(),
  PROOF_OF_WORK_EXPIRES_SECONDS: wholeNumber(...EXPIRES_SECONDS_RANGE).optional(),
  // Checked with NODE_ENV, below.
  WEBHOOK_URL: z
    .string()
    .describe(
      'https:// URL (http:// to loopback outside production); set with WEBHOOK_SECRET; never quoted in an error',
    )
    .optional(),
  WEBHOOK_SECRET: secret('"whsec_" and 24 to 64 bytes in base64', webhookSecretProblem).optional(),
  LEAD_SUMMARY_INTERVAL_SECONDS: wholeNumber(1, MAX_SUMMARY_INTERVAL_S).default(
    DEFAULTS.LEAD_SUMMARY_INTERVAL_SECONDS,
  ),
  UNVERIFIED_EMAILS_PER_HOUR: wholeNumber(0, MAX_UNVERIFIED_PER_HOUR).default(
    DEFAULTS.UNVERIFIED_EMAILS_PER_HOUR,
  ),
  BUSINESS_HOURS: shared.BUSINESS_HOURS,
  BUSINESS_TIMEZONE: shared.BUSINESS_TIMEZONE,
  REPLY_REMINDER_MINUTES: wholeNumber(1, MAX_REMINDER_MINUTES).default(
    DEFAULTS.REPLY_REMINDER_MINUTES,
  ),
  // Alerts (docs/alerts.md): extra push services, and when an unseen lead is escalated.
  WEB_PUSH_HOSTS: list('push hosts as host or host:port', pushHostProblem),
  ALERT_ESCALATE_MINUTES: wholeNumber(1, MAX_ESCALATE_MINUTES).default(
    DEFAULTS.ALERT_ESCALATE_MINUTES,
  ),
  // Only where no relay is set, outside production, and only ever on 127.0.0.1 (docs/local-mailbox.md).
  MAILBOX_PORT: wholeNumber(0, 65_535).default(DEFAULTS.MAILBOX_PORT),
  NODE_ENV: z.string().describe('any; "production" is the one that changes a rule').optional(),
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
    checkShared(value, ctx);
  },
  // Also when a field is wrong: the error names every bad variable at once.
  { when: () => true },
);

export type Settings = z.output<typeof serverSettings>;
