import nodemailer, { type SendMailOptions } from 'nodemailer';
import { DEFAULT_BRAND_NAME } from '../../../settings/shared.ts';
import { headerText, isHeaderSafeAddress, parseMailbox, type Mailbox } from './mail-header.ts';
import { PermanentFailure, type Summary } from './delivery-channel.ts';
import { domainOf, leadMessage, type Lead } from './lead-message.ts';
import { replyMessage, UnsafeAddress, type Reply } from './reply-message.ts';
import { summaryMessage } from './summary-message.ts';
import type { LocalMailbox } from './local-mailbox.ts';

/** Where mail goes: the relay when SMTP_URL is set, else the local mailbox when one runs. */
export interface MailRelay {
  /** smtp:// (STARTTLS when offered) or smtps:// (TLS from the start); may hold a password. */
  smtpUrl?: string;
  /** Only where no relay is set, outside production (docs/local-mailbox.md). */
  mailbox?: LocalMailbox;
}

export interface LeadMailerOptions extends MailRelay {
  notifyEmail: string;
  /** `Name <address>` or an address; see senderOf() for the default. */
  mailFrom?: string;
  /** VITE_SITE_URL: each lead email links to the lead in the inbox there. */
  siteUrl?: string;
  /** VITE_BRAND_NAME: the sender's name of replies to leads, unless MAIL_FROM names one (agencySenderOf). */
  brandName?: string;
}

export interface LeadMailer {
  /** Resolves once the SMTP server has accepted the message for NOTIFY_EMAIL. */
  send(lead: Lead): Promise<void>;
  /** The leads the hourly cap held back, in one message (summary-message.ts). */
  sendSummary(summary: Summary): Promise<void>;
  /** A message of the agency's own (the clocks' reminders and digest), to NOTIFY_EMAIL. */
  sendNotice(notice: { subject: string; text: string; html: string }): Promise<void>;
  /**
   * A member's reply, to the lead (reply-message.ts). Resolves when the relay
   * has accepted it; a 5xx to the lead's address or to the message is a
   * PermanentFailure carrying the relay's words.
   */
  sendReply(reply: Reply): Promise<void>;
  /** The sender's domain, punycode: where the replies' Message-IDs are made. */
  messageIdDomain: string;
  /** Where accepted mail goes: the relay's, or the local mailbox's (it never leaves the machine). */
  keeper: MailKeeper;
  close(): void;
}

/** Who took a message: a relay (SMTP_URL) or the local mailbox (docs/local-mailbox.md). */
export type MailKeeper = 'relay' | 'local mailbox';

// nodemailer waits up to 2 minutes to connect and 10 minutes on a silent socket
// by default. A send holds the outbox worker, and shutdown waits for it, so fail
// sooner and let the outbox retry.
const CONNECTION_TIMEOUT_MS = 10_000;
const GREETING_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 30_000;

const SENDER_NAME = 'Website contact form';

/** The mailer when lead email is on: a relay (or the local mailbox) and NOTIFY_EMAIL. */
export function leadMailerFor(
  options: MailRelay & Partial<LeadMailerOptions>,
): LeadMailer | undefined {
  const { smtpUrl, mailbox, notifyEmail } = options;
  if (!(smtpUrl || mailbox) || !notifyEmail) return undefined;
  return createLeadMailer({ ...options, notifyEmail });
}

export function createLeadMailer(options: LeadMailerOptions): LeadMailer {
  const addressing = { from: senderOf(options), to: options.notifyEmail, siteUrl: options.siteUrl };
  const replySender = agencySenderOf(options);
  const { sendMail, close } = createMailTransport(options);
  return {
    send: (lead) => sendMail(leadMessage(lead, addressing)),
    sendSummary: (summary) => sendMail(summaryMessage(summary, addressing)),
    sendNotice: (notice) => sendMail({ from: addressing.from, to: addressing.to, ...notice }),
    sendReply: async (reply) => {
      let message;
      try {
        message = replyMessage(reply, replySender);
      } catch (error) {
        throw error instanceof UnsafeAddress ? new PermanentFailure(error.message) : error;
      }
      await sendMail(message, replyRefusedForGood);
    },
    messageIdDomain: domainOf(addressing.from.address),
    keeper: options.smtpUrl ? 'relay' : 'local mailbox',
    close,
  };
}

