import type { SendMailOptions } from 'nodemailer';
import { quoteIntro, quoteLines, replySubject } from '../../../shared/reply-quote.ts';
import { escapeHtml } from '../../../shared/escape-html.ts';
import { headerText, isHeaderSafeAddress, type Mailbox } from './mail-header.ts';
import { bodyText, noEncodedWords } from './lead-message.ts';
import { HTML_EMAIL_START } from './html-email.ts';

/**
 * A member's reply to a lead, as the lead receives it (docs/inbox.md): from the
 * agency's sender, Reply-To the member, the member's words and then the
 * lead's message quoted. Everything in it is untrusted (the lead's name,
 * address and words, and the member's words): it reaches headers only
 * through nodemailer's address objects and encoded subjects, cleaned of line
 * breaks and control characters, and the HTML part only escaped. No
 * attachment, no link, no remote image.
 */

export interface Reply {
  /** The reply's id in public.lead_replies, as text (a bigint). */
  id: string;
  /** The member who wrote it: Reply-To. */
  author: string;
  body: string;
  /** Kept on the reply: the same on every attempt. */
  messageId: string;
  /** Message-IDs of the replies already accepted for this lead, oldest first. */
  thread: string[];
  lead: {
    name: string;
    email: string;
    message: string;
    receivedAt: Date;
    /** FD-XXXX-XXXX; absent only for a row stored before keys existed. */
    reference?: string;
  };
}

/** A name in the To header: as long as any real one. */
const MAX_NAME = 60;
/** References keeps the first reply and the latest ones, as RFC 5322 suggests for a long thread. */
const MAX_REFERENCES = 10;

/** The address the reply cannot go to as written: the reason the worker records. */
export const UNSAFE_ADDRESS =
  'The lead’s address cannot be used in an email header as written; nothing was sent.';

export function replyMessage(reply: Reply, from: Mailbox): SendMailOptions {
  const { lead } = reply;
  if (!isHeaderSafeAddress(lead.email)) throw new UnsafeAddress(UNSAFE_ADDRESS);
  const body = bodyText(reply.body);
  const intro = quoteIntro(lead.receivedAt);
  const quote = quoteLines(bodyText(lead.message));
  const text = `${body}\n\n${intro}\n${quote}\n`;
  const html = [
    HTML_EMAIL_START,
    `<div style="white-space:pre-wrap">${escapeHtml(body)}</div>`,
    `<p>${escapeHtml(intro)}</p>`,
    '<blockquote style="margin:0 0 0 0.8ex;border-left:2px solid #ccc;padding-left:1ex;' +
      `white-space:pre-wrap">${escapeHtml(bodyText(lead.message))}</blockquote>`,
    '</body></html>',
  ].join('\n');
  const previous = reply.thread.at(-1);
  const references =
    reply.thread.length > MAX_REFERENCES
      ? [reply.thread[0]!, ...reply.thread.slice(-(MAX_REFERENCES - 1))]
      : reply.thread;
  return {
    from,
    to: { name: noEncodedWords(headerText(lead.name, MAX_NAME)), address: lead.email },
    ...(isHeaderSafeAddress(reply.author) && { replyTo: reply.author }),
    subject: headerText(
      lead.reference ? replySubject(lead.reference) : replySubject('').trim(),
      Infinity,
    ),
    text,
    html,
    messageId: reply.messageId,
    ...(previous && { inReplyTo: previous, references }),
  };
}

/** The lead's address is not header-safe: a refusal of ours, recorded like the relay's. */
export class UnsafeAddress extends Error {}
