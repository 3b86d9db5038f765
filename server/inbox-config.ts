/**
 * The inbox's settings (docs/inbox.md), parsed with the rest of
 * server/config.ts: who may sign in at start, and where the site is, for the
 * links from lead emails into the inbox.
 */
import { isHeaderSafeAddress } from './leads/delivery/email-address.ts';

/** INBOX_EMAILS: comma-separated addresses; without it, the address lead emails go to. */
export function parseInboxEmails(
  value: string | undefined,
  notifyEmail: string | undefined,
  problems: string[],
): string[] {
  const listed = value?.trim() ? value.split(',').map((item) => item.trim()) : [];
  const emails = listed.length > 0 ? listed.filter(Boolean) : notifyEmail ? [notifyEmail] : [];
  for (const email of emails) {
    if (!isHeaderSafeAddress(email)) {
      problems.push(`INBOX_EMAILS lists email addresses separated by commas, got "${email}"`);
    }
  }
  return emails;
}

/** VITE_SITE_URL, as the build reads it, without a trailing slash. */
export function parseSiteUrl(value: string | undefined, problems: string[]): string | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (!URL.canParse(text) || !/^https?:$/.test(new URL(text).protocol)) {
    problems.push(`VITE_SITE_URL must be an http(s) URL, got "${text}"`);
    return undefined;
  }
  return text.replace(/\/+$/, '');
}
