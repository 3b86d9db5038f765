import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from './app.ts';
import { placeholderLogLine, readPlaceholders } from './build-placeholders.ts';
import { whenPortTaken } from './port-taken.ts';
import { DEFAULTS } from './settings/schema.ts';
import type { Database, Row } from './db/database.ts';
import { openDatabase } from './db/open-database.ts';
import { readDatabaseRateLimit } from './db/rate-limit.ts';
import { startLeadDelivery, type LeadDeliveryOptions } from './leads/delivery/lead-delivery.ts';
import { startRetentionPurge, type RetentionPurge } from './leads/retention-purge.ts';
import { DEFAULT_RETENTION_MONTHS } from '../shared/retention.ts';
import type { ProofOfWorkSettings } from './db/proof-of-work-settings.ts';
import { logSeededMembers, seedMembers } from './auth/members.ts';
import { serveMembersCommands, type MembersSocket } from './auth/members-socket.ts';
import { startClocksFor, type ClockStartOptions } from './leads/clocks/start-clocks.ts';
import { startPush, type PushAlerts, type PushStartOptions } from './leads/push/start-push.ts';
import { mailingLocally, serveMailbox, type MailboxServer } from './mailbox/mailbox-server.ts';

export interface StartOptions
  extends
    LeadDeliveryOptions,
    ClockStartOptions,
    PushStartOptions,
    Pick<
      AppOptions,
      'rateLimitPerMinute' | 'trustProxy' | 'connectSrc' | 'corsOrigins' | 'codeRules'
    > {
  /** 0 picks a free port. */
  port?: number;
  /**
   * Tests only: false starts everything (database, workers, members socket) but
   * opens no port, for tests that reach the app by app.inject(). Default true.
   */
  listen?: boolean;
  host?: string;
  /** Embedded database directory, when no databaseUrl is given. */
  dataDir?: string;
  databaseUrl?: string;
  distDir?: string;
  logger?: AppOptions['logger'];
  /** VITE_RETENTION_MONTHS: the built-in worker purges older submissions (server/leads/retention-purge.ts). */
  retentionMonths?: number;
  /** Tests only: how often the purge runs (hourly). */
  retentionIntervalMs?: number;
  /** PROOF_OF_WORK_*: each written into the database only when given. */
  proofOfWork?: ProofOfWorkSettings;
  /**
   * INBOX_EMAILS: added to the inbox's allowlist at start, except an address that was removed
   * (by the command or a member); nobody is removed. The log says who was added and skipped.
   */
  inboxEmails?: readonly string[];
  /** Where inboxEmails came from, as the log names it: INBOX_EMAILS unless said otherwise. */
  inboxEmailsFrom?: string;
  /** MAILBOX_PORT, given only when the local mailbox stands in for a relay (server-config.ts). */
  mailboxPort?: number;
}

export interface RunningServer {
  /** Where it listens; with `listen: false`, http://localhost, the host injected requests name. */
  url: string;
  /** The app itself: tests whose subject is not the socket reach it by app.inject(). */
  app: FastifyInstance;
  /** SQL as the database owner (bypasses row-level security): for tests that check a row landed. */
  query: (sql: string, params?: unknown[]) => Promise<Row[]>;
  /** The database the server uses: tests close it under a running server to see an outage. */
  database: Database;
  /** The addresses allowed into the inbox at this start (INBOX_EMAILS, or the agency's). */
  members: readonly string[];
  /** The local mailbox's page, and what it keeps, when it runs (docs/local-mailbox.md). */
  localMailbox?: Pick<MailboxServer, 'url' | 'mailbox'>;
  /** Stops accepting requests, lets in-flight ones finish, then closes the database. */
  close: () => Promise<void>;
}

/** Opens (and migrates) the database, builds the app and listens. */
export async function startServer(given: StartOptions = {}): Promise<RunningServer> {
  const local = given.mailboxPort === undefined ? undefined : await serveMailbox(given.mailboxPort);
  try {
    return await startWith(local ? mailingLocally(given, local.mailbox) : given, local);
  } catch (error) {
    await local?.close();
    throw error;
  }
}

