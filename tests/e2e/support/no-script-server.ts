import { cp, mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PassThrough } from 'node:stream';
import pg from 'pg';
import { buildApp } from '../../../server/app.ts';
import { openDatabase } from '../../../server/db/open-database.ts';
import { startLeadDelivery } from '../../../server/leads/delivery/lead-delivery.ts';
import {
  postgresBinariesPresent,
  startPgCluster,
  type PgCluster,
} from '../../support/pg-cluster.ts';
import { SmtpSink } from '../../support/smtp-sink.ts';

/** Where each lead is emailed in these tests. */
export const NOTIFY_EMAIL = 'leads@agency.example';

export interface NoScriptServer {
  url: string;
  /** As the owner, to see what was stored. */
  query: (sql: string) => Promise<Record<string, unknown>[]>;
  /** Every line the server logged, as written. */
  log: string[];
  mail: SmtpSink;
  /** The database goes away under a running server. */
  stopDatabase(): Promise<void>;
  close(): Promise<void>;
}

export interface ServerOptions {
  rateLimitPerMinute?: number;
  corsOrigins?: string[];
  /** The build to serve (default dist/). */
  distDir?: string;
  /** Also post each lead to this Standard Webhooks receiver. */
  webhook?: { url: string; secret: string };
}

/** A PostgreSQL cluster for one worker, started on first need and stopped with the worker. */
export class Postgres {
  private cluster: Promise<PgCluster> | undefined;
  static readonly skipReason = postgresBinariesPresent()
    ? undefined
    : 'no PostgreSQL 15 binaries in /usr/lib/postgresql/15/bin';

  async freshDatabase(): Promise<string> {
    const { url } = await (this.cluster ??= startPgCluster());
    const name = `e2e_${Math.random().toString(36).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`).finally(() => admin.end());
    const target = new URL(url);
    target.pathname = `/${name}`;
    return target.href;
  }

  async stop(): Promise<void> {
    if (this.cluster) (await this.cluster).stop();
  }
}

/**
 * The project's own server as main.ts starts it (site, API, lead email to an
 * SMTP sink), logging into `log`, over a fresh database of either kind.
 */
export async function startNoScriptServer(
  databaseUrl: string | undefined,
  options: ServerOptions = {},
): Promise<NoScriptServer> {
  const workDir = await mkdtemp(join(tmpdir(), 'e2e-noscript-'));
  const distDir = join(workDir, 'dist');
  await cp(resolve(options.distDir ?? 'dist'), distDir, { recursive: true });
  const log: string[] = [];
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) =>
    log.push(...chunk.toString('utf8').split('\n').filter(Boolean)),
  );
  const mail = await SmtpSink.start();
  const database = await openDatabase({
    databaseUrl,
    dataDir: join(workDir, 'data'),
    // The database's own per-address limit too: every test here posts from 127.0.0.1.
    rateLimitPerMinute: options.rateLimitPerMinute ?? 1_000,
  });
  const app = await buildApp({
    database,
    distDir,
    logger: stream,
    rateLimitPerMinute: options.rateLimitPerMinute ?? 1_000,
    corsOrigins: options.corsOrigins ?? [],
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const delivery = await startLeadDelivery(database, app.log, {
    smtpUrl: mail.url,
    notifyEmail: NOTIFY_EMAIL,
    deliveryPollMs: 100,
    webhookUrl: options.webhook?.url,
    webhookSecret: options.webhook?.secret,
  });
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    query: (sql) => database.query(sql),
    log,
    mail,
    stopDatabase: () => database.close(),
    async close() {
      await app.close();
      await delivery.stop().finally(() => database.close());
      await mail.down();
      await rm(workDir, { recursive: true, force: true });
    },
  };
}
