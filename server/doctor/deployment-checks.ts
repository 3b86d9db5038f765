import { accessSync, constants, existsSync } from 'node:fs';
import { lookup } from 'node:dns/promises';
import { dirname, resolve } from 'node:path';
import pg from 'pg';
import { senderOf } from '../leads/delivery/lead-mailer.ts';
import { LOCAL_OWNER } from '../leads/delivery/local-mailbox.ts';
import { pushContact } from '../leads/push/push-contact.ts';
import type { ServerConfig } from '../settings/server-config.ts';
import { probeRelay } from './smtp-probe.ts';

/**
 * Each part of a real deployment, as the server will meet it (docs/deploying.md, "Check the
 * setup"): whether it will work, and if not, what to set. None sends mail or changes the database.
 */

export interface Finding {
  part: string;
  ok: boolean;
  says: string;
}

/** A PostgreSQL that has not answered by then is treated as unreachable. */
const DATABASE_TIMEOUT_MS = 10_000;

export const errorText = (error: unknown) =>
  error instanceof Error ? error.message : String(error);

/** The agency's addresses: NOTIFY_EMAIL and the members, each once. */
const agencyAddresses = (config: ServerConfig) => [
  ...new Set([config.notifyEmail, ...config.inboxEmails].filter((a): a is string => Boolean(a))),
];

export async function checkRelay(config: ServerConfig): Promise<Finding> {
  const part = 'relay';
  const { smtpUrl, notifyEmail } = config;
  if (!smtpUrl || !notifyEmail) {
    return {
      part,
      ok: false,
      says: 'SMTP_URL is unset: no lead is emailed and no member gets a sign-in code. Set SMTP_URL and NOTIFY_EMAIL.',
    };
  }
  const sender = senderOf({ smtpUrl, notifyEmail, mailFrom: config.mailFrom }).address;
  const to = agencyAddresses(config);
  try {
    const { relay, accepted, refused } = await probeRelay(smtpUrl, sender, to);
    if (refused.length === 0) {
      return {
        part,
        ok: true,
        says: `${relay} accepts mail from ${sender} to ${accepted.join(', ')} (nothing was sent)`,
      };
    }
    const words = refused.map(({ address, reply }) => `${address} ("${reply}")`).join(', ');
    return {
      part,
      ok: false,
      says: `${relay} refuses ${words}. Check the address, or the relay's allowed recipients.`,
    };
  } catch (error) {
    // The URL may hold a password: only its host is named.
    return {
      part,
      ok: false,
      says: `cannot use ${new URL(smtpUrl).host}: ${errorText(error)}. Check SMTP_URL's host, port and login.`,
    };
  }
}

export function checkNotifyEmail(config: ServerConfig): Finding {
  return config.notifyEmail
    ? { part: 'NOTIFY_EMAIL', ok: true, says: `each lead is emailed to ${config.notifyEmail}` }
    : { part: 'NOTIFY_EMAIL', ok: false, says: 'unset: set it, with SMTP_URL, to receive leads' };
}

export function checkMembers(config: ServerConfig): Finding {
  if (config.inboxEmails.length > 0) {
    return {
      part: 'members',
      ok: true,
      says: `${config.inboxEmails.join(', ')} may sign in to the inbox (added at each start)`,
    };
  }
  // The settings only: the doctor never opens the database for its allowlist, so an address
  // `members add` stored is not seen here, and suggesting that command would never clear this line.
  // The local mailbox adds its own address (mailingLocally), which the start-up lines name.
  const here =
    config.mailboxPort === undefined
      ? ''
      : ` On this machine the local mailbox adds ${LOCAL_OWNER}, as the start-up lines say.`;
  return {
    part: 'members',
    ok: false,
    says: `INBOX_EMAILS and NOTIFY_EMAIL are unset, so a deployment adds nobody to the inbox at start: set one. Addresses added with npm run -s submissions -- members add are in the database and not checked here (members list shows them).${here}`,
  };
}

export function checkSiteUrl(config: ServerConfig): Finding {
  const part = 'site URL';
  if (!config.siteUrl) {
    return {
      part,
      ok: false,
      says: "VITE_SITE_URL is unset: lead emails cannot link to the inbox. Set it to the site's https:// address, then build again.",
    };
  }
  if (!config.siteUrl.startsWith('https://')) {
    return { part, ok: false, says: `${config.siteUrl} is not https://: a real site needs TLS` };
  }
  return { part, ok: true, says: `${config.siteUrl}: lead emails link to the inbox there` };
}