async function startWith(options: StartOptions, local?: MailboxServer): Promise<RunningServer> {
  const host = options.host ?? DEFAULTS.HOST;
  const dataDir = options.dataDir ?? DEFAULTS.DATA_DIR;
  const database = await openDatabase({
    databaseUrl: options.databaseUrl,
    dataDir,
    serving: true,
    rateLimitPerMinute: options.rateLimitPerMinute,
    proofOfWork: options.proofOfWork,
  });
  let app;
  let delivery;
  let retention: RetentionPurge | undefined;
  let clocks;
  let membersSocket: MembersSocket | undefined;
  let push: PushAlerts | undefined;
  try {
    // Without RATE_LIMIT_PER_MINUTE, the in-process limiter follows the database's value.
    const rateLimitPerMinute =
      options.rateLimitPerMinute ?? (await readDatabaseRateLimit(database));
    const seeded = await seedMembers(database, options.inboxEmails ?? []);
    app = await buildApp({ ...options, rateLimitPerMinute, database, mail: options });
    logSeededMembers(app.log, seeded, options.inboxEmailsFrom);
    const port = options.port ?? DEFAULTS.PORT;
    if (options.listen === false) await app.ready();
    else await app.listen({ port, host }).catch(whenPortTaken(port, 'PORT', 'Port'));
    // On PostgreSQL the members command opens the database itself.
    if (database.kind === 'embedded') {
      membersSocket = await serveMembersCommands(dataDir, database, app.log);
    }
    const working = linkingHere(options, app, host, local);
    push = await startPush(database, app.log, working);
    delivery = await startLeadDelivery(database, app.log, working);
    retention = startRetentionPurge(database, app.log, {
      retentionMonths: options.retentionMonths ?? DEFAULT_RETENTION_MONTHS,
      intervalMs: options.retentionIntervalMs,
    });
    clocks = startClocksFor(database, app.log, working);
  } catch (error) {
    await membersSocket?.close();
    await app?.close();
    await database.close();
    throw error;
  }
  app.log.info(`Submissions are stored in the ${database.location}`);
  const placeholders = readPlaceholders(options.distDir ?? DEFAULTS.DIST_DIR);
  if (placeholders.length > 0) app.log.warn(...placeholderLogLine(placeholders));

  const listening = app;
  const delivering = delivery;
  const purging = retention;
  const clocking = clocks;
  const answeringMembers = membersSocket;
  const pushing = push;
  let closing: Promise<void> | undefined;
  return {
    url: options.listen === false ? 'http://localhost' : listeningUrl(app, host),
    app,
    query: (sql, params) => database.query(sql, params),
    database,
    members: options.inboxEmails ?? [],
    localMailbox: local,
    close: () =>
      (closing ??= (async () => {
        try {
          await listening.close();
          // What is still sent while the rest stops is kept; nobody reads it after this.
          await local?.close();
        } finally {
          // A members command in progress finishes on the database before it goes.
          await answeringMembers?.close();
          // A send in progress finishes and is recorded before the database goes.
          // A purge in progress ends too (it never throws: a failure is logged).
          await purging.stop();
          await clocking.stop();
          await pushing.stop();
          await delivering.stop().finally(() => database.close());
        }
      })()),
  };
}

/**
 * The local mailbox's emails are read on this machine, so without VITE_SITE_URL their links to
 * the inbox (a lead's "Open in the inbox", a reminder's, a summary's Spam folder) point here,
 * where the owner trying `npm start` signs in; a relay's emails go elsewhere and get none.
 */
function linkingHere<T extends { siteUrl?: string; listen?: boolean }>(
  options: T,
  app: FastifyInstance,
  host: string,
  local: MailboxServer | undefined,
): T {
  if (!local || options.siteUrl || options.listen === false) return options;
  return { ...options, siteUrl: listeningUrl(app, host) };
}

/** The address `app` listens on, as a URL. */
function listeningUrl(app: FastifyInstance, host: string): string {
  const { port } = app.server.address() as AddressInfo;
  return `http://${urlHost(host)}:${port}`;
}

/** A host to put in a URL: a wildcard address becomes localhost, IPv6 gets brackets. */
function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}
