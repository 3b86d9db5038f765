import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, onTestFinished } from 'vitest';
import { buildApp, type AppOptions } from '../../../server/app.ts';
import type { Database } from '../../../server/db/database.ts';
import { openDatabase, type DatabaseOptions } from '../../../server/db/open-database.ts';
import type { ProofOfWorkSettings } from '../../../server/db/proof-of-work-settings.ts';
import { runSubmissionsCli } from '../../../server/submissions-cli.ts';
import { BACKENDS, type BackendKind } from '../../support/backend-kind.ts';
import { createDatabase } from '../../support/pg-cluster.ts';
import { TEST_PROOF_OF_WORK, TEST_PROOF_OF_WORK_ENV } from '../../support/proof.ts';

/** Where a test's database lives: options for openDatabase/startServer, and how to remove it. */
export interface Backend {
  kind: BackendKind;
  /** proofOfWork: the low test difficulty (tests/support/proof.ts), written on first open. */
  options: { dataDir: string; databaseUrl?: string; proofOfWork: ProofOfWorkSettings };
  dispose(): Promise<void>;
}

/** The environment a server or CLI process needs to open this backend's database. */
export function envFor(backend: Backend): Record<string, string> {
  const { dataDir, databaseUrl } = backend.options;
  const where: Record<string, string> = databaseUrl
    ? { DATABASE_URL: databaseUrl }
    : { DATA_DIR: dataDir };
  return { ...where, ...TEST_PROOF_OF_WORK_ENV };
}

/** `npm run submissions -- ...args` against this backend: it must succeed; its JSON output. */
export async function submissionsJson<T = Record<string, unknown>[]>(
  args: string[],
  backend: Backend,
): Promise<T> {
  let stdout = '';
  const code = await runSubmissionsCli(args, {
    env: envFor(backend),
    stdout: (text) => (stdout += text),
    stderr: () => {},
  });
  expect(code).toBe(0);
  return JSON.parse(stdout) as T;
}

/** A suite per backend; the PostgreSQL one is skipped, by name, when the global setup found none. */
export function describeEachBackend(name: string, body: (kind: BackendKind) => void): void {
  for (const kind of BACKENDS) {
    const skipReason =
      kind === 'postgres' && !inject('postgresUrl') && inject('postgresSkipReason');
    const title = `${name} [${kind}]${skipReason ? ` (skipped: ${skipReason})` : ''}`;
    describe.skipIf(Boolean(skipReason))(title, () => body(kind));
  }
}

/**
 * A suite whose subject is not the database (the HTTP layer, a loop's mail, a
 * command's output): it runs once, on the embedded database, the default.
 * describeEachBackend is for suites whose subject is what the database does.
 */
export function describeOnEmbedded(name: string, body: (kind: BackendKind) => void): void {
  describe(`${name} [embedded]`, () => body('embedded'));
}

/**
 * One of something per backend (a server, an app) for a whole test file, shared by
 * describes split by state: started by the first describe that runs with it, stopped
 * after the file. Call at a file's top level; in a describe, `use(kind)` hands it out.
 */
export function sharedPerBackend<T extends { close(): Promise<unknown> }>(
  start: (kind: BackendKind) => Promise<T>,
  startTimeout?: number,
): (kind: BackendKind) => () => T {
  const started = new Map<BackendKind, Promise<T>>();
  afterAll(async () => {
    for (const each of started.values()) await (await each).close();
  });
  return (kind) => {
    let value: T | undefined;
    beforeAll(async () => {
      if (!started.has(kind)) started.set(kind, start(kind));
      value = await started.get(kind);
    }, startTimeout);
    return () => value!;
  };
}

/** A suite that needs PostgreSQL itself (roles, ownership), skipped by name without one. */
export function describePostgres(name: string, body: () => void): void {
  const skipReason = !inject('postgresUrl') && inject('postgresSkipReason');
  describe.skipIf(Boolean(skipReason))(
    `${name} [postgres]${skipReason ? ` (skipped: ${skipReason})` : ''}`,
    body,
  );
}

/** An empty data directory (nothing migrated yet). */
export function emptyDataDir(): { dataDir: string; remove(): void } {
  const dataDir = mkdtempSync(join(tmpdir(), 'site-data-'));
  return { dataDir, remove: () => rmSync(dataDir, { recursive: true, force: true }) };
}

/**
 * A fresh, migrated database of the given kind: a copy of the embedded
 * template, or a copy of the migrated PostgreSQL template (global-setup.ts).
 */
export async function freshBackend(kind: BackendKind): Promise<Backend> {
  const { dataDir, remove } = emptyDataDir();
  if (kind === 'embedded') {
    cpSync(inject('pgliteTemplate'), dataDir, { recursive: true });
    return {
      kind,
      options: { dataDir, proofOfWork: TEST_PROOF_OF_WORK },
      dispose: async () => remove(),
    };
  }
  const { url, drop } = await createPostgresDatabase(inject('postgresTemplate'));
  return {
    kind,
    options: { dataDir, databaseUrl: url, proofOfWork: TEST_PROOF_OF_WORK },
    dispose: async () => {
      await drop();
      remove();
    },
  };
}

/**
 * A fresh database of `kind`, open (and migrated), for the running test: closed
 * and removed when it finishes (onTestFinished runs last-registered first).
 */
export async function openFreshBackend(
  kind: BackendKind,
): Promise<{ backend: Backend; db: Database }> {
  const backend = await freshBackend(kind);
  onTestFinished(() => backend.dispose());
  const db = await openDatabase(backend.options);
  onTestFinished(() => db.close());
  return { backend, db };
}

/**
 * A fresh PostgreSQL database, migrated once as `supabase db push` would, then
 * only SQL: a client to it as its owner, and how to end both.
 */
export async function migratedPostgres(): Promise<{ client: pg.Client; close(): Promise<void> }> {
  const backend = await freshBackend('postgres');
  await (await openDatabase(backend.options)).close();
  const client = new pg.Client({ connectionString: backend.options.databaseUrl });
  await client.connect();
  return {
    client,
    async close() {
      await client.end();
      await backend.dispose();
    },
  };
}

/** A new PostgreSQL database in the test cluster: empty (in `locale`, when given), or a copy of `template`. */
export function createPostgresDatabase(
  template?: string,
  locale?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  return createDatabase(inject('postgresUrl'), name, template, locale);
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  backend: Backend;
  close(): Promise<void>;
}

/** Suites post far more than a visitor's limit from one address; rate-limit tests test the limit (in-process and in the database). */
export const TEST_RATE_LIMIT = 10_000;

/** The app over a fresh database, for app.inject(); no static site unless appOptions names one. */
export async function testApp(
  kind: BackendKind,
  options: Partial<DatabaseOptions> = {},
  appOptions: Partial<AppOptions> = {},
) {
  const backend = await freshBackend(kind);
  const db = await openDatabase({
    ...backend.options,
    rateLimitPerMinute: appOptions.rateLimitPerMinute ?? TEST_RATE_LIMIT,
    ...options,
  });
  const app = await buildApp({
    database: db,
    distDir: join(backend.options.dataDir, 'no-site'),
    rateLimitPerMinute: TEST_RATE_LIMIT,
    ...appOptions,
  });
  return {
    app,
    db,
    backend,
    async close() {
      await app.close();
      await db.close();
      await backend.dispose();
    },
  } satisfies TestApp;
}

export async function countRows(db: Database): Promise<number> {
  const [row] = await db.query('select count(*)::int as n from public.contact_submissions');
  return Number(row?.n);
}
