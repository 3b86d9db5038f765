import { expect, it, onTestFinished, vi } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { migrate, readMigrations } from '../../server/db/migrations.ts';
import { openDatabase } from '../../server/db/open-database.ts';
import { startServer, type RunningServer } from '../../server/start.ts';
import { createPostgresDatabase, describePostgres } from './support/backends.ts';
import { TABLE_URL, VALID } from '../support/requests.ts';
import { TEST_PROOF_OF_WORK, withProof } from '../support/proof.ts';
import { SERVER_TEST_BUDGET_MS } from '../support/budgets.ts';

// Every test here makes a database of its own and starts servers on it.
vi.setConfig({ testTimeout: SERVER_TEST_BUDGET_MS });

/** Several instances sharing one PostgreSQL, as a load-balanced deployment runs them. */

const INSTANCES = 3;

async function freshDatabaseUrl() {
  const { url, drop } = await createPostgresDatabase();
  onTestFinished(drop);
  return url;
}

async function start(databaseUrl: string, rateLimitPerMinute?: number) {
  const server = await startServer({
    port: 0,
    databaseUrl,
    distDir: '/nonexistent',
    rateLimitPerMinute,
    proofOfWork: TEST_PROOF_OF_WORK,
  });
  onTestFinished(() => server.close());
  return server;
}

const submit = async (server: RunningServer) =>
  fetch(`${server.url}${TABLE_URL}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(await withProof(server.url, VALID)),
  });

describePostgres('many instances on one PostgreSQL', () => {
  it('apply the migrations exactly once when they migrate at the same moment', async () => {
    const url = await freshDatabaseUrl();
    const dbs: Database[] = [];
    for (let i = 0; i < INSTANCES; i++) {
      const db = await openDatabase({ dataDir: '', databaseUrl: url, migrate: false });
      onTestFinished(() => db.close());
      dbs.push(db);
    }
    const versions = (await readMigrations()).map((migration) => migration.version);

    const applied = await Promise.all(dbs.map((db) => migrate(db)));
    // One of them applied everything; the others found nothing left to do.
    expect(applied.map((list) => list.length).sort()).toEqual([0, 0, versions.length]);
    expect(applied.find((list) => list.length > 0)).toEqual(versions);
  });

  it('all come up when started together on a fresh database, with each migration recorded once', async () => {
    const url = await freshDatabaseUrl();
    const servers = await Promise.all(Array.from({ length: INSTANCES }, () => start(url)));
    for (const server of servers) {
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    }
    const rows = await servers[0]!.query(
      'select version, count(*)::int as n from app_private.schema_migrations group by version order by version',
    );
    const versions = (await readMigrations()).map((migration) => migration.version);
    expect(rows).toEqual(versions.map((version) => ({ version, n: 1 })));
  });

  it('share one rate limit per address, not one each', async () => {
    const url = await freshDatabaseUrl();
    const limit = 4;
    const [a, b] = [await start(url, limit), await start(url, limit)];

    // Half the limit through each: neither instance's own counter is near it.
    for (const server of [a, b, a, b]) expect((await submit(server)).status).toBe(201);
    for (const server of [a, b]) {
      const refused = await submit(server);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await refused.json()).toMatchObject({ code: 'PT429' });
    }
    const [row] = await a.query('select count(*)::int as n from public.contact_submissions');
    expect(row?.n).toBe(limit);
  });
});
