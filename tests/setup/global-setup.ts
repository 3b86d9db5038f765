import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/open-database.ts';
import { setProofOfWork } from '../../server/db/proof-of-work-settings.ts';
import { migrateEmbeddedTemplate } from '../support/database-template.ts';
import { TEST_PROOF_OF_WORK } from '../support/proof.ts';
import {
  adminQuery,
  createDatabase,
  PG_BIN,
  postgresBinariesPresent,
  startPgCluster,
  type PgCluster,
} from '../support/pg-cluster.ts';
import { CI } from '../support/skip.ts';
import { SUPABASE_ROLES } from '../support/supabase-roles.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of a PostgreSQL the tests may create databases in; '' when skipped. */
    postgresUrl: string;
    /** Why the PostgreSQL suites are skipped ('' when they run). */
    postgresSkipReason: string;
    /** A migrated, closed embedded database to copy: creating one costs seconds, copying it milliseconds. */
    pgliteTemplate: string;
    /** A migrated PostgreSQL database nobody connects to, for `create database … template`; '' when skipped. */
    postgresTemplate: string;
  }
}

/**
 * Provides a PostgreSQL for the server tests: DATABASE_URL when given,
 * otherwise a throwaway PostgreSQL 15 cluster stopped and removed afterwards.
 * Without PostgreSQL the PG suites are skipped loudly, except under CI=true,
 * where that is a failure. Also builds the embedded-database template.
 */
export default async function setup(project: TestProject) {
  // The server as production runs it, compiled once for this run: `npm run worker` and `serve`
  // run build/ (tests/server/worker.test.ts, production-signals.test.ts). Its own
  // process, so it compiles while PostgreSQL's cluster is made below; not again when the test
  // command's build step has just compiled it (SERVER_BUILT, scripts/test.mjs).
  const serverBuilt = process.env.SERVER_BUILT === '1' ? Promise.resolve() : buildServer();
  // Awaited below; should the PostgreSQL part throw first, its error is the one reported.
  serverBuilt.catch(() => undefined);
  let cluster: PgCluster | undefined;
  let postgresUrl = process.env.DATABASE_URL?.trim() ?? '';
  let skipReason = '';
  if (!postgresUrl) {
    if (process.env.SKIP_POSTGRES === '1') skipReason = 'SKIP_POSTGRES=1';
    else if (!postgresBinariesPresent()) skipReason = `no PostgreSQL 15 binaries in ${PG_BIN}`;
    if (skipReason && CI) {
      throw new Error(`PostgreSQL suites cannot run (${skipReason}) and CI=true forbids skipping.`);
    }
    if (!skipReason) {
      cluster = await startPgCluster();
      postgresUrl = cluster.url;
    } else {
      const bar = '!'.repeat(78);
      console.warn(`\n${bar}\n!! SKIPPING the PostgreSQL server suites: ${skipReason}.\n${bar}\n`);
    }
  }
  project.provide('postgresUrl', postgresUrl);
  project.provide('postgresSkipReason', skipReason);
  const postgresTemplate = postgresUrl ? await preparePostgres(postgresUrl) : undefined;
  project.provide('postgresTemplate', postgresTemplate?.name ?? '');

  await serverBuilt;

  // With the low test difficulty (tests/support/proof.ts), for suites that open the copy directly.
  const template = await migrateEmbeddedTemplate('pglite-template-', (db) =>
    setProofOfWork(db, TEST_PROOF_OF_WORK),
  );
  project.provide('pgliteTemplate', template.dir);

  return async () => {
    await postgresTemplate?.drop();
    cluster?.stop();
    template.remove();
  };
}

/** `scripts/build-server.mjs`, as `npm run build:server` runs it; rejects when it fails. */
function buildServer(): Promise<void> {
  const child = spawn(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`scripts/build-server.mjs exited with ${code}`)),
    );
  });
}

/**
 * Readies the test PostgreSQL for test files that run at once (vitest.config.ts's maxWorkers).
 * Roles belong to the cluster, not a database: the first migration on a cluster creates
 * `anon` and `authenticated`, and two first migrations at once race to create them (or
 * fail with "tuple concurrently updated"), as would two Supabase-shaped preparations for
 * `service_role`. So they are made here, once, by migrating a database that then serves
 * as the template each test's database is copied from (a copy costs milliseconds, a
 * migration a second or more on a busy machine).
 */
async function preparePostgres(adminUrl: string) {
  const name = `test_template_${randomBytes(6).toString('hex')}`;
  const template = await createDatabase(adminUrl, name);
  // Migrated as a deployment is, with no test settings: each test's open writes its own.
  const db = await openDatabase({ dataDir: '', databaseUrl: template.url });
  await db.close();
  await adminQuery(adminUrl, SUPABASE_ROLES);
  return { name, drop: template.drop };
}
