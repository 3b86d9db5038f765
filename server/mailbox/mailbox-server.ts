import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { LOCAL_OWNER, LocalMailbox, MAX_KEPT } from '../leads/delivery/local-mailbox.ts';
import { whenPortTaken } from '../port-taken.ts';
import { MAILBOX_CSP, mailboxPage } from './mailbox-page.ts';

/**
 * The local mailbox (docs/local-mailbox.md): its own listener, as Mailpit's web page is, so the
 * site's HOST (0.0.0.0 behind a proxy or in a container) never exposes it. It binds 127.0.0.1
 * whatever HOST says, and answers only requests that name a loopback host: a page elsewhere
 * whose name resolves to 127.0.0.1 (DNS rebinding) cannot read the codes through it.
 */
const LOOPBACK = '127.0.0.1';
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export interface MailboxServer {
  mailbox: LocalMailbox;
  url: string;
  close(): Promise<void>;
}

function hostName(host: string | undefined): string {
  return (host ?? '').replace(/:\d+$/, '').toLowerCase();
}

export async function serveMailbox(port: number): Promise<MailboxServer> {
  const mailbox = new LocalMailbox();
  const app = Fastify({ logger: false });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    if (!LOOPBACK_HOSTS.has(hostName(request.headers.host))) {
      return reply.code(421).type('text/plain; charset=utf-8').send('Only for this machine.\n');
    }
  });
  app.get('/', async (_request, reply) =>
    reply
      .header('content-security-policy', MAILBOX_CSP)
      .type('text/html; charset=utf-8')
      .send(mailboxPage(mailbox.messages(), MAX_KEPT)),
  );
  await app
    .listen({ port, host: LOOPBACK })
    .catch(whenPortTaken(port, 'MAILBOX_PORT', "The local mailbox's port"));
  const { port: bound } = app.server.address() as AddressInfo;
  return { mailbox, url: `http://${LOOPBACK}:${bound}/`, close: () => app.close() };
}

interface MailSettings {
  notifyEmail?: string;
  inboxEmails?: readonly string[];
  inboxEmailsFrom?: string;
}

/**
 * The server's settings with the mailbox in the relay's place: every email goes there, the
 * agency's address is LOCAL_OWNER unless one is given, and it is the first member unless
 * INBOX_EMAILS names others.
 */
export function mailingLocally<T extends MailSettings>(settings: T, mailbox: LocalMailbox) {
  const notifyEmail = settings.notifyEmail ?? LOCAL_OWNER;
  const members = settings.inboxEmails ?? [];
  if (members.length > 0) return { ...settings, mailbox, notifyEmail };
  return {
    ...settings,
    mailbox,
    notifyEmail,
    inboxEmails: [notifyEmail],
    inboxEmailsFrom: 'The local mailbox (INBOX_EMAILS is unset)',
  };
}
