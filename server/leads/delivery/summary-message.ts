import type { SendMailOptions } from 'nodemailer';
import type { Summary } from './delivery-channel.ts';
import { escapeHtml } from '../../../shared/escape-html.ts';
import { headerText } from './mail-header.ts';
import {
  domainOf,
  inboxLink,
  noEncodedWords,
  RECEIVED_AT,
  type Addressing,
  type Lead,
} from './lead-message.ts';
import { HTML_EMAIL_START } from './html-email.ts';
import { inboxUrl } from '../../../shared/paths.ts';

/**
 * The summary email (docs/email-delivery.md): every lead the
 * cap held back, one short entry each, so none waits in the dark. The same
 * care as lead-message.ts: the subject is ours alone, there is no Reply-To
 * (it lists many people), and what visitors typed reaches the text one line
 * per field and the HTML escaped.
 */

/** A first line is a glance, not the message: the export has the rest. */
const MAX_FIRST_LINE = 200;
/** As lead-message.ts's subject allows for a name. */
const MAX_NAME = 60;
/** The relay's answer: enough to see why, not a paragraph. */
const MAX_REASON = 200;

interface Entry {
  name: string;
  email: string;
  received: string;
  reference: string;
  firstLine: string;
  unverified: boolean;
  link?: string;
}

export function summaryMessage(
  summary: Summary,
  { from, to, siteUrl }: Addressing,
): SendMailOptions {
  const count = summary.leads.length;
  const entries = summary.leads.map((lead) => entryOf(lead, siteUrl));
  const intro =
    `${count} ${count === 1 ? 'enquiry' : 'enquiries'} arrived while lead emails were held ` +
    'back by the hourly limits. Each is listed below, those that passed the bot check first ' +
    '(sent without it: unverified); reply to the address given.';
  // The owner's place to look is the inbox's Spam folder, not a command.
  const spamFolder = siteUrl ? `: ${inboxUrl(siteUrl)}` : '';
  const spam =
    `${summary.heldAsSpam} held as suspected spam ` +
    (summary.since ? `since ${ukTime(summary.since)}` : 'in the last hour') +
    ` (not listed here: they are under Spam in the inbox${spamFolder}).`;

  const undeliverable = (summary.undeliverable ?? []).map(
    (lead) =>
      `Reference ${lead.reference}, received ${ukTime(lead.receivedAt)}: ` +
      `not deliverable by email (${headerText(lead.reason, MAX_REASON)}).`,
  );
  const gaveUp =
    undeliverable.length > 0
      ? `${undeliverable.length} given up since the last summary; the export and ` +
        '`npm run -s submissions -- outbox` show them in full:'
      : undefined;

  const text = [
    intro,
    '',
    ...entries.flatMap((entry, index) => [
      `${index + 1}. ${entry.name} <${entry.email}>${entry.unverified ? ' (unverified)' : ''}`,
      `   Received: ${entry.received}, reference ${entry.reference}`,
      `   ${entry.firstLine}`,
      ...(entry.link ? [`   In the inbox: ${entry.link}`] : []),
      '',
    ]),
    ...(gaveUp ? [gaveUp, ...undeliverable.map((line) => `- ${line}`), ''] : []),
    spam,
  ].join('\n');

  const html = [
    HTML_EMAIL_START,
    `<p>${escapeHtml(intro)}</p>`,
    '<ol>',
    ...entries.map(
      (entry) =>
        `<li><strong>${escapeHtml(entry.name)}</strong> &lt;${escapeHtml(entry.email)}&gt;` +
        `${entry.unverified ? ' (unverified)' : ''}<br>` +
        `Received: ${escapeHtml(entry.received)}, reference ${escapeHtml(entry.reference)}<br>` +
        `${escapeHtml(entry.firstLine)}` +
        (entry.link ? `<br><a href="${escapeHtml(entry.link)}">Open in the inbox</a>` : '') +
        '</li>',
    ),
    '</ol>',
    ...(gaveUp
      ? [
          `<p>${escapeHtml(gaveUp)}</p><ul>`,
          ...undeliverable.map((line) => `<li>${escapeHtml(line)}</li>`),
          '</ul>',
        ]
      : []),
    `<p>${escapeHtml(spam)}</p>`,
    '</body></html>',
  ].join('\n');

  return {
    from,
    to,
    subject: `${count} new ${count === 1 ? 'enquiry' : 'enquiries'} (summary)`,
    text,
    html,
    // The same id on every attempt, as lead-message.ts does for one lead.
    messageId: `<lead-summary-${summary.id}@${domainOf(from.address)}>`,
  };
}

function entryOf(lead: Lead, siteUrl: string | undefined): Entry {
  const firstLine = lead.message.split(/\r\n?|\n/).find((line) => line.trim() !== '') ?? '';
  return {
    name: noEncodedWords(headerText(lead.name, MAX_NAME)) || 'a visitor',
    email: headerText(lead.email, Infinity),
    received: ukTime(lead.receivedAt),
    reference: lead.reference ?? `#${lead.id}`,
    firstLine: headerText(firstLine, MAX_FIRST_LINE),
    unverified: lead.verified === false,
    link: inboxLink(siteUrl, lead.id),
  };
}

function ukTime(date: Date): string {
  return `${RECEIVED_AT.format(date)} (UK time)`;
}
