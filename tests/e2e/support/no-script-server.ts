import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PassThrough } from 'node:stream';
import { expect, type Fixtures } from '@playwright/test';
import { startServer, type RunningServer } from '../../../server/start.ts';
import { SERVER_TEST_BUDGET_MS } from '../../support/budgets.ts';
import { SmtpSink } from '../../support/smtp-sink.ts';
import { TEST_PROOF_OF_WORK } from '../../support/proof.ts';
import { copyMigratedDatabase } from '../../support/database-template.ts';
import { workingWednesday } from '../../support/working-wednesday.ts';

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
 * The project's own server, started by server/start.ts as main.ts starts it
 * (site, API, lead email to an SMTP sink), logging into `log`, over a fresh
 * embedded database and a snapshot of the build. Embedded only: what the browser sees is
 * the same on either database, and the server tests (tests/server) cover each database.
 */
export async function startNoScriptServer(options: ServerOptions = {}): Promise<NoScriptServer> {
  const workDir = await mkdtemp(join(tmpdir(), 'e2e-noscript-'));
  const distDir = join(workDir, 'dist');
  const log: string[] = [];
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) =>
    log.push(...chunk.toString('utf8').split('\n').filter(Boolean)),
  );
  let mail: SmtpSink | undefined;
  try {
    const dataDir = join(workDir, 'data');
    await Promise.all([
      cp(resolve(options.distDir ?? 'dist'), distDir, { recursive: true }),
      copyMigratedDatabase(dataDir),
    ]);
    mail = await SmtpSink.start();
    const server = await startServer({
      port: 0,
      host: '127.0.0.1',
      dataDir,
      distDir,
      logger: stream,
      // In-process and in the database: every test here posts from 127.0.0.1.
      rateLimitPerMinute: options.rateLimitPerMinute ?? 1_000,
      corsOrigins: options.corsOrigins ?? [],
      smtpUrl: mail.url,
      notifyEmail: NOTIFY_EMAIL,
      deliveryPollMs: 100,
      // Midweek for the lead clocks: on a Monday morning their weekly digest would join the lead emails tests count.
      clockNow: workingWednesday,
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

/** Lead emails about this submission, once the worker has had its chance to send them. */
export async function emailsAbout(site: NoScriptServer, submission: { email: string }) {
  const email = submission.email.replace(/'/g, "''");
  // Wait until the worker has sent everything it owes, then count.
  await expect
    .poll(async () =>
      Number(
        (
          await site.query(
            `select count(*)::int as n from public.lead_outbox o
             join public.contact_submissions s on s.id = o.submission_id
             where s.email = '${email}' and o.sent_at is null`,
          )
        )[0]?.n,
      ),
    )
    .toBe(0);
  return site.mail.received.filter((mail) =>
    (mail.bodies['text/plain'] ?? '').includes(submission.email),
  );
}

export interface NoScriptWorkerFixtures {
  /** One server per worker, started on first need and shared by its tests. */
  site: NoScriptServer;
}

/** The worker's server, for `test.extend`. */
export const noScriptWorkerFixtures: Fixtures<object, NoScriptWorkerFixtures> = {
  site: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function destructures
    async ({}, use) => {
      const site = await startNoScriptServer();
      await use(site);
      await site.close();
    },
    // Copying the build and migrating a fresh database, on two cores other work keeps busy.
    { scope: 'worker', timeout: SERVER_TEST_BUDGET_MS },
  ],
};
