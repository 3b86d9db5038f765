import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { expect, it, onTestFinished, vi } from 'vitest';
import { nativeFormPageCopy } from '../../shared/copy/native-form-pages.ts';
import { buildApp } from '../../server/app.ts';
import { DatabaseUnavailableError, type Database } from '../../server/db/database.ts';
import { openDatabase } from '../../server/db/open-database.ts';
import { LONG_WORK_PROBE_MS } from '../../server/db/postgres-connection.ts';
import {
  INSERT_QUERY_TIMEOUT_MS,
  openPostgresDatabase,
  SERVING_QUERY_TIMEOUT_MS,
} from '../../server/db/postgres-database.ts';
import {
  countRows,
  createPostgresDatabase,
  describePostgres,
  TEST_RATE_LIMIT,
} from './support/backends.ts';
import { TABLE_URL, VALID } from '../support/requests.ts';
import { tcpProxy, type TcpProxy } from './support/tcp-proxy.ts';
import { proofFrom } from '../support/proof.ts';

/**
 * Far longer than any timeout under test (the insert's lock and statement
 * timeouts, the health probe's budget), and the lock or stall lasts until the
 * test ends it: a request still unanswered after this is hanging.
 */
const HANG_BOUND_MS = 20_000;
const HANG = 'no answer: the request hangs';

/** The wall clock's timers, kept before a test fakes them: the bound on a hang is real time. */
const { setTimeout: realSetTimeout, clearTimeout: realClearTimeout } = globalThis;

function answerWithin<T>(work: Promise<T>): Promise<T | typeof HANG> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<typeof HANG>((resolve) => {
    timer = realSetTimeout(() => resolve(HANG), HANG_BOUND_MS);
  });
  return Promise.race([work, bound]).finally(() => realClearTimeout(timer));
}

/**
 * The clients' own bounds on a silent database (their setTimeout) pass on a clock the test moves,
 * until it ends; answerWithin's bound stays real time.
 */
function moveClientClock() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  onTestFinished(() => void vi.useRealTimers());
}

/** A relay in front of the test's database, closed when the test ends. */
async function proxyTo(db: { url: string }): Promise<TcpProxy> {
  const proxy = await tcpProxy(db.url);
  onTestFinished(() => proxy.refuse());
  return proxy;
}

/** Without a proof while the database is stalled (it is refused before any check); with one after. */
const post = (app: FastifyInstance, proof?: string) =>
  app.inject({
    method: 'POST',
    url: TABLE_URL,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ ...VALID, proof }),
  });

/** A migrated database, the app over it (through a proxy, when given), and a second session to lock with. */
async function setUp(options: { poolSize?: number; maxQueued?: number } = {}) {
  const { url, drop } = await createPostgresDatabase();
  onTestFinished(drop);
  const owner = await openDatabase({
    dataDir: '',
    databaseUrl: url,
    rateLimitPerMinute: TEST_RATE_LIMIT,
  });
  onTestFinished(() => owner.close());
  return {
    url,
    owner,
    async app(proxied?: TcpProxy) {
      // As the server opens it (server/start.ts, `serving`).
      const database = await openPostgresDatabase(proxied?.url ?? url, {
        ...options,
        queryTimeoutMs: SERVING_QUERY_TIMEOUT_MS,
      });
      onTestFinished(() => database.close());
      const app = await buildApp({
        database,
        distDir: '/nonexistent',
        rateLimitPerMinute: TEST_RATE_LIMIT,
      });
      onTestFinished(() => app.close());
      return app;
    },
    async lockTable() {
      const locker = new pg.Client({ connectionString: url });
      await locker.connect();
      onTestFinished(() => locker.end());
      await locker.query('begin');
      await locker.query('lock table public.contact_submissions in access exclusive mode');
      return () => locker.query('commit');
    },
  };
}

