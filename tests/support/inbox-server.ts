import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SIGN_IN_CODE_LENGTH } from '../../shared/sign-in-code.ts';
import { addMembers } from '../../server/auth/members.ts';
import { startServer, type RunningServer } from '../../server/start.ts';
import { copyMigratedDatabase } from './database-template.ts';
import { proofFrom, TEST_PROOF_OF_WORK } from './proof.ts';
import { SmtpSink, type ReceivedMail } from './smtp-sink.ts';
import { until } from './until.ts';

/** Where lead emails go: a member too, as INBOX_EMAILS defaults to it. */
const NOTIFY_EMAIL = 'leads@agency.example';
/**
 * The push host the browser tests' subscriptions name (headless Chromium cannot reach a real
 * push service), accepted as WEB_PUSH_HOSTS makes a host acceptable. Nothing listens there.
 */
export const BROWSER_TEST_PUSH_HOST = '127.0.0.1:9';

/**
 * Every sign-in of a test run reaches its server from one client address, 127.0.0.1, where the
 * real limit is 30 codes an hour; the limits have their own tests
 * (tests/server/inbox-code-limits.test.ts).
 */
const CLIENT_UNLIMITED = { clientPerHour: 10_000 };

/**
 * As CLIENT_UNLIMITED, and no gap between codes nor hourly limit per address on asking to speak
 * of (wrong tries keep theirs): for tests that sign one address in many times in a row.
 */
export const RELAXED_LIMITS = {
  ...CLIENT_UNLIMITED,
  pairGapSeconds: 0,
  pairPerHour: 10_000,
  emailPerHour: 10_000,
};

export interface InboxServer {
  server: RunningServer;
  /** The local SMTP server that receives sign-in codes and lead emails. */
  sink: SmtpSink;
  close: () => Promise<void>;
}

/**
 * Our server as the inbox meets it: a fresh embedded database, lead delivery
 * and sign-in codes through a real local SMTP server, polling quickly so a
 * released lead is emailed while a test waits. Given a local push service
 * (tests/support/push-service.ts), it pushes there too.
 */
export async function startInboxServer(
  pushService?: { host: string; ca: string },
  /** The built site it serves: this tree's, or another build to compare with (bench/). */
  distDir = resolve('dist'),
): Promise<InboxServer> {
  const sink = await SmtpSink.start();
  const dataDir = await mkdtemp(join(tmpdir(), 'e2e-inbox-'));
  await copyMigratedDatabase(dataDir);
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    distDir,
    logger: false,
    proofOfWork: TEST_PROOF_OF_WORK,
    smtpUrl: sink.url,
    notifyEmail: NOTIFY_EMAIL,
    deliveryPollMs: 100,
    inboxEmails: [NOTIFY_EMAIL],
    // Each test signs in anew, all from 127.0.0.1: a worker's 31st sign-in of the hour was refused.
    // The limits per address (one code a minute, which a browser test shows) stay as they are.
    codeRules: CLIENT_UNLIMITED,
    webPushHosts: [BROWSER_TEST_PUSH_HOST, ...(pushService ? [pushService.host] : [])],
    pushCa: pushService?.ca,
  });
  return {
    server,
    sink,
    close: async () => {
      await server.close();
      await sink.down();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

let members = 0;

/**
 * A member address of its own for one test: the server limits codes per
 * address (one a minute), and each test signs in afresh.
 */
export async function newMember(server: RunningServer, tag: string): Promise<string> {
  const email = `member-${tag}-${process.pid}-${++members}@agency.example`;
  await addMembers(server.database, [email]);
  return email;
}

export interface LeadInput {
  name: string;
  email: string;
  message: string;
  /** Held as suspected spam (the honeypot was filled): never emailed until released. */
  spam?: boolean;
}

/** A lead stored as the page stores one (with a proof, so verified), by the database's owner. */
export async function addLead(server: RunningServer, lead: LeadInput): Promise<number> {
  const proof = await proofFrom(server.database);
  const [row] = await server.query(
    `insert into public.contact_submissions (name, email, message, proof, suspected_spam)
     values ($1, $2, $3, $4, $5) returning id`,
    [lead.name, lead.email, lead.message, proof, lead.spam ?? false],
  );
  return Number(row!.id);
}

/** A sign-in code in an email: its digits on a line of their own. */
const CODE_LINE = new RegExp(`^(\\d{${SIGN_IN_CODE_LENGTH}})$`, 'm');

const isCodeFor = (email: string) => (mail: ReceivedMail) =>
  mail.envelopeTo.includes(email) && CODE_LINE.test(mail.bodies['text/plain'] ?? '');

/** The code last emailed to `email`, once it has arrived. */
export async function emailedCode(sink: SmtpSink, email: string): Promise<string> {
  const mails = await until(
    () => sink.received.filter(isCodeFor(email)),
    20_000,
    `a sign-in code for ${email}`,
    (found) => found.length > 0,
  );
  return CODE_LINE.exec(mails.at(-1)!.bodies['text/plain']!)![1]!;
}

/** Lead emails about the lead named `name` (their subject names the lead). */
export const leadEmails = (sink: SmtpSink, name: string) =>
  sink.received.filter((mail) => mail.header('subject')?.includes(name));
