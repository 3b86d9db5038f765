import { domainToASCII } from 'node:url';
import type { SendMailOptions } from 'nodemailer';
import { asTyped } from '../../../shared/as-typed.ts';
import { leadUrl } from '../../../shared/paths.ts';
import { headerText, isHeaderSafeAddress, type Mailbox } from './mail-header.ts';
import { escapeHtml } from '../../../shared/escape-html.ts';
import { HTML_EMAIL_START } from './html-email.ts';

/**
 * The email the agency gets for one submission. Everything the visitor typed
 * is untrusted: it reaches headers only through nodemailer's address objects
 * and encoded subjects, stripped of line breaks and control characters, and
 * reaches the HTML body only escaped.
 */

export interface Lead {
  /** The submission's id, as text (PostgreSQL's bigint). */
  id: string;
  name: string;
  email: string;
  message: string;
  receivedAt: Date;
  /** False for a lead without a proof of work (the form without JavaScript); absent means true. */
  verified?: boolean;
  /** What the visitor was shown and may quote (shared/reference.ts). */
  reference?: string;
}

/** The sender and recipient of every lead email, single or summary. */
export interface Addressing {
  from: Mailbox;
  /** NOTIFY_EMAIL. */
  to: string;
  /** VITE_SITE_URL, without a trailing slash: where the inbox is. */
  siteUrl?: string;
}

/** The lead in the inbox, `<site>/inbox/#lead=<id>`, when the site's address is known. */
export function inboxLink(siteUrl: string | undefined, id: string): string | undefined {
  return siteUrl ? leadUrl(id, siteUrl) : undefined;
}

/** Long enough for any real name; an inbox list shows less than this anyway. */
const MAX_NAME_IN_SUBJECT = 60;

/** UK agency, UK clients: the time the lead arrived as they would say it. */
export const RECEIVED_AT = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/London',
});

export function leadMessage(lead: Lead, { from, to, siteUrl }: Addressing): SendMailOptions {
  const name = noEncodedWords(headerText(lead.name, MAX_NAME_IN_SUBJECT)) || 'a visitor';
  // One line everywhere: a name with line breaks could forge "Email:" or "Received:" lines below.
  const fullName = noEncodedWords(headerText(lead.name, Infinity));
  const email = headerText(lead.email, Infinity);
  const replyable = isHeaderSafeAddress(lead.email);
  const received = `${RECEIVED_AT.format(lead.receivedAt)} (UK time)`;
  const message = bodyText(lead.message);
  const reference = lead.reference ? `${lead.reference} (#${lead.id})` : `#${lead.id}`;
  const link = inboxLink(siteUrl, lead.id);
  const footer = replyable
    ? 'Reply to this email to answer them directly.'
    : 'Their address cannot be used as Reply-To as written: check it before writing back.';

  const text = [
    'New enquiry from the website contact form.',
    '',
    `Name: ${fullName}`,
    `Email: ${email}`,
    `Received: ${received}`,
    `Reference: ${reference}`,
    ...(link ? [`In the inbox: ${link}`] : []),
    '',
    'Message:',
    message,
    '',
    footer,
  ].join('\n');

  const field = (label: string, value: string) =>
    `<tr><th align="left" style="padding-right:1em">${label}</th><td>${escapeHtml(value)}</td></tr>`;
  const html = [
    HTML_EMAIL_START,
    '<p>New enquiry from the website contact form.</p>',
    '<table>',
    field('Name', fullName),
    field('Email', email),
    field('Received', received),
    field('Reference', reference),
    '</table>',
    `<p style="white-space:pre-wrap">${escapeHtml(message)}</p>`,
    ...(link ? [`<p><a href="${escapeHtml(link)}">Open this lead in the inbox</a></p>`] : []),
    `<p><small>${escapeHtml(footer)}</small></p>`,
    '</body></html>',
  ].join('\n');

  return {
    from,
    to,
    ...(replyable && { replyTo: { name, address: lead.email } }),
    subject: `New enquiry from ${name}${lead.reference ? ` (${lead.reference})` : ''}`,
    text,
    html,
    // The same id on every attempt, so a rare second send (see outbox-worker.ts) is
    // one message to mail clients that thread or de-duplicate on Message-ID.
    messageId: `<lead-${lead.id}-${lead.receivedAt.getTime()}@${domainOf(from.address)}>`,
  };
}

/**
 * Body text: shown as typed (shared/as-typed.ts), line endings made uniform
 * and control characters other than tab and newline removed. They are harmless in a MIME body (nodemailer encodes
 * it) but show as boxes or terminal escapes in some mail clients.
 */
export function bodyText(text: string): string {
  return asTyped(text)
    .replace(/\r\n?/g, '\n')
    .replace(/[^\P{Cc}\t\n]/gu, '');
}

/**
 * An RFC 2047 encoded word (`=?UTF-8?B?…?=`) typed as a name would be decoded
 * by the agency's mail client, bringing back characters the cleaning removed
 * (a right-to-left override). A space after `=` makes it plain text.
 */
export function noEncodedWords(text: string): string {
  return text.replaceAll('=?', '= ?');
}

/** A Message-ID is ASCII: an internationalised domain goes in as punycode. */
export function domainOf(address: string): string {
  const domain = address.slice(address.lastIndexOf('@') + 1);
  return domainToASCII(domain) || 'localhost';
}