/** Resolves once a visitor's insert is waiting for a lock: the signal that it is in flight. */
async function insertWaitingForLock(owner: Database) {
  for (;;) {
    const [row] = await owner.query(
      "select count(*)::int as n from pg_stat_activity where application_name = 'contact-site' and wait_event_type = 'Lock'",
    );
    if (Number(row?.n) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describePostgres('a locked or stalled database', () => {
  it('answers a submission 503 with Retry-After while the table is locked, and stores nothing', async () => {
    const db = await setUp();
    const app = await db.app();
    const unlock = await db.lockTable();

    const response = await answerWithin(post(app));
    expect(response).not.toBe(HANG);
    if (response === HANG) return;
    expect(response.statusCode).toBe(503);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(response.json()).toMatchObject({ code: 'PGRST000' });

    await unlock();
    // Given up, not merely late: nothing lands once the lock is gone.
    expect(await countRows(db.owner)).toBe(0);
    expect((await post(app, await proofFrom(app))).statusCode).toBe(201);
    expect(await countRows(db.owner)).toBe(1);
  });

  it('refuses at once, 503, a submission that finds the insert queue full', async () => {
    const db = await setUp({ poolSize: 1, maxQueued: 1 });
    const app = await db.app();
    const unlock = await db.lockTable();

    const inFlight = post(app);
    await insertWaitingForLock(db.owner);
    const queued = post(app);
    const overflowing = post(app);
    // One of the two later ones finds the one slot busy and the queue full; it
    // must not wait for the insert in flight, which the lock still holds up.
    const first = await Promise.race([
      inFlight.then(() => 'the insert in flight'),
      queued.then((response) => response),
      overflowing.then((response) => response),
    ]);
    expect(first).not.toBe('the insert in flight');
    if (typeof first === 'string') return;
    expect(first.statusCode).toBe(503);
    expect(Number(first.headers['retry-after'])).toBeGreaterThan(0);

    await unlock();
    await Promise.all([inFlight, queued, overflowing]);
  });

  it('answers a submission 503 when the database stops answering mid-connection', async () => {
    const db = await setUp();
    const proxy = await proxyTo(db);
    const app = await db.app(proxy);
    expect((await post(app, await proofFrom(app))).statusCode).toBe(201);

    proxy.stall();
    const response = await answerWithin(post(app));
    expect(response).not.toBe(HANG);
    if (response === HANG) return;
    expect(response.statusCode).toBe(503);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(await countRows(db.owner)).toBe(1);
  });

  it('answers the form without JavaScript 503 within the insert’s bound when the database stops answering', async () => {
    const db = await setUp();
    const proxy = await proxyTo(db);
    const app = await db.app(proxy);
    // Leaves an open connection in the pool, as any earlier visitor would.
    expect((await post(app, await proofFrom(app))).statusCode).toBe(201);

    proxy.stall();
    moveClientClock();
    const heard = proxy.heard();
    const sent = app.inject({
      method: 'POST',
      url: '/contact',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...VALID, message: 'Sent during a stall.' }).toString(),
    });
    await heard;
    // The JSON insert's bound (docs/rate-limit.md). Under the limit the form asks the database
    // nothing before its insert (a repeat is looked for only at the limit), so this one wait is
    // its only one: a question first would wait a bound of its own (6 s), and then the insert's.
    await vi.advanceTimersByTimeAsync(INSERT_QUERY_TIMEOUT_MS);
    const response = await answerWithin(sent);
    // Lets a request still waiting end, so the test can.
    if (response === HANG) await proxy.refuse();
    expect(response, 'answered once the insert’s bound had passed').not.toBe(HANG);
    if (response === HANG) return;
    expect(response.statusCode).toBe(503);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(response.body).toContain(nativeFormPageCopy.unavailable.text);
    expect(await countRows(db.owner)).toBe(1);
  });

  it('lets a long transaction of a running server (a migration) take longer than its probes', async () => {
    const db = await setUp();
    // As a server or worker opens it: its long transactions are watched (postgres-connection.ts).
    const database = await openPostgresDatabase(db.url, {
      queryTimeoutMs: SERVING_QUERY_TIMEOUT_MS,
    });
    onTestFinished(() => database.close());
    // Two probes' time: the database answers them, so the work is not cut short.
    const seconds = (2 * LONG_WORK_PROBE_MS) / 1000;
    const slept = database.transaction((session) => session.query(`select pg_sleep(${seconds})`), {
      long: true,
    });
    await expect(slept).resolves.toHaveLength(1);
  });

  it('gives up opening a database that falls silent at its first statement, on the serving bound', async () => {
    const db = await setUp();
    const proxy = await proxyTo(db);
    moveClientClock();
    const stalled = proxy.stallAt('select 1');
    const opened = openPostgresDatabase(proxy.url, {
      queryTimeoutMs: SERVING_QUERY_TIMEOUT_MS,
    }).then(
      (database) => (onTestFinished(() => database.close()), 'opened'),
      (error: unknown) => error,
    );
    await stalled;
    await vi.advanceTimersByTimeAsync(SERVING_QUERY_TIMEOUT_MS);
    expect(await answerWithin(opened)).toBeInstanceOf(DatabaseUnavailableError);
  });

  it('drops a long transaction (a migration) once the database leaves a probe unanswered', async () => {
    const db = await setUp();
    const proxy = await proxyTo(db);
    const database = await openPostgresDatabase(proxy.url, {
      queryTimeoutMs: SERVING_QUERY_TIMEOUT_MS,
    });
    onTestFinished(() => database.close());
    moveClientClock();
    const stalled = proxy.stallAt('pg_sleep');
    const work = database
      .transaction((session) => session.query('select pg_sleep(0)'), { long: true })
      .then(
        () => 'committed',
        (error: unknown) => error,
      );
    await stalled;
    // The next probe asks on a connection of its own, which the silent database never answers.
    await vi.advanceTimersByTimeAsync(LONG_WORK_PROBE_MS);
    await vi.advanceTimersByTimeAsync(SERVING_QUERY_TIMEOUT_MS);
    expect(await answerWithin(work)).toBeInstanceOf(DatabaseUnavailableError);
  });

  it('reports 503 on /healthz when the database stalls, and when it is gone', async () => {
    const db = await setUp();
    const proxy = await proxyTo(db);
    const app = await db.app(proxy);
    expect((await app.inject('/healthz')).statusCode).toBe(200);

    proxy.stall();
    const stalled = await answerWithin(app.inject('/healthz'));
    expect(stalled).not.toBe(HANG);
    if (stalled === HANG) return;
    expect(stalled.statusCode).toBe(503);

    await proxy.refuse();
    const gone = await answerWithin(app.inject('/healthz'));
    expect(gone).not.toBe(HANG);
    if (gone === HANG) return;
    expect(gone.statusCode).toBe(503);
  });
});
