import nodemailer, { type SendMailOptions } from 'nodemailer';
import { isHeaderSafeAddress, parseMailbox, type Mailbox } from './email-address.ts';
import type { Summary } from './delivery-channel.ts';
import { leadMessage, type Lead } from './lead-message.ts';
import { summaryMessage } from './summary-message.ts';

export interface LeadMailerOptions {
  /** smtp:// (STARTTLS when offered) or smtps:// (TLS from the start); may hold a password. */
  smtpUrl: string;
  notifyEmail: string;
  /** `Name <address>` or an address; see senderOf() for the default. */
  mailFrom?: string;
}

export interface LeadMailer {
  /** Resolves once the SMTP server has accepted the message for NOTIFY_EMAIL. */
  send(lead: Lead): Promise<void>;
  /** The leads the hourly cap held back, in one message (summary-message.ts). */
  sendSummary(summary: Summary): Promise<void>;
  /** A message of the agency's own (the clocks' reminders and digest), to NOTIFY_EMAIL. */
  sendNotice(notice: { subject: string; text: string; html: string }): Promise<void>;
  close(): void;
}

// nodemailer waits up to 2 minutes to connect and 10 minutes on a silent socket
// by default. A send holds the outbox worker, and shutdown waits for it, so fail
// sooner and let the outbox retry.
const CONNECTION_TIMEOUT_MS = 10_000;
const GREETING_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 30_000;

const SENDER_NAME = 'Website contact form';

export function createLeadMailer(options: LeadMailerOptions): LeadMailer {
  const addressing = { from: senderOf(options), to: options.notifyEmail };
  // One connection per message: leads are rare, and a pool would hold idle connections.
  const transport = nodemailer.createTransport({
    url: options.smtpUrl,
    // smtp:// upgrades with STARTTLS only when the relay offers it, so anyone on the
    // path could strip the offer and read the password: with one, insist on TLS.
    // The URL's own ?requireTLS=false still wins, for a trusted relay without TLS.
    requireTLS: hasPassword(options.smtpUrl),
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    greetingTimeout: GREETING_TIMEOUT_MS,
    socketTimeout: SOCKET_TIMEOUT_MS,
  });
  const sendMail = async (message: SendMailOptions) => {
    const info = await transport.sendMail(message);
    // With one recipient a refusal already throws; this guards a partial acceptance.
    if (info.rejected.length > 0) {
      throw new Error(`The SMTP server refused ${info.rejected.join(', ')}: ${info.response}`);
    }
  };
  return {
    send: (lead) => sendMail(leadMessage(lead, addressing)),
    sendSummary: (summary) => sendMail(summaryMessage(summary, addressing)),
    sendNotice: (notice) => sendMail({ ...addressing, ...notice }),
    close: () => transport.close(),
  };
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
  const login = smtpLogin(smtpUrl);
  const address = login && isHeaderSafeAddress(login) ? login : notifyEmail;
  return { name: SENDER_NAME, address };
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
