/**
 * The lead channels' settings (docs/product.md, "Lead channels" and "The
 * hourly email cap"), parsed with the rest of server/config.ts. Messages
 * never echo WEBHOOK_URL or WEBHOOK_SECRET: a catch-hook URL is a secret too.
 */
import { isIP } from 'node:net';

export interface LeadChannelsConfig {
  /** Both set, or neither (no webhook). */
  webhookUrl?: string;
  webhookSecret?: string;
  /** The least time between two summary emails. */
  summaryIntervalMs: number;
  /** Leads without a proof of work emailed one by one per hour. */
  unverifiedPerHour: number;
}

export const LEAD_CHANNEL_DEFAULTS = {
  LEAD_SUMMARY_INTERVAL_SECONDS: '300',
  UNVERIFIED_EMAILS_PER_HOUR: '10',
} as const;

/** Standard Webhooks: a secret of 24 to 64 bytes, base64 after `whsec_`. */
const SECRET = /^whsec_([A-Za-z0-9+/]+={0,2})$/;
const MIN_SECRET_BYTES = 24;
const MAX_SECRET_BYTES = 64;
/** An hour: the cap's own window; a longer wait would hide leads behind it. */
const MAX_SUMMARY_INTERVAL_S = 3_600;
/** The hourly cap (outbox-worker.ts's MAX_PER_HOUR) bounds it anyway. */
const MAX_UNVERIFIED_PER_HOUR = 60;

type Env = Record<string, string | undefined>;

export function parseLeadChannels(env: Env, problems: string[]): LeadChannelsConfig {
  const whole = (name: keyof typeof LEAD_CHANNEL_DEFAULTS, min: number, max: number) => {
    const text = env[name]?.trim() || LEAD_CHANNEL_DEFAULTS[name];
    const value = /^\d+$/.test(text) ? Number(text) : Number.NaN;
    if (!(value >= min && value <= max)) {
      problems.push(`${name} must be a whole number from ${min} to ${max}, got "${text}"`);
    }
    return value;
  };
  const summarySeconds = whole('LEAD_SUMMARY_INTERVAL_SECONDS', 1, MAX_SUMMARY_INTERVAL_S);
  const unverifiedPerHour = whole('UNVERIFIED_EMAILS_PER_HOUR', 0, MAX_UNVERIFIED_PER_HOUR);
  return {
    ...parseWebhook(env, problems),
    summaryIntervalMs: summarySeconds * 1000,
    unverifiedPerHour,
  };
}

function parseWebhook(env: Env, problems: string[]) {
  const webhookUrl = env.WEBHOOK_URL?.trim() || undefined;
  const webhookSecret = env.WEBHOOK_SECRET?.trim() || undefined;
  if (Boolean(webhookUrl) !== Boolean(webhookSecret)) {
    const missing = webhookUrl ? 'WEBHOOK_SECRET' : 'WEBHOOK_URL';
    problems.push(`WEBHOOK_URL and WEBHOOK_SECRET go together: set ${missing} too, or neither`);
  }
  const urlProblem = webhookUrl && webhookUrlProblem(webhookUrl, env.NODE_ENV === 'production');
  if (urlProblem) problems.push(`WEBHOOK_URL ${urlProblem}`);
  const secretProblem = webhookSecret && webhookSecretProblem(webhookSecret);
  if (secretProblem) problems.push(`WEBHOOK_SECRET ${secretProblem}`);
  return { webhookUrl, webhookSecret };
}

function webhookUrlProblem(value: string, production: boolean): string | undefined {
  if (!URL.canParse(value)) return 'is not a URL (expected https://hooks.example.com/…)';
  const url = new URL(value);
  if (url.protocol === 'https:') return undefined;
  if (url.protocol !== 'http:') return `must start with https://, not ${url.protocol}//`;
  // Leads are personal data: in plain text only to this machine, and never in production.
  if (production) return 'must be https:// in production (NODE_ENV=production)';
  if (!isLoopback(url.hostname)) return 'must be https://, or http:// to a loopback address';
  return undefined;
}

function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[(.*)\]$/, '$1');
  if (host === 'localhost') return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return isIP(host) === 6 && host === '::1';
}

function webhookSecretProblem(value: string): string | undefined {
  const match = SECRET.exec(value);
  const bytes = match ? Buffer.from(match[1]!, 'base64').length : 0;
  if (!match || bytes < MIN_SECRET_BYTES || bytes > MAX_SECRET_BYTES) {
    return (
      `must be "whsec_" and ${MIN_SECRET_BYTES} to ${MAX_SECRET_BYTES} bytes in base64 ` +
      "(make one: node -e \"console.log('whsec_'+crypto.randomBytes(32).toString('base64'))\")"
    );
  }
  return undefined;
}