/** The relay the lead emails and the inbox's sign-in codes both go through. */
export function createMailTransport({ smtpUrl, mailbox }: MailRelay) {
  let transport;
  if (smtpUrl) transport = smtpTransport(smtpUrl);
  else if (mailbox) transport = nodemailer.createTransport(mailbox.transport());
  else throw new Error('Mail needs a relay (SMTP_URL) or the local mailbox');
  const sendMail = async (message: SendMailOptions, forGood = refusedForGood) => {
    const info = await transport.sendMail(message).catch((error: unknown) => {
      throw forGood(error) ? new PermanentFailure(error.message) : error;
    });
    // With one recipient a refusal already throws; this guards a partial acceptance.
    if (info.rejected.length > 0) {
      throw new Error(
        `The SMTP server refused ${info.rejected.length} recipient(s): ${info.response}`,
      );
    }
  };
  return { sendMail, close: () => transport.close() };
}

function smtpTransport(smtpUrl: string) {
  // One connection per message: leads are rare, and a pool would hold idle connections.
  return nodemailer.createTransport({
    url: smtpUrl,
    // smtp:// upgrades with STARTTLS only when the relay offers it, so anyone on the
    // path could strip the offer and read the password: with one, insist on TLS.
    // The URL's own ?requireTLS=false still wins, for a trusted relay without TLS.
    requireTLS: hasPassword(smtpUrl),
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    greetingTimeout: GREETING_TIMEOUT_MS,
    socketTimeout: SOCKET_TIMEOUT_MS,
  });
}

/**
 * MAIL_FROM when set; otherwise the SMTP login when it is an address, since
 * most providers (Gmail, Microsoft 365, most relays) only send as the account
 * that logged in; otherwise NOTIFY_EMAIL, the agency's own address.
 */
export function senderOf({ smtpUrl, notifyEmail, mailFrom }: LeadMailerOptions): Mailbox {
  if (mailFrom) {
    const mailbox = parseMailbox(mailFrom);
    if (!mailbox) throw new Error(`MAIL_FROM must be an address or "Name <address>"`);
    return mailbox;
  }
  const login = smtpUrl && smtpLogin(smtpUrl);
  const address = login && isHeaderSafeAddress(login) ? login : notifyEmail;
  return { name: SENDER_NAME, address };
}

/**
 * The sender of what the agency sends as itself (a reply to a lead, a member's sign-in code): the
 * lead emails' address, under MAIL_FROM's name when it gives one, else the agency's name
 * (VITE_BRAND_NAME). A lead reads the agency's answer from the agency, and a member their code,
 * not from "Website contact form".
 */
export function agencySenderOf(options: LeadMailerOptions): Mailbox {
  const sender = senderOf(options);
  const named = options.mailFrom ? sender.name : '';
  return {
    address: sender.address,
    name: named || headerText(options.brandName ?? DEFAULT_BRAND_NAME, Infinity),
  };
}

function hasPassword(smtpUrl: string): boolean {
  try {
    return new URL(smtpUrl).password !== '';
  } catch {
    return false;
  }
}

function smtpLogin(smtpUrl: string): string | undefined {
  try {
    return decodeURIComponent(new URL(smtpUrl).username) || undefined;
  } catch {
    return undefined;
  }
}

/**
 * A 5xx answer to the message itself (after DATA): the relay refuses these
 * words (a spam filter, a size limit), and sending them again will not
 * change that. A 5xx to the login or the address is the relay's setting, not
 * the lead's, and a 4xx or a timeout may pass: both are retried.
 */
function refusedForGood(error: unknown): error is Error {
  const { code, command, responseCode } = smtpError(error);
  return code === 'EMESSAGE' && command === 'DATA' && Number(responseCode) >= 500;
}

/**
 * A reply goes to the lead's address, so a 5xx to that address (no such
 * mailbox, a domain that takes no mail) is the lead's, not the relay's
 * setting: given up at once, as a 5xx to the message itself is. A 5xx to the
 * login or the sender, a 4xx and a timeout are retried.
 */
function replyRefusedForGood(error: unknown): error is Error {
  const { command, responseCode } = smtpError(error);
  return (
    Number(responseCode) >= 500 && (command === 'DATA' || /^RCPT\b/i.test(String(command ?? '')))
  );
}

function smtpError(error: unknown) {
  return (error instanceof Error ? error : {}) as {
    code?: string;
    command?: string;
    responseCode?: number;
  };
}
