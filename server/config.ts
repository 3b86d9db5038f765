/**
 * Server configuration, parsed once at start-up (server/main.ts). A bad value
 * stops the server with a message naming the variable; .env.example documents
 * every variable.
 */
import { parseInboxEmails, parseSiteUrl } from './inbox-config.ts';
import { parseLeadChannels, type LeadChannelsConfig } from './lead-channels-config.ts';
import { parseLeadClocks, type LeadClocksConfig } from './lead-clocks-config.ts';
import { isHeaderSafeAddress, parseMailbox } from './leads/delivery/email-address.ts';
import { parseRetentionMonths } from '../contact/retention.ts';
import { parseTrustProxy, type TrustProxy } from './trust-proxy.ts';
import {
  EXPIRES_SECONDS_RANGE,
  MAX_NUMBER_RANGE,
  type ProofOfWorkSettings,
} from './db/proof-of-work.ts';

export interface ServerConfig extends LeadChannelsConfig, LeadClocksConfig {
  port: number;
  host: string;
  /** Embedded database directory; used only when databaseUrl is absent. */
  dataDir: string;
  /** PostgreSQL connection string; absent means the embedded database. */
  databaseUrl?: string;
  /**
   * RATE_LIMIT_PER_MINUTE: submissions accepted per client address per minute. The database holds
   * and enforces it (server/db/rate-limit.ts, docs/product.md); absent leaves the database's value.
   */
  rateLimitPerMinute?: number;
  /** The prerendered site that `npm run build` writes. */
  distDir: string;
  /** TRUST_PROXY: which proxies' X-Forwarded-For is believed (server/trust-proxy.ts); any sends HSTS. */
  trustProxy: TrustProxy;
  /** Origins the page may send requests to besides this one: VITE_API_URL's or VITE_SUPABASE_URL's. */
  connectSrc: string[];
  /** CORS_ORIGINS: pages on these exact origins may post to the API; none means same-origin only. */
  corsOrigins: string[];
  /** Lead delivery by email: both set, or neither (delivery off). May hold a password. */
  smtpUrl?: string;
  notifyEmail?: string;
  /** From of lead emails; absent means derived (server/leads/delivery/lead-mailer.ts). */
  mailFrom?: string;
  /** VITE_RETENTION_MONTHS, as the build read it for the privacy notice: the purge's period. */
  retentionMonths: number;
  /** PROOF_OF_WORK_MAX_NUMBER / _EXPIRES_SECONDS; unset ones leave the database's values alone. */
  proofOfWork: ProofOfWorkSettings;
  /** INBOX_EMAILS (default NOTIFY_EMAIL): added to the inbox's allowlist at start (docs/inbox.md). */
  inboxEmails: string[];
  /** VITE_SITE_URL: lead emails link to the lead in the inbox there. */
  siteUrl?: string;
}

export const CONFIG_DEFAULTS = {
  PORT: '8080',
  // Loopback unless told otherwise: a reverse proxy or container sets HOST=0.0.0.0 on purpose.
  HOST: '127.0.0.1',
  DATA_DIR: './data',
  // The migration's own default (20261123030000_rate_limit.sql); set only when given.
  RATE_LIMIT_PER_MINUTE: '10',
  DIST_DIR: 'dist',
} as const;

