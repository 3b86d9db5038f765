import pg from 'pg';
import { expect, it, onTestFinished, vi } from 'vitest';
import { DatabaseUnavailableError, type Database } from '../../server/db/database.ts';
import { TRY_LOCK_CLAIMS } from '../../server/leads/delivery/outbox-queries.ts';
import { startOutboxWorker } from '../../server/leads/delivery/outbox-worker.ts';
import { openDatabase } from '../../server/db/open-database.ts';
import { openPostgresDatabase } from '../../server/db/postgres-database.ts';
import { insertAsAnon } from './support/as-anon.ts';
import { describePostgres, freshBackend } from './support/backends.ts';
import { spawnServer } from '../support/child-server.ts';
import { SilentRelay, SmtpSink } from '../support/smtp-sink.ts';
import { until } from '../support/until.ts';
import { VALID } from '../support/requests.ts';
import { withProof } from '../support/proof.ts';
import { SERVER_TEST_BUDGET_MS } from '../support/budgets.ts';

// Every test here starts a server process.
vi.setConfig({ testTimeout: SERVER_TEST_BUDGET_MS });

/**
 * PostgreSQL dropping a connection (pg_terminate_backend, a
 * failover, a provider's idle_in_transaction_session_timeout) while the lead
 * worker waits on a relay that never greets must not stop the server, and the
 * lead still goes out once the relay works.
 */

async function admin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Ends every connection the server (application_name contact-site) has open to this database. */
const dropServerConnections = (url: string) =>
  admin(url, (client) =>
    client.query(
      `select pg_terminate_backend(pid, 10000) from pg_stat_activity
       where datname = current_database() and application_name = 'contact-site'`,
    ),
  );

describePostgres('lead delivery when PostgreSQL drops connections', () => {
  it('keeps running through a silent relay and dropped connections, then sends the lead once', async () => {
    const backend = await freshBackend('postgres');
    onTestFinished(() => backend.dispose());
    const url = backend.options.databaseUrl!;
    // What some providers set: a session idle inside a transaction for 1 s is killed.
    await admin(url, (client) =>
      client.query(
        `alter database ${new URL(url).pathname.slice(1)} set idle_in_transaction_session_timeout = '1s'`,
      ),
    );
    const relay = await SilentRelay.start();
    onTestFinished(() => relay.release().catch(() => {}));
    const server = await spawnServer({
      DATABASE_URL: url,
      SMTP_URL: relay.url,
      NOTIFY_EMAIL: 'leads@agency.example',
    });
    const child = server.child;
    onTestFinished(() => void child.kill('SIGKILL'));

    const posted = await fetch(`${server.url}/rest/v1/contact_submissions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(await withProof(server.url, VALID)),
    });
    expect(posted.status).toBe(201);
    // The worker is mid-send, waiting for a greeting that never comes.
    await until(() => relay.sockets.size > 0, 20_000, 'the worker to connect to the relay');
    await dropServerConnections(url);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

    // The relay starts working on the same port.
    const port = relay.port;
    await relay.release();
    const sink = await SmtpSink.start(port);
    onTestFinished(() => sink.down());
    await sink.waitFor(1, 60_000);
    await until(
      async () =>
        (
          await admin(url, (client) =>
            client.query('select 1 from lead_outbox where sent_at is not null'),
          )
        ).rowCount === 1,
      20_000,
      'the lead to be marked sent',
    );
    expect(child.exitCode).toBeNull();
    expect(child.signalCode).toBeNull();
    expect(sink.received).toHaveLength(1);
  });

  it('turns a connection lost while checked out into a failed call, not a crash', async () => {
    const backend = await freshBackend('postgres');
    onTestFinished(() => backend.dispose());
    const url = backend.options.databaseUrl!;
    const db = await openPostgresDatabase(url);
    onTestFinished(() => db.close());
    // Which client the session's queries run on: the test waits for that client to end.
    const queries = vi.spyOn(pg.Client.prototype, 'query');
    onTestFinished(() => queries.mockRestore());

    const work = db.transaction(async (session) => {
      const [row] = await session.query('select pg_backend_pid() as pid');
      const checkedOut = queries.mock.contexts.at(-1) as pg.Client;
      const ended = new Promise((resolve) => checkedOut.once('end', resolve));
      await admin(url, (client) =>
        client.query('select pg_terminate_backend($1, 10000)', [row!.pid]),
      );
      // The client has read the server's goodbye, while no query of ours was running.
      await ended;
      return session.query('select 1');
    });
    await expect(work).rejects.toBeInstanceOf(DatabaseUnavailableError);
    expect(await db.query('select 1 as one')).toEqual([{ one: 1 }]);
  });
});

describePostgres('lead delivery while another session holds the claim lock', () => {
  it('never waits on a claim lock another session holds: it stops at once, and sends once it is free', async () => {
    const backend = await freshBackend('postgres');
    onTestFinished(() => backend.dispose());
    const url = backend.options.databaseUrl!;
    const db = await openDatabase(backend.options);
    onTestFinished(() => db.close());
    await insertAsAnon(db, VALID);
    const sent: string[] = [];
    const mailer = {
      send: async (lead: { name: string }) => void sent.push(lead.name),
      sendSummary: async () => {},
    };
    const log = { info: () => {}, warn: () => {} };

    // A worker stuck inside its claim transaction, as a hung process would be.
    const stuck = new pg.Client({ connectionString: url });
    await stuck.connect();
    onTestFinished(() => stuck.end());
    await stuck.query('begin');
    await stuck.query(TRY_LOCK_CLAIMS);

    // The worker's tries of the claim lock, as the database it is given sees them: a try is a
    // moment too short for pg_stat_activity to be caught showing it on a busy machine.
    let claimTries = 0;
    const counted = (sql: string) => {
      if (sql.includes('lead_outbox claims')) claimTries++;
    };
    const watched: Database = {
      kind: db.kind,
      location: db.location,
      insertSubmission: (row, context) => db.insertSubmission(row, context),
      close: () => db.close(),
      query: (sql, params) => (counted(sql), db.query(sql, params)),
      transaction: (work) =>
        db.transaction((session) =>
          work({
            query: (sql, params) => (counted(sql), session.query(sql, params)),
            exec: (sql) => (counted(sql), session.exec(sql)),
          }),
        ),
    };
    const worker = startOutboxWorker({ database: watched, mailer, log, pollMs: 20 });
    onTestFinished(() => worker.stop());
    await until(() => claimTries > 0, 20_000, 'the worker to try the claim lock');
    // Waiting on the lock, it would never finish its round: stopping would hang.
    await worker.stop();
    expect(sent).toEqual([]);

    await stuck.query('rollback');
    const next = startOutboxWorker({ database: db, mailer, log, pollMs: 20 });
    onTestFinished(() => next.stop());
    await next.drained();
    expect(sent).toEqual([VALID.name]);
  });
});
