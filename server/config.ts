/**
 * Server configuration, parsed once at start-up (server/main.ts). A bad value
 * stops the server with a message naming the variable; .env.example documents
 * every variable.
 */
import { isHeaderSafeAddress, parseMailbox } from './leads/delivery/email-address.ts';

export interface ServerConfig {
  port: number;
  host: string;
  /** Embedded database directory; used only when databaseUrl is absent. */
  dataDir: string;
  /** PostgreSQL connection string; absent means the embedded database. */
  databaseUrl?: string;
  /** Submissions accepted per client address per minute; the database enforces it (server/db/rate-limit.ts). */
  rateLimitPerMinute: number;
  /** The prerendered site that `npm run build` writes. */
  distDir: string;
  /** TRUST_PROXY: behind a reverse proxy, so X-Forwarded-For is believed and HSTS sent. */
  trustProxy: boolean;
  /** Origins the page may send requests to besides this one: VITE_SUPABASE_URL's, when set. */
  connectSrc: string[];
  /** Lead delivery by email: both set, or neither (delivery off). May hold a password. */
  smtpUrl?: string;
  notifyEmail?: string;
  /** From of lead emails; absent means derived (server/leads/delivery/lead-mailer.ts). */
  mailFrom?: string;
}

export const CONFIG_DEFAULTS = {
  PORT: '8080',
  // Loopback unless told otherwise: a reverse proxy or container sets HOST=0.0.0.0 on purpose.
  HOST: '127.0.0.1',
  DATA_DIR: './data',
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
  const rateLimitPerMinute = wholeNumber('RATE_LIMIT_PER_MINUTE', 1, MAX_RATE_LIMIT_PER_MINUTE);
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
  const hardening = parseHardening(env, problems);

  if (problems.length > 0 || !database) throw new ConfigError(problems);
  return {
    port,
    host,
    ...database,
    rateLimitPerMinute,
    distDir: read('DIST_DIR'),
    ...delivery,
    ...hardening,
  };
}

function parseHardening(
  env: Env,
  problems: string[],
): Pick<ServerConfig, 'trustProxy' | 'connectSrc'> {
  const trust = env.TRUST_PROXY?.trim().toLowerCase() || 'false';
  // Only a clear yes trusts the proxy: a believed X-Forwarded-For lets anyone pick their address.
  if (!['true', '1', 'false', '0'].includes(trust)) {
    problems.push(`TRUST_PROXY must be true or false, got "${env.TRUST_PROXY}"`);
  }
  const supabaseUrl = env.VITE_SUPABASE_URL?.trim();
  let connectSrc: string[] = [];
  if (supabaseUrl) {
    const origin = URL.canParse(supabaseUrl) ? new URL(supabaseUrl).origin : '';
    if (!/^https?:\/\//.test(origin))
      problems.push(`VITE_SUPABASE_URL must be an http(s) URL, got "${supabaseUrl}"`);
    else connectSrc = [origin];
  }
  return { trustProxy: trust === 'true' || trust === '1', connectSrc };
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
