import type { Transport } from 'nodemailer';
import type MailMessage from 'nodemailer/lib/mailer/mail-message.js';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';

/**
 * Where the server's emails go on a machine with no relay (docs/local-mailbox.md): kept in
 * memory, newest first, for the mailbox page (server/mailbox/) to show. Nothing leaves the machine.
 */

/**
 * The first member and the agency's address while the mailbox stands in for a relay. Under
 * `.localhost`, a name that never reaches another host (RFC 6761), with the dot our address
 * rule (shared/email-address.ts) wants.
 */
export const LOCAL_OWNER = 'owner@mailbox.localhost';

/** A day of trying things out; the oldest go first, so memory stays small. */
export const MAX_KEPT = 200;

export interface KeptMail {
  /** 1, 2, 3… in the order kept: the page's anchor for each. */
  id: number;
  keptAt: Date;
  from: string;
  /** The envelope's recipients: where a relay would have taken it. */
  to: string[];
  replyTo?: string;
  subject: string;
  /** The plain-text part every email of ours has; the HTML part says the same. */
  text: string;
}

type Addresses = MailMessage['data']['from'] | MailMessage['data']['to'];

/** A header's addresses as a person reads them: `Name <address>`, comma-separated. */
function addressText(value: Addresses): string {
  if (!value) return '';
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(addressText).join(', ');
  return value.name ? `${value.name} <${value.address}>` : (value.address ?? '');
}

export class LocalMailbox {
  private kept: KeptMail[] = [];
  private lastId = 0;

  /** Newest first. */
  messages(): readonly KeptMail[] {
    return this.kept;
  }

  /** A nodemailer transport that keeps each message here and answers as a relay that took it. */
  transport(): Transport<SMTPTransport.SentMessageInfo> {
    return {
      name: 'local-mailbox',
      version: '1',
      send: (mail, callback) => {
        const envelope = mail.message.getEnvelope();
        const { data } = mail;
        this.keep({
          from: addressText(data.from) || String(envelope.from),
          to: envelope.to,
          replyTo: addressText(data.replyTo) || undefined,
          subject: String(data.subject ?? ''),
          text: String(data.text ?? ''),
        });
        callback(null, {
          envelope,
          messageId: mail.message.messageId(),
          accepted: envelope.to,
          rejected: [],
          pending: [],
          response: '250 kept in the local mailbox',
          envelopeTime: 0,
          messageTime: 0,
          messageSize: 0,
        });
      },
    };
  }

  private keep(mail: Omit<KeptMail, 'id' | 'keptAt'>): void {
    this.kept = [{ ...mail, id: ++this.lastId, keptAt: new Date() }, ...this.kept].slice(
      0,
      MAX_KEPT,
    );
  }
}