export async function checkDatabase(config: ServerConfig): Promise<Finding> {
  const part = 'database';
  if (!config.databaseUrl) return checkDataDir(config.dataDir);
  const client = new pg.Client({
    connectionString: config.databaseUrl,
    connectionTimeoutMillis: DATABASE_TIMEOUT_MS,
  });
  const where = new URL(config.databaseUrl).host;
  try {
    await client.connect();
    const [row] = (
      await client.query(
        `select to_regclass('public.contact_submissions') is not null as migrated,
           (select datctype from pg_database where datname = current_database()) as ctype`,
      )
    ).rows as { migrated: boolean; ctype: string }[];
    const answers = row?.migrated
      ? `PostgreSQL at ${where} answers, migrated`
      : `PostgreSQL at ${where} answers; the server migrates it at its first start`;
    return { part, ok: true, says: answers + characterTypeNote(row?.ctype) };
  } catch (error) {
    return {
      part,
      ok: false,
      says: `PostgreSQL at ${where}: ${errorText(error)}. Check DATABASE_URL.`,
    };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Hosted Supabase's databases and the embedded one read characters as C.UTF-8 does. In the C
 * locale every character beyond ASCII is a letter, so to_tsvector makes other words of CJK and
 * emoji: the spam score learns, and the inbox searches, such a lead by them (docs/spam.md).
 * Everything still works, so it is said, not marked to fix.
 */
function characterTypeNote(ctype: string | undefined): string {
  if (ctype !== 'C' && ctype !== 'POSIX') return '';
  return `; its character type is ${ctype}, where emoji and CJK punctuation are letters, so the spam score and the inbox's search read such messages as other words than on hosted Supabase (create the database with LC_CTYPE 'C.UTF-8' to match it)`;
}

function checkDataDir(dataDir: string): Finding {
  const part = 'database';
  const directory = resolve(dataDir);
  const existing = existsSync(directory) ? directory : dirname(directory);
  try {
    accessSync(existing, constants.W_OK);
  } catch {
    return {
      part,
      ok: false,
      says: `${existing} is not writable by this user: set DATA_DIR to a directory the server may write`,
    };
  }
  const state = existing === directory ? 'in' : 'to be created in';
  return { part, ok: true, says: `the embedded database, ${state} ${directory}` };
}

/**
 * Alerts: a contact for the push services (push-contact.ts, as the server finds it), and an
 * address for each host WEB_PUSH_HOSTS adds. Without a contact a deployment's alerts are off; on
 * this machine the local mailbox's address is one, and the start-up lines say "Alerts are on", so
 * the line says why the two differ.
 */
export async function checkAlerts(config: ServerConfig): Promise<Finding> {
  const part = 'alerts';
  const contact = pushContact(config);
  if (!contact) {
    const here =
      config.mailboxPort === undefined
        ? ''
        : ` On this machine they are on: the local mailbox's ${LOCAL_OWNER} is the contact, which a real deployment does not have.`;
    return {
      part,
      ok: false,
      says: `off in a real deployment: the push services want a contact, so set NOTIFY_EMAIL or an https:// VITE_SITE_URL.${here}`,
    };
  }
  const unresolved: string[] = [];
  for (const host of config.webPushHosts) {
    const name = host.replace(/:\d+$/, '').replace(/^\[(.*)\]$/, '$1');
    await lookup(name).catch(() => unresolved.push(host));
  }
  if (unresolved.length > 0) {
    return {
      part,
      ok: false,
      says: `no address for ${unresolved.join(', ')}: check each name in WEB_PUSH_HOSTS`,
    };
  }
  const hosts =
    config.webPushHosts.length > 0 ? ` and ${config.webPushHosts.join(', ')} (WEB_PUSH_HOSTS)` : '';
  return {
    part,
    ok: true,
    says: `on, through the four public push services${hosts}, with ${contact} as their contact`,
  };
}

const DAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

export function checkWorkingHours(config: ServerConfig): Finding {
  const { days, open, close, timeZone } = config.businessHours;
  const named = [...days].sort().map((day) => DAY_NAMES[day - 1]);
  return {
    part: 'working hours',
    ok: true,
    says: `${named.join(', ')} ${clock(open)}-${clock(close)} ${timeZone}: reply deadlines and escalations count these`,
  };
}
