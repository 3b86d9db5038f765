/**
 * What the server's parts are given (startServer, startLeadDelivery, the
 * clocks, the purge), made from the parsed settings (./schema.ts).
 */
import type { ProofOfWorkSettings } from '../db/proof-of-work-settings.ts';
import { readWorkingHours, type WorkingHours } from '../../shared/working-hours.ts';
import type { TrustProxy } from '../trust-proxy.ts';
import type { Settings } from './schema.ts';

export interface ServerConfig {
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
  /** Hosted Supabase (topology 2), whose Auth settings `npm run doctor` reads with its anon key. */
  supabase?: { url: string; anonKey: string };
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
  /** INBOX_EMAILS (default NOTIFY_EMAIL): added to the inbox's allowlist at start unless removed (docs/inbox.md). */
  inboxEmails: string[];
  /** Where inboxEmails came from when not INBOX_EMAILS, as the start-up log names it. */
  inboxEmailsFrom?: string;
  /** VITE_SITE_URL: lead emails link to the lead in the inbox there. */
  siteUrl?: string;
  /** VITE_BRAND_NAME: the name replies to leads are sent under, unless MAIL_FROM names one. */
  brandName: string;
  /** The webhook (docs/webhooks.md): both set, or neither. */
  webhookUrl?: string;
  webhookSecret?: string;
  /** The least time between two summary emails. */
  summaryIntervalMs: number;
  /** Leads without a proof of work emailed one by one per hour. */
  unverifiedPerHour: number;
  /** The working week the reply deadline follows (docs/lead-clocks.md). */
  businessHours: WorkingHours;
  /** How long before a deadline the reminder goes. */
  replyReminderMinutes: number;
  /** WEB_PUSH_HOSTS: push services besides the four public ones (docs/alerts.md). */
  webPushHosts: string[];
  /** ALERT_ESCALATE_MINUTES: working minutes a lead may go unseen before it is escalated. */
  escalateMinutes: number;
  /**
   * MAILBOX_PORT, set only when the local mailbox stands in for a relay: no SMTP_URL, not
   * production (docs/local-mailbox.md). `npm run worker` runs none.
   */
  mailboxPort?: number;
}

export type DatabaseConfig = Pick<ServerConfig, 'dataDir' | 'databaseUrl'>;

export function toServerConfig(settings: Settings): ServerConfig {
  const hours = readWorkingHours(settings);
  // The schema refused any other outcome.
  if (!('value' in hours)) throw new Error(hours.problem);
  const proofOfWork: ProofOfWorkSettings = {};
  if (settings.PROOF_OF_WORK_MAX_NUMBER !== undefined) {
    proofOfWork.maxNumber = settings.PROOF_OF_WORK_MAX_NUMBER;
  }
  if (settings.PROOF_OF_WORK_EXPIRES_SECONDS !== undefined) {
    proofOfWork.expiresSeconds = settings.PROOF_OF_WORK_EXPIRES_SECONDS;
  }
  // Where the page posts, under either of its names (settings/shared.ts): the CSP names origins.
  const apiUrls = [settings.VITE_API_URL, settings.VITE_SUPABASE_URL];
  const apiOrigins = apiUrls.flatMap((url) => (url === undefined ? [] : [new URL(url).origin]));
  const notifyEmail = settings.NOTIFY_EMAIL;
  return {
    port: settings.PORT,
    host: settings.HOST,
    dataDir: settings.DATA_DIR,
    databaseUrl: settings.DATABASE_URL,
    rateLimitPerMinute: settings.RATE_LIMIT_PER_MINUTE,
    distDir: settings.DIST_DIR,
    trustProxy: settings.TRUST_PROXY,
    connectSrc: [...new Set(apiOrigins)],
    ...(settings.VITE_SUPABASE_URL && {
      supabase: { url: settings.VITE_SUPABASE_URL, anonKey: settings.VITE_SUPABASE_ANON_KEY },
    }),
    corsOrigins: settings.CORS_ORIGINS,
    smtpUrl: settings.SMTP_URL,
    notifyEmail,
    mailFrom: settings.MAIL_FROM,
    retentionMonths: settings.VITE_RETENTION_MONTHS,
    proofOfWork,
    inboxEmails:
      settings.INBOX_EMAILS.length > 0 ? settings.INBOX_EMAILS : notifyEmail ? [notifyEmail] : [],
    ...(settings.INBOX_EMAILS.length === 0 &&
      notifyEmail && { inboxEmailsFrom: 'NOTIFY_EMAIL (INBOX_EMAILS is unset)' }),
    siteUrl: settings.VITE_SITE_URL,
    brandName: settings.VITE_BRAND_NAME,
    webhookUrl: settings.WEBHOOK_URL,
    webhookSecret: settings.WEBHOOK_SECRET,
    summaryIntervalMs: settings.LEAD_SUMMARY_INTERVAL_SECONDS * 1000,
    unverifiedPerHour: settings.UNVERIFIED_EMAILS_PER_HOUR,
    businessHours: hours.value,
    replyReminderMinutes: settings.REPLY_REMINDER_MINUTES,
    webPushHosts: settings.WEB_PUSH_HOSTS,
    escalateMinutes: settings.ALERT_ESCALATE_MINUTES,
    mailboxPort: localMailboxPort(settings),
  };
}

/** Emails kept on this machine only while nothing could deliver them: no relay, not production. */
function localMailboxPort(settings: Settings): number | undefined {
  if (settings.SMTP_URL || settings.NODE_ENV === 'production') return undefined;
  return settings.MAILBOX_PORT;
}
