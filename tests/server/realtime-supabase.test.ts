import pg from 'pg';
import { expect, it, onTestFinished } from 'vitest';
import { REALTIME_TABLES } from '../../shared/realtime.ts';
import { startServer } from '../../server/start.ts';
import { SmtpSink } from '../support/smtp-sink.ts';
import { TEST_PROOF_OF_WORK } from '../support/proof.ts';
import { until } from '../support/until.ts';
import { createPostgresDatabase, describePostgres, emptyDataDir } from './support/backends.ts';
import { inboxServerOptions, OWNER, storeLead } from './support/inbox.ts';
import { listen, tokenFor } from './support/realtime.ts';
import { SUPABASE_PREPARATION, supabaseSignIn } from './support/supabase-shaped.ts';

/** Patience for a busy machine, not the inbox's promise. */
const HEARD_MS = 5_000;

/**
 * A PostgreSQL prepared as hosted Supabase is (its auth schema, Supabase
 * Auth's sessions, the empty supabase_realtime publication) and migrated:
 * hosted Realtime serves the live tables from the publication, and our server
 * serves them too, with Supabase Auth's sessions deciding who hears.
 */
describePostgres('Realtime on a Supabase-shaped PostgreSQL', () => {
  it('puts the live tables in supabase_realtime, and ends hearing with the Supabase Auth session', async () => {
    const database = await createPostgresDatabase();
    onTestFinished(() => database.drop());
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    onTestFinished(() => client.end());
    await client.query(`${SUPABASE_PREPARATION}; create publication supabase_realtime`);
    const sink = await SmtpSink.start();
    onTestFinished(() => sink.down());
    const { dataDir, remove } = emptyDataDir();
    onTestFinished(remove);
    const backend = {
      kind: 'postgres' as const,
      options: { dataDir, databaseUrl: database.url, proofOfWork: TEST_PROOF_OF_WORK },
      dispose: async () => {},
    };
    const server = await startServer({ ...inboxServerOptions(backend, sink), listen: true });
    onTestFinished(() => server.close());

    const published = await client.query(
      `select tablename from pg_publication_tables
       where pubname = 'supabase_realtime' and schemaname = 'public' order by tablename`,
    );
    expect(published.rows.map((row: { tablename: string }) => row.tablename)).toEqual(
      Object.keys(REALTIME_TABLES).sort(),
    );

    const laptop = await supabaseSignIn(client, OWNER);
    const phone = await supabaseSignIn(client, OWNER);
    const onLaptop = await listen(server.url, await tokenFor(server, { ...laptop }));
    onTestFinished(() => onLaptop.close());
    const onPhone = await listen(server.url, await tokenFor(server, { ...phone }));
    onTestFinished(() => onPhone.close());
    const lead = () =>
      storeLead(server, { name: 'Ada', email: 'ada@example.co.uk', message: 'Hello there' });

    const first = await lead();
    await until(() => onLaptop.heardRow('contact_submissions', first), HEARD_MS, 'a lead');
    // Supabase Auth's sign-out of one device (scope local) deletes its session row.
    await client.query('delete from auth.sessions where id = $1', [laptop.session_id]);
    const second = await lead();
    await until(() => onPhone.heardRow('contact_submissions', second), HEARD_MS, 'the phone');
    const marker = await lead();
    await until(() => onPhone.heardRow('contact_submissions', marker), HEARD_MS, 'a later lead');
    expect(onLaptop.heardRow('contact_submissions', second)).toBe(false);
  }, 60_000);
});