/** High enough for a shared office network, low enough to blunt a spam run. */
const MAX_RATE_LIMIT_PER_MINUTE = 10_000;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid server configuration:\n  ${problems.join('\n  ')}\n(see .env.example)`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

export function parseServerConfig(env: Env = process.env): ServerConfig {
  const problems: string[] = [];
  const read = (name: keyof typeof CONFIG_DEFAULTS) => {
    const value = env[name]?.trim();
    return value ? value : CONFIG_DEFAULTS[name];
  };

  const wholeNumber = (name: 'PORT' | 'RATE_LIMIT_PER_MINUTE', min: number, max: number) => {
    const text = read(name);
    const value = /^\d+$/.test(text) ? Number(text) : Number.NaN;
    if (!(value >= min && value <= max)) {
      problems.push(`${name} must be a whole number from ${min} to ${max}, got "${text}"`);
    }
    return value;
  };

  const port = wholeNumber('PORT', 0, 65_535);
  // Only when given: a worker or CLI started without it must not reset every server's limit.
  const rateLimitPerMinute = env.RATE_LIMIT_PER_MINUTE?.trim()
    ? wholeNumber('RATE_LIMIT_PER_MINUTE', 1, MAX_RATE_LIMIT_PER_MINUTE)
    : undefined;
  const host = read('HOST');
  if (/\s/.test(host)) problems.push(`HOST must be a host name or address, got "${host}"`);

  let database: DatabaseConfig | undefined;
  try {
    database = parseDatabaseConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    problems.push(...error.problems);
  }

  const delivery = parseLeadDelivery(env, problems);
  const channels = parseLeadChannels(env, problems);
  const clocks = parseLeadClocks(env, problems);
  const hardening = parseHardening(env, problems);
  const corsOrigins = parseCorsOrigins(env.CORS_ORIGINS, problems);
  const retention = parseRetentionMonths(env.VITE_RETENTION_MONTHS);
  if ('problem' in retention) problems.push(retention.problem);
  const proofOfWork = parseProofOfWork(env, problems);

  const inboxEmails = parseInboxEmails(env.INBOX_EMAILS, delivery.notifyEmail, problems);
  const siteUrl = parseSiteUrl(env.VITE_SITE_URL, problems);

  if (problems.length > 0 || !database) throw new ConfigError(problems);
  return {
    port,
    host,
    ...database,
    rateLimitPerMinute,
    distDir: read('DIST_DIR'),
    ...delivery,
    ...channels,
    ...clocks,
    ...hardening,
    corsOrigins,
    retentionMonths: 'months' in retention ? retention.months : 0,
    proofOfWork,
    inboxEmails,
    siteUrl,
  };
}

/**
 * The proof of work's settings, only as given: the database keeps its own
 * values (supabase/migrations/20261124020000_proof_of_work.sql) for any left unset.
 */
function parseProofOfWork(env: Env, problems: string[]): ProofOfWorkSettings {
  const optional = (name: string, [min, max]: readonly [number, number]) => {
    const text = env[name]?.trim();
    if (!text) return undefined;
    const value = /^\d+$/.test(text) ? Number(text) : Number.NaN;
    if (value >= min && value <= max) return value;
    problems.push(`${name} must be a whole number from ${min} to ${max}, got "${text}"`);
    return undefined;
  };
  const settings: ProofOfWorkSettings = {};
  const maxNumber = optional('PROOF_OF_WORK_MAX_NUMBER', MAX_NUMBER_RANGE);
  const expiresSeconds = optional('PROOF_OF_WORK_EXPIRES_SECONDS', EXPIRES_SECONDS_RANGE);
  if (maxNumber !== undefined) settings.maxNumber = maxNumber;
  if (expiresSeconds !== undefined) settings.expiresSeconds = expiresSeconds;
  return settings;
}

/**
 * CORS_ORIGINS: comma-separated exact origins (scheme://host[:port]), as a
 * browser sends them in its Origin header. No wildcard: a page anywhere could
 * then post as the site, and every origin named here is trusted to.
 */
export function parseCorsOrigins(value: string | undefined, problems: string[]): string[] {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const origins: string[] = [];
  for (const entry of entries) {
    const url = URL.canParse(entry) ? new URL(entry) : undefined;
    if (entry.includes('*')) {
      problems.push(`CORS_ORIGINS lists exact origins; a wildcard is not allowed, got "${entry}"`);
    } else if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
      problems.push(`CORS_ORIGINS: "${entry}" is not an http(s) origin like https://example.co.uk`);
    } else if (url.origin !== entry) {
      // A browser's Origin header never has a path, a trailing slash or capitals: it would never match.
      problems.push(`CORS_ORIGINS: "${entry}" is not an exact origin; write "${url.origin}"`);
    } else if (!origins.includes(entry)) {
      origins.push(entry);
    }
  }
  return origins;
}

