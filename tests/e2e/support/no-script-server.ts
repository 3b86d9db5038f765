import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PassThrough } from 'node:stream';
import type { Fixtures } from '@playwright/test';
import { startServer, type RunningServer } from '../../../server/start.ts';
import type { BackendKind } from '../../support/backend-kind.ts';
import { postgresSkipReason, testPostgres, type TestPostgres } from '../../support/pg-cluster.ts';
import { SmtpSink } from '../../support/smtp-sink.ts';
import { TEST_PROOF_OF_WORK } from '../../support/proof.ts';

/** Where each lead is emailed in these tests. */
export const NOTIFY_EMAIL = 'leads@agency.example';

export interface NoScriptServer extends RunningServer {
  /** Every line the server logged, as written. */
  log: string[];
  mail: SmtpSink;
  /** The database goes away under a running server. */
  stopDatabase(): Promise<void>;
}

export interface ServerOptions {
  rateLimitPerMinute?: number;
  corsOrigins?: string[];
  /** The build to serve (default dist/). */
  distDir?: string;
  /** Also post each lead to this Standard Webhooks receiver. */
  webhook?: { url: string; secret: string };
}

/**
 * The worker's PostgreSQL (DATABASE_URL's, or a cluster of its own), reached on first need
 * and stopped with the worker; each server gets a fresh database in it.
 */
export class Postgres {
  private server: Promise<TestPostgres> | undefined;
  /** Never under CI=true: there the tests run, and fail saying what is missing. */
  static readonly skipReason = postgresSkipReason();

  async freshDatabase(): Promise<string> {
    return (await (this.server ??= testPostgres())).freshDatabase();
  }

  async stop(): Promise<void> {
    if (this.server) await (await this.server).stop();
  }
}

/**
 * The project's own server, started by server/start.ts as main.ts starts it
 * (site, API, lead email to an SMTP sink), logging into `log`, over a fresh
 * database of either kind and a snapshot of the build.
 */
export async function startNoScriptServer(
  databaseUrl: string | undefined,
  options: ServerOptions = {},
): Promise<NoScriptServer> {
  const workDir = await mkdtemp(join(tmpdir(), 'e2e-noscript-'));
  const distDir = join(workDir, 'dist');
  const log: string[] = [];
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) =>
    log.push(...chunk.toString('utf8').split('\n').filter(Boolean)),
  );
  let mail: SmtpSink | undefined;
  try {
    await cp(resolve(options.distDir ?? 'dist'), distDir, { recursive: true });
    mail = await SmtpSink.start();
    const server = await startServer({
      port: 0,
      host: '127.0.0.1',
      databaseUrl,
      dataDir: join(workDir, 'data'),
      distDir,
      logger: stream,
      // In-process and in the database: every test here posts from 127.0.0.1.
      rateLimitPerMinute: options.rateLimitPerMinute ?? 1_000,
      corsOrigins: options.corsOrigins ?? [],
      smtpUrl: mail.url,
      notifyEmail: NOTIFY_EMAIL,
      deliveryPollMs: 100,
      // The tests' low difficulty: none of these tests is about the proof (spam.spec.ts is).
      proofOfWork: TEST_PROOF_OF_WORK,
      webhookUrl: options.webhook?.url,
      webhookSecret: options.webhook?.secret,
    });
    const sink = mail;
    return {
      ...server,
      log,
      mail: sink,
      stopDatabase: () => server.database.close(),
      async close() {
        await server.close();
        await sink.down();
        await rm(workDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await mail?.down();
    await rm(workDir, { recursive: true, force: true });
    throw error;
  }
}

export interface NoScriptWorkerFixtures {
  postgres: Postgres;
  /** One server per backend and worker, started on first need. */
  sites: (kind: BackendKind) => Promise<NoScriptServer>;
}

/** A fresh database of `kind` (one in the worker's cluster for PostgreSQL) and a server over it. */
export async function serverOn(kind: BackendKind, postgres: Postgres, options?: ServerOptions) {
  const url = kind === 'postgres' ? await postgres.freshDatabase() : undefined;
  return startNoScriptServer(url, options);
}

/** The worker's PostgreSQL and its servers, for `test.extend`. */
export const noScriptWorkerFixtures: Fixtures<object, NoScriptWorkerFixtures> = {
  postgres: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function destructures
    async ({}, use) => {
      const postgres = new Postgres();
      await use(postgres);
      await postgres.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  sites: [
    async ({ postgres }, use) => {
      const started = new Map<BackendKind, Promise<NoScriptServer>>();
      await use((kind) => {
        let site = started.get(kind);
        if (!site) {
          site = serverOn(kind, postgres);
          started.set(kind, site);
        }
        return site;
      });
      for (const site of started.values()) await (await site).close();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
};
