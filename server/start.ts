import type { AddressInfo } from 'node:net';
import { buildApp, type AppOptions } from './app.ts';
import { placeholderWarning, readPlaceholders } from './build-placeholders.ts';
import { CONFIG_DEFAULTS } from './config.ts';
import type { Row } from './db/database.ts';
import { openDatabase } from './db/open-database.ts';
import { startLeadDelivery, type LeadDeliveryOptions } from './leads/delivery/lead-delivery.ts';
import type { ProofOfWorkSettings } from './db/proof-of-work.ts';

export interface StartOptions
  extends
    LeadDeliveryOptions,
    Pick<AppOptions, 'rateLimitPerMinute' | 'trustProxy' | 'connectSrc' | 'corsOrigins'> {
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  /** Embedded database directory, when no databaseUrl is given. */
  dataDir?: string;
  databaseUrl?: string;
  distDir?: string;
  logger?: AppOptions['logger'];
  /** PROOF_OF_WORK_*: each written into the database only when given. */
  proofOfWork?: ProofOfWorkSettings;
}

export interface RunningServer {
  url: string;
  /** SQL as the database owner (bypasses row-level security): for tests that check a row landed. */
  query: (sql: string, params?: unknown[]) => Promise<Row[]>;
  /** Stops accepting requests, lets in-flight ones finish, then closes the database. */
  close: () => Promise<void>;
}

/** Opens (and migrates) the database, builds the app and listens. */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const host = options.host ?? CONFIG_DEFAULTS.HOST;
  const database = await openDatabase({
    databaseUrl: options.databaseUrl,
    dataDir: options.dataDir ?? CONFIG_DEFAULTS.DATA_DIR,
    rateLimitPerMinute: options.rateLimitPerMinute ?? Number(CONFIG_DEFAULTS.RATE_LIMIT_PER_MINUTE),
    proofOfWork: options.proofOfWork,
  });
  let app;
  let delivery;
  try {
    app = await buildApp({ ...options, database });
    await app.listen({ port: options.port ?? Number(CONFIG_DEFAULTS.PORT), host });
    delivery = startLeadDelivery(database, app.log, options);
  } catch (error) {
    await app?.close();
    await database.close();
    throw error;
  }
  app.log.info(`Submissions are stored in the ${database.location}`);
  const placeholders = readPlaceholders(options.distDir ?? CONFIG_DEFAULTS.DIST_DIR);
  if (placeholders.length > 0) app.log.warn(placeholderWarning(placeholders));

  const { port } = app.server.address() as AddressInfo;
  const listening = app;
  const delivering = delivery;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${urlHost(host)}:${port}`,
    query: (sql, params) => database.query(sql, params),
    close: () =>
      (closing ??= (async () => {
        try {
          await listening.close();
        } finally {
          // A send in progress finishes and is recorded before the database goes.
          await delivering.stop().finally(() => database.close());
        }
      })()),
  };
}

/** A host to put in a URL: a wildcard address becomes localhost, IPv6 gets brackets. */
function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}
