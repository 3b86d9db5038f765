import { describe, expect, it } from 'vitest';
import { parseDatabaseConfig, parseServerConfig } from '../../server/settings/read-settings.ts';
import { ConfigError } from '../../settings/config-error.ts';
import { defaultWorkingHours } from '../../server/leads/clocks/default-working-hours.ts';

/** A valid Standard Webhooks secret (24 bytes), made up. */
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

describe('server configuration from a valid environment', () => {
  it('has the documented defaults', () => {
    expect(parseServerConfig({})).toEqual({
      port: 8080,
      host: '127.0.0.1',
      dataDir: './data',
      databaseUrl: undefined,
      rateLimitPerMinute: undefined,
      distDir: 'dist',
      trustProxy: false,
      connectSrc: [],
      corsOrigins: [],
      retentionMonths: 12,
      webhookUrl: undefined,
      webhookSecret: undefined,
      summaryIntervalMs: 300_000,
      unverifiedPerHour: 10,
      smtpUrl: undefined,
      notifyEmail: undefined,
      mailFrom: undefined,
      proofOfWork: {},
      inboxEmails: [],
      siteUrl: undefined,
      brandName: 'Foreland Digital',
      businessHours: defaultWorkingHours(),
      replyReminderMinutes: 60,
      webPushHosts: [],
      escalateMinutes: 10,
      mailboxPort: 8025,
    });
  });

  it('reads every variable, trimmed', () => {
    const config = parseServerConfig({
      PORT: ' 3000 ',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/site',
      DATABASE_URL: 'postgres://site:secret@db:5432/site',
      RATE_LIMIT_PER_MINUTE: '30',
      DIST_DIR: 'build',
      TRUST_PROXY: ' true ',
      VITE_SUPABASE_URL: 'https://abc.supabase.co/rest/v1/',
      VITE_SUPABASE_ANON_KEY: ' public-anon-key ',
      CORS_ORIGINS: ' https://www.example.co.uk, http://localhost:5173 ,',
      VITE_RETENTION_MONTHS: ' 6 ',
      WEBHOOK_URL: ' https://hooks.example.com/catch/1 ',
      WEBHOOK_SECRET: ' whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw ',
      LEAD_SUMMARY_INTERVAL_SECONDS: ' 60 ',
      UNVERIFIED_EMAILS_PER_HOUR: '0',
      PROOF_OF_WORK_MAX_NUMBER: ' 50000 ',
      PROOF_OF_WORK_EXPIRES_SECONDS: ' 600 ',
      INBOX_EMAILS: ' owner@example.co.uk, partner@example.co.uk ,',
      VITE_SITE_URL: ' https://www.example.co.uk/ ',
      VITE_BRAND_NAME: ' Hastings Web Co ',
      REPLY_REMINDER_MINUTES: ' 90 ',
      WEB_PUSH_HOSTS: ' localhost:8443 , push.example.com ',
      ALERT_ESCALATE_MINUTES: ' 5 ',
      MAILBOX_PORT: ' 1025 ',
    });
    expect(config).toEqual({
      port: 3000,
      host: '0.0.0.0',
      dataDir: '/var/lib/site',
      databaseUrl: 'postgres://site:secret@db:5432/site',
      rateLimitPerMinute: 30,
      distDir: 'build',
      trustProxy: true,
      connectSrc: ['https://abc.supabase.co'],
      supabase: { url: 'https://abc.supabase.co/rest/v1', anonKey: 'public-anon-key' },
      corsOrigins: ['https://www.example.co.uk', 'http://localhost:5173'],
      retentionMonths: 6,
      webhookUrl: 'https://hooks.example.com/catch/1',
      webhookSecret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      summaryIntervalMs: 60_000,
      unverifiedPerHour: 0,
      smtpUrl: undefined,
      notifyEmail: undefined,
      mailFrom: undefined,
      proofOfWork: { maxNumber: 50_000, expiresSeconds: 600 },
      inboxEmails: ['owner@example.co.uk', 'partner@example.co.uk'],
      siteUrl: 'https://www.example.co.uk',
      brandName: 'Hastings Web Co',
      businessHours: defaultWorkingHours(),
      replyReminderMinutes: 90,
      webPushHosts: ['localhost:8443', 'push.example.com'],
      escalateMinutes: 5,
      mailboxPort: 1025,
    });
  });

  it('lets NOTIFY_EMAIL sign in to the inbox when INBOX_EMAILS is unset', () => {
    const config = parseServerConfig({
      SMTP_URL: 'smtp://relay.example.co.uk',
      NOTIFY_EMAIL: 'leads@example.co.uk',
    });
    expect(config.inboxEmails).toEqual(['leads@example.co.uk']);
    expect(config.inboxEmailsFrom).toBe('NOTIFY_EMAIL (INBOX_EMAILS is unset)');
  });

  it('treats an empty DATABASE_URL as unset, as .env.example leaves it', () => {
    expect(parseServerConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });
});

describe('server configuration from a bad environment', () => {
  it.each([
    [{ PORT: 'http' }, 'PORT must be a whole number from 0 to 65535, got "http"'],
    [{ PORT: '65536' }, 'PORT must be a whole number from 0 to 65535, got "65536"'],
    [{ PORT: '80.5' }, 'PORT must be a whole number'],
    [
      { RATE_LIMIT_PER_MINUTE: '0' },
      'RATE_LIMIT_PER_MINUTE must be a whole number from 1 to 10000',
    ],
    [{ HOST: 'local host' }, 'HOST must be a host name or address'],
    [{ INBOX_EMAILS: 'owner@example.co.uk; x' }, 'INBOX_EMAILS lists email addresses'],
    [
      { VITE_RETENTION_MONTHS: '0' },
      'VITE_RETENTION_MONTHS must be a whole number of months from 1 to 120',
    ],
    [
      { DATABASE_URL: 'mysql://db/site' },
      'DATABASE_URL must start with postgres:// or postgresql://',
    ],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL is not a URL'],
    [{ TRUST_PROXY: 'yes please' }, 'TRUST_PROXY must be true, false, a hop count'],
    [{ VITE_SUPABASE_URL: 'ftp://files' }, 'VITE_SUPABASE_URL must be an http(s) URL'],
    [{ VITE_API_URL: 'api.example.co.uk' }, 'VITE_API_URL must be an http(s) URL'],
    [{ CORS_ORIGINS: '*' }, 'CORS_ORIGINS lists exact origins; a wildcard is not allowed'],
    [{ CORS_ORIGINS: 'https://*.example.co.uk' }, 'a wildcard is not allowed'],
    [{ CORS_ORIGINS: 'www.example.co.uk' }, 'CORS_ORIGINS: "www.example.co.uk" is not an http(s)'],
    [
      { CORS_ORIGINS: 'https://a.example.co.uk,https://www.example.co.uk/' },
      'CORS_ORIGINS: "https://www.example.co.uk/" is not an exact origin; write "https://www.example.co.uk"',
    ],
    [{ WEBHOOK_URL: 'https://hooks.example.com/x' }, 'set WEBHOOK_SECRET too, or neither'],
    [{ WEBHOOK_SECRET: SECRET }, 'set WEBHOOK_URL too, or neither'],
    [
      { WEBHOOK_URL: 'http://hooks.example.com/x', WEBHOOK_SECRET: SECRET },
      'WEBHOOK_URL must be https://, or http:// to a loopback address',
    ],
    [
      { WEBHOOK_URL: 'http://127.0.0.1:9/x', WEBHOOK_SECRET: SECRET, NODE_ENV: 'production' },
      'WEBHOOK_URL must be https:// in production',
    ],
    [
      { WEBHOOK_URL: 'ftp://hooks.example.com', WEBHOOK_SECRET: SECRET },
      'must start with https://',
    ],
    [{ WEBHOOK_URL: 'hooks.example.com', WEBHOOK_SECRET: SECRET }, 'WEBHOOK_URL is not a URL'],
    [{ WEBHOOK_URL: 'https://h.example', WEBHOOK_SECRET: 'hunter2' }, 'WEBHOOK_SECRET must be'],
    [
      { WEBHOOK_URL: 'https://h.example', WEBHOOK_SECRET: 'whsec_c2hvcnQ=' },
      'WEBHOOK_SECRET must be',
    ],
    [
      { LEAD_SUMMARY_INTERVAL_SECONDS: '0' },
      'LEAD_SUMMARY_INTERVAL_SECONDS must be a whole number',
    ],
    [{ UNVERIFIED_EMAILS_PER_HOUR: 'ten' }, 'UNVERIFIED_EMAILS_PER_HOUR must be a whole number'],
    [{ WEB_PUSH_HOSTS: 'https://push.example.com/' }, 'WEB_PUSH_HOSTS lists push hosts as host'],
    [{ WEB_PUSH_HOSTS: 'push.example.com:99999' }, 'WEB_PUSH_HOSTS lists push hosts as host'],
    [{ ALERT_ESCALATE_MINUTES: '0' }, 'ALERT_ESCALATE_MINUTES must be a whole number'],
  ])('names the variable in error: %j', (env, message) => {
    expect(() => parseServerConfig(env)).toThrow(ConfigError);
    expect(() => parseServerConfig(env)).toThrow(message);
    // A webhook's secret, and its URL's path, are never echoed.
    expect(() => parseServerConfig(env)).toThrow(/^(?!.*(hunter2|c2hvcnQ|\/x))/s);
  });

  it('reports every problem at once', () => {
    const error = (() => {
      try {
        parseServerConfig({ PORT: 'x', RATE_LIMIT_PER_MINUTE: 'y', DATABASE_URL: 'z' });
      } catch (caught) {
        return caught as ConfigError;
      }
    })();
    expect(error?.problems).toHaveLength(3);
  });

  it('names a wrong pair and a wrong value in one error', () => {
    expect(() =>
      parseServerConfig({ TRUST_PROXY: 'yes', SMTP_URL: 'smtp://relay.example.co.uk' }),
    ).toThrow(/TRUST_PROXY must be .*\n.*SMTP_URL and NOTIFY_EMAIL go together/s);
  });

  it('never echoes a connection string, which may hold a password', () => {
    expect(() => parseDatabaseConfig({ DATABASE_URL: 'mysql://u:hunter2@db/site' })).toThrow(
      /^(?!.*hunter2)/s,
    );
  });
});
