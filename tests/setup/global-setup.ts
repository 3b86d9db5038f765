import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openEmbeddedDatabase } from '../../server/db/embedded-database.ts';
import { migrate } from '../../server/db/migrations.ts';
import { setProofOfWork } from '../../server/db/proof-of-work.ts';
import { TEST_PROOF_OF_WORK } from '../support/proof.ts';
import {
  PG_BIN,
  postgresBinariesPresent,
  startPgCluster,
  type PgCluster,
} from '../support/pg-cluster.ts';
import { CI } from '../support/skip.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of a PostgreSQL the tests may create databases in; '' when skipped. */
    postgresUrl: string;
    /** Why the PostgreSQL suites are skipped ('' when they run). */
    postgresSkipReason: string;
    /** A migrated, closed embedded database to copy: creating one costs seconds, copying it milliseconds. */
    pgliteTemplate: string;
  }
}

/**
 * Provides a PostgreSQL for the server tests: DATABASE_URL when given,
 * otherwise a throwaway PostgreSQL 15 cluster stopped and removed afterwards.
 * Without PostgreSQL the PG suites are skipped loudly, except under CI=true,
 * where that is a failure. Also builds the embedded-database template.
 */
export default async function setup(project: TestProject) {
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

  // The server as production runs it, compiled once for this run: `npm run worker`, `serve`
  // and `start` run build/ (tests/server/worker.test.ts, production-signals.test.ts).
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });

  const template = mkdtempSync(join(tmpdir(), 'pglite-template-'));
  const db = await openEmbeddedDatabase(template);
  await migrate(db);
  // The low test difficulty (tests/support/proof.ts), for suites that open the copy directly.
  await setProofOfWork(db, TEST_PROOF_OF_WORK);
  await db.close();
  project.provide('pgliteTemplate', template);

  return () => {
    cluster?.stop();
    rmSync(template, { recursive: true, force: true });
  };
}