function parseHardening(
  env: Env,
  problems: string[],
): Pick<ServerConfig, 'trustProxy' | 'connectSrc'> {
  // Only a clear setting trusts a proxy: a believed X-Forwarded-For lets anyone pick their address.
  const trustProxy = parseTrustProxy(env.TRUST_PROXY, problems);
  const connectSrc: string[] = [];
  // Where the page posts, under either of its names (src/config/env.ts).
  for (const name of ['VITE_API_URL', 'VITE_SUPABASE_URL'] as const) {
    const apiUrl = env[name]?.trim();
    if (!apiUrl) continue;
    const origin = URL.canParse(apiUrl) ? new URL(apiUrl).origin : '';
    if (!/^https?:\/\//.test(origin))
      problems.push(`${name} must be an http(s) URL, got "${apiUrl}"`);
    else if (!connectSrc.includes(origin)) connectSrc.push(origin);
  }
  return { trustProxy, connectSrc };
}

type LeadDeliveryConfig = Pick<ServerConfig, 'smtpUrl' | 'notifyEmail' | 'mailFrom'>;

function parseLeadDelivery(env: Env, problems: string[]): LeadDeliveryConfig {
  const smtpUrl = env.SMTP_URL?.trim() || undefined;
  const notifyEmail = env.NOTIFY_EMAIL?.trim() || undefined;
  const mailFrom = env.MAIL_FROM?.trim() || undefined;
  // Half a configuration would otherwise switch delivery off without a word.
  if (Boolean(smtpUrl) !== Boolean(notifyEmail)) {
    const missing = smtpUrl ? 'NOTIFY_EMAIL' : 'SMTP_URL';
    problems.push(`SMTP_URL and NOTIFY_EMAIL go together: set ${missing} too, or neither`);
  }
  const urlProblem = smtpUrl && smtpUrlProblem(smtpUrl);
  if (urlProblem) problems.push(`SMTP_URL ${urlProblem}`);
  if (notifyEmail && !isHeaderSafeAddress(notifyEmail)) {
    problems.push(`NOTIFY_EMAIL must be one email address, got "${notifyEmail}"`);
  }
  if (mailFrom && !parseMailbox(mailFrom)) {
    problems.push(`MAIL_FROM must be an address or "Name <address>", got "${mailFrom}"`);
  }
  return { smtpUrl, notifyEmail, mailFrom };
}

/** Why an SMTP URL is unusable, without echoing it: it may hold a password. */
function smtpUrlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'is not a URL (expected smtp://user:password@host:587 or smtps://…@host:465)';
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    return `must start with smtp:// or smtps://, not ${url.protocol}//`;
  }
  if (!url.hostname) return 'names no host';
  return undefined;
}

/** The purge's period, for the command-line tools (`submissions purge`). */
export function parseRetentionConfig(env: Env = process.env): number {
  const retention = parseRetentionMonths(env.VITE_RETENTION_MONTHS);
  if ('problem' in retention) throw new ConfigError([retention.problem]);
  return retention.months;
}

export type DatabaseConfig = Pick<ServerConfig, 'dataDir' | 'databaseUrl'>;

/** Just where the data is: for the command-line tools, which do not listen. */
export function parseDatabaseConfig(env: Env = process.env): DatabaseConfig {
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  const problem = databaseUrl && databaseUrlProblem(databaseUrl);
  if (problem) throw new ConfigError([`DATABASE_URL ${problem}`]);
  return { dataDir: env.DATA_DIR?.trim() || CONFIG_DEFAULTS.DATA_DIR, databaseUrl };
}

/** Why a connection string is unusable, without echoing it: it may hold a password. */
function databaseUrlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'is not a URL (expected postgres://user:password@host:5432/database)';
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    return `must start with postgres:// or postgresql://, not ${url.protocol}//`;
  }
  return undefined;
}
