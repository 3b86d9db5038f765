/**
 * What each variable is for, in docs/configuration.md's words, in the table's
 * order. Its default, its rule and who reads it come from the schemas
 * themselves (settings/shared.ts, src/config/env.ts, server/settings/schema.ts);
 * `npm run docs:configuration` writes the table, and a test fails when a
 * variable is missing here or the page is out of date.
 */
export const VARIABLES: Record<string, string> = {
  VITE_BRAND_NAME:
    "Brand wordmark in the nav, footer, title and privacy notice; the sender's name of replies and sign-in codes unless MAIL_FROM names one",
  VITE_SITE_URL:
    'Public URL: canonical link, sitemap, social previews; lead emails link to the inbox there (unset: this server, from the local mailbox; none through a relay)',
  VITE_CONTACT_EMAIL: 'Public email (a `mailto:` link)',
  VITE_CONTACT_PHONE: 'Public phone (a `tel:` link)',
  VITE_SOCIAL_LINKEDIN: 'LinkedIn link; not shown when empty',
  VITE_SOCIAL_TWITTER: 'Twitter/X link; not shown when empty',
  VITE_SOCIAL_GITHUB: 'GitHub link; not shown when empty',
  VITE_SUPABASE_URL:
    'Hosted Supabase: where the page posts (the server allows it in the CSP); empty posts to this server',
  VITE_SUPABASE_ANON_KEY:
    "Hosted Supabase anonymous (public) key; `npm run doctor` reads Supabase Auth's settings with it",
  VITE_API_URL:
    'Our API on another origin, where the page posts ([deploying.md](deploying.md)); set this or VITE_SUPABASE_URL',
  VITE_COMPANY_NAME: 'Registered company name, in the footer and privacy notice',
  VITE_COMPANY_NUMBER: 'Companies House number, shown with the name',
  VITE_REGISTERED_OFFICE: 'Registered office address, shown with the name',
  VITE_VAT_NUMBER: 'VAT number where registered, shown with the company details',
  VITE_RETENTION_MONTHS:
    'Months a submission is kept: the privacy notice says it (build), the purge keeps it (server)',
  BUSINESS_HOURS:
    "Working week of the reply deadline, reminders and escalation; the page's thanks names the reply time from it ([lead-clocks.md](lead-clocks.md))",
  BUSINESS_TIMEZONE: 'Zone of BUSINESS_HOURS',
  PORT: 'Port the server listens on',
  HOST: 'Address the server listens on; a proxy or container sets 0.0.0.0',
  DATA_DIR: 'Embedded database directory, used when DATABASE_URL is unset',
  DATABASE_URL: 'PostgreSQL instead of the embedded database',
  RATE_LIMIT_PER_MINUTE:
    "Submissions per client address per minute, written to the database at start; unset keeps the database's",
  DIST_DIR: 'The built site the server serves (and `npm run build` writes)',
  TRUST_PROXY:
    'Proxies whose X-Forwarded-For is believed; any sends HSTS ([deploying.md](deploying.md))',
  CORS_ORIGINS: 'Other origins whose pages may post (CORS)',
  SMTP_URL: 'SMTP relay for lead emails and sign-in codes; set with NOTIFY_EMAIL',
  NOTIFY_EMAIL: 'Where each lead is emailed; the visitor is the Reply-To',
  MAIL_FROM:
    "Sender of lead emails and of the inbox's replies; unset: the SMTP user if an address, else NOTIFY_EMAIL",
  INBOX_EMAILS:
    'Addresses added to the inbox allowlist at each start ([inbox.md](inbox.md)); unset: NOTIFY_EMAIL',
  PROOF_OF_WORK_MAX_NUMBER:
    "The challenge's maxnumber ([spam.md](spam.md)); unset keeps the database's",
  PROOF_OF_WORK_EXPIRES_SECONDS:
    "How long a challenge may be solved and used; unset keeps the database's",
  WEBHOOK_URL: 'Posts each new lead, signed ([webhooks.md](webhooks.md)); set with WEBHOOK_SECRET',
  WEBHOOK_SECRET: "The webhook's signing secret",
  LEAD_SUMMARY_INTERVAL_SECONDS: 'Least time between two summary emails beyond the hourly cap',
  UNVERIFIED_EMAILS_PER_HOUR:
    'Leads without a proof of work emailed one by one per hour; the rest go into the summary',
  REPLY_REMINDER_MINUTES: 'A reminder email this long before a reply or diagnosis falls due',
  WEB_PUSH_HOSTS: 'Push services besides the four public ones ([alerts.md](alerts.md))',
  ALERT_ESCALATE_MINUTES: 'Working minutes a lead may go unseen before it is escalated',
  MAILBOX_PORT:
    'Port of the local mailbox on 127.0.0.1, which keeps every email while SMTP_URL is unset outside production ([local-mailbox.md](local-mailbox.md)); 0 picks a free one',
  NODE_ENV:
    '`production` in production (set by the process manager): the webhook must be https, and no local mailbox runs',
};
