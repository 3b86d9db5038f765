import { expect, it, onTestFinished } from 'vitest';
import { DatabaseUnavailableError } from '../../server/db/database.ts';
import { openDatabase } from '../../server/db/open-database.ts';
import { watchForOutage } from '../../server/db/outage-watch.ts';
import {
  openPostgresDatabase,
  SERVING_QUERY_TIMEOUT_MS,
} from '../../server/db/postgres-database.ts';
import { describePostgres, freshBackend, type Backend } from './support/backends.ts';
import { emailedNames, leadsWaiting, onceWorker, outbox, subjects } from './support/lead-worker.ts';
import { tcpProxy, type TcpProxy } from './support/tcp-proxy.ts';
import { childEnv } from '../support/child-server.ts';
import { until } from '../support/until.ts';

/**
 * The database going away in the middle of the worker's work (docs/operating.md, "Lead email
 * without the web server"). A scheduled `npm run worker -- --once` stops with exit code 1 and a
 * line naming the database, marks nothing sent that the relay did not take, and leaves the rest
 * to the next run (the long-running worker and the server: worker-database-return.test.ts).
 * The proxy makes the database go both ways: down (its port refuses) and silent (a stopped host, a
 * partition: connections stay open and nothing answers).
 */

/**
 * Far longer than giving up takes (a statement's bound, 6 s, then the rounds in progress end): a
 * worker still running after this hangs, as it did before (each round failed, backed off and
 * tried again, and it never found everything drained).
 */
const EXIT_BOUND_MS = 60_000;

const CUTS = [
  ['is down', (proxy: TcpProxy) => proxy.refuse()],
  ['stops answering', (proxy: TcpProxy) => proxy.stall()],
] as const;

/** The passing of a lease (5 minutes), which a test does not wait for. */
async function endLeases(backend: Backend) {
  const db = await openDatabase({ ...backend.options, migrate: false });
  await db.query(`update lead_outbox set locked_until = now() - interval '1 second'`);
  await db.close();
}

describePostgres('npm run worker -- --once when the database goes away mid-run', () => {
  it('is told of the first call that finds the database gone, and of nothing else', async () => {
    const backend = await freshBackend('postgres');
    onTestFinished(() => backend.dispose());
    const proxy = await tcpProxy(backend.options.databaseUrl!);
    onTestFinished(() => proxy.refuse());
    // As the worker opens it (server/worker.ts).
    const opened = await openPostgresDatabase(proxy.url, {
      queryTimeoutMs: SERVING_QUERY_TIMEOUT_MS,
    });
    onTestFinished(() => opened.close());
    const { database, lost } = watchForOutage(opened);
    let told: DatabaseUnavailableError | undefined;
    void lost.then((error) => (told = error));
    const stop = await database.listen!('lead_push', () => {});
    await stop();
    // A statement of ours that fails is not the database going away.
    await expect(database.query('select * from no_such_table')).rejects.toThrow();
    expect(await database.transaction((session) => session.query('select 1 as one'))).toEqual([
      { one: 1 },
    ]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(told).toBeUndefined();

    await proxy.refuse();
    const failed = database.query('select 1');
    await expect(failed).rejects.toBeInstanceOf(DatabaseUnavailableError);
    expect(await lost).toBe(await failed.catch((error: unknown) => error));
  });

  for (const [how, cut] of CUTS) {
    it(`exits 1 naming the database when it ${how}, and the next runs send the rest once`, async () => {
      const { sink, env, expectedSubjects, backend } = await leadsWaiting(['Ann', 'Bob', 'Cat']);
      const proxy = await tcpProxy(backend.options.databaseUrl!);
      onTestFinished(() => proxy.refuse());
      const proxied = { ...env, DATABASE_URL: proxy.url };
      sink.holding = true;
      const worker = onceWorker(proxied);
      (await sink.nextHeld()).accept();
      // Bob's email is with the relay when the database goes; then the relay asks to try later.
      const bob = await sink.nextHeld();
      await cut(proxy);
      bob.defer();
      sink.holding = false;

      const code = await until(
        () => worker.child.exitCode,
        EXIT_BOUND_MS,
        'the worker to give up on the database and exit',
        (exitCode) => exitCode !== null,
      );
      await worker.exit;
      expect(code, worker.output()).toBe(1);
      const { host, pathname } = new URL(proxy.url);
      expect(worker.output()).toContain(`The worker lost the PostgreSQL at ${host}${pathname}`);

      await proxy.restore();
      // Ann's email was taken and marked; Bob's was not, and his lease runs on; Cat's never began.
      expect(await outbox(backend)).toEqual([
        { name: 'Ann', sent: true, leased: false },
        { name: 'Bob', sent: false, leased: true },
        { name: 'Cat', sent: false, leased: false },
      ]);
      // The next scheduled run sends what is free, and leaves Bob to his lease.
      const next = onceWorker(proxied);
      expect(await next.exit, next.output()).toBe(0);
      expect(emailedNames(sink)).toEqual(['Ann', 'Cat']);
      // Once that lease has ended, a run sends Bob: each lead emailed once in all.
      await endLeases(backend);
      const last = onceWorker(proxied);
      expect(await last.exit, last.output()).toBe(0);
      expect(subjects(sink)).toEqual(expectedSubjects);
    }, 180_000);
  }
});

describePostgres('npm run worker -- --once when the database stops answering as it starts', () => {
  // The first statement's bound, and a long transaction's probe, are shown in-process by
  // database-stalls.test.ts; here, what a scheduled run does: it ends, and says why.
  it('exits 1 naming the database when it falls silent at its migrations', async () => {
    const backend = await freshBackend('postgres');
    onTestFinished(() => backend.dispose());
    const proxy = await tcpProxy(backend.options.databaseUrl!);
    onTestFinished(() => proxy.refuse());
    // The lock the migrations take first (server/db/migrations.ts).
    const stalled = proxy.stallAt('pg_advisory_xact_lock');
    const worker = onceWorker(childEnv({ DATABASE_URL: proxy.url }));
    await stalled;

    const code = await until(
      () => worker.child.exitCode,
      EXIT_BOUND_MS,
      'the worker to give up on the database and exit',
      (exitCode) => exitCode !== null,
    );
    expect(code, worker.output()).toBe(1);
    const { host, pathname } = new URL(proxy.url);
    expect(worker.output()).toContain(`could not open the PostgreSQL at ${host}${pathname}`);
  }, 120_000);
});
