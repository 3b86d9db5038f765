import type { FastifyBaseLogger } from 'fastify';
import type { Mailbox } from '../leads/delivery/mail-header.ts';
import {
  agencySenderOf,
  createMailTransport,
  type MailRelay,
} from '../leads/delivery/lead-mailer.ts';
import { loggableError } from '../loggable-error.ts';
import { CODE_RULES } from './sign-in-queries.ts';

export interface CodeMailerOptions extends MailRelay {
  notifyEmail?: string;
  mailFrom?: string;
  /** VITE_BRAND_NAME: the code comes from the agency by its name, as replies to leads do. */
  brandName?: string;
}

/** Sends a sign-in code, after the answer has gone: the request's timing never shows whether one was sent. */
export interface CodeMailer {
  queue(to: string, code: string): void;
  close(): void;
}

const SUBJECT = 'Your sign-in code for the inbox';

/** The words of the code email; the code alone on its own line, for copying. */
function codeMessage(code: string): { subject: string; text: string } {
  const minutes = CODE_RULES.lifetimeSeconds / 60;
  return {
    subject: SUBJECT,
    text: [
      'Your code to sign in to the inbox:',
      '',
      code,
      '',
      `It works once, within ${minutes} minutes.`,
      'If you did not ask for it, ignore this email: nobody can sign in without the code.',
    ].join('\n'),
  };
}

/**
 * Through the lead emails' relay (SMTP_URL, or the local mailbox) and address, under the
 * agency's name (agencySenderOf). Without either no code can be sent; start-up says so. Failures are logged
 * without the address or the code.
 */
export function createCodeMailer(options: CodeMailerOptions, log: FastifyBaseLogger): CodeMailer {
  const { smtpUrl, mailbox, notifyEmail } = options;
  if (!(smtpUrl || mailbox) || !notifyEmail) {
    log.warn('Inbox sign-in codes cannot be emailed: set SMTP_URL and NOTIFY_EMAIL');
    return { queue: () => {}, close: () => {} };
  }
  const from: Mailbox = agencySenderOf({
    smtpUrl,
    notifyEmail,
    mailFrom: options.mailFrom,
    brandName: options.brandName,
  });
  const transport = createMailTransport({ smtpUrl, mailbox });
  return {
    queue: (to, code) => {
      setImmediate(() => {
        transport.sendMail({ from, to, ...codeMessage(code) }).catch((error: unknown) => {
          // Type and code only: a relay's refusal quotes the recipient's address.
          const { type, code: errorCode } = loggableError(error);
          log.error({ error: { type, code: errorCode } }, 'a sign-in code could not be emailed');
        });
      });
    },
    close: transport.close,
  };
}
