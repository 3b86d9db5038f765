import pg from 'pg';
import { expect, it, onTestFinished, vi } from 'vitest';
import { openDatabase } from '../../server/db/open-database.ts';
import { TEST_PROOF_OF_WORK } from '../support/proof.ts';
import { uniqueSubmission } from '../support/submission.ts';
import { until } from '../support/until.ts';
import { insertAsAnon } from './support/as-anon.ts';
import { createPostgresDatabase, describePostgres } from './support/backends.ts';

/**
 * The insert's triggers notify only while a listener of ours says it listens
 * (supabase/schemas/05_listeners.sql): a NOTIFY nobody hears makes PostgreSQL
 * commit the notifying transactions one at a time. A bystander LISTENs on the
 * channels without saying so, as Supabase Realtime never does: it hears only
 * what the triggers send for our listeners.
 */

const CHANNELS = ['realtime', 'lead_push'];
/** Sent after each insert: notifications arrive in commit order, so the insert's come first. */
const SENTINEL = 'sentinel';

async function setUp() {
  const { url, drop } = await createPostgresDatabase();
  onTestFinished(drop);
  const database = await openDatabase({
    dataDir: '',
    databaseUrl: url,
    proofOfWork: TEST_PROOF_OF_WORK,
  });
  onTestFinished(() => database.close());
  // A push device, so a lead queues a push and its trigger may notify lead_push.
  await database.query(`insert into app_private.inbox_members (email) values ('a@example.co.uk')`);
  await database.query(
    `insert into public.push_devices (member, endpoint, browser)
     values ('a@example.co.uk', 'https://push.example.com/d1', 'Firefox')`,
  );
  const bystander = new pg.Client({ connectionString: url });
  await bystander.connect();
  onTestFinished(() => bystander.end());
  const heard: string[] = [];
  bystander.on('notification', (n) => heard.push(n.channel));
  for (const channel of CHANNELS) await bystander.query(`listen ${channel}`);

  /** The channels an insert as anon notified, told apart from later ones by the sentinel. */
  const insertHeard = async () => {
    heard.length = 0;
    await insertAsAnon(database, uniqueSubmission('notify'));
    for (const channel of CHANNELS) await database.query(`notify ${channel}, '${SENTINEL}'`);
    await until(
      async () => heard.length,
      10_000,
      'the sentinels',
      () => heard.slice(-CHANNELS.length).join() === CHANNELS.join(),
    );
    // One channel may be notified more than once (a row and what it writes beside it).
    return [...new Set(heard.slice(0, -CHANNELS.length))].sort();
  };
  return { database, insertHeard };
}

type Database = Awaited<ReturnType<typeof openDatabase>>;

/** Our listener on every channel, as the server's loops listen. */
async function listenOnEvery(database: Database) {
  for (const channel of CHANNELS) {
    const stop = await database.listen!(channel, () => {});
    onTestFinished(stop);
  }
}

/** As if our listeners last said they listen `ago` (an interval) ago. */
const lastSaid = (database: Database, ago: string) =>
  database.query(`update app_private.listeners set seen_at = pg_catalog.now() - $1::interval`, [
    ago,
  ]);

describePostgres('NOTIFY only while a listener of ours listens', () => {
  it('notifies nothing with no listener of ours, and each channel once one listens', async () => {
    const { database, insertHeard } = await setUp();
    expect(await insertHeard()).toEqual([]);

    await listenOnEvery(database);
    expect(await insertHeard()).toEqual(['lead_push', 'realtime']);
  });

  it('stops notifying once a listener has not said so for over 2 minutes', async () => {
    const { database, insertHeard } = await setUp();
    await listenOnEvery(database);
    // Far either side of the 2 minutes: no slow moment between the update and the insert moves it.
    await lastSaid(database, '1 hour');
    expect(await insertHeard()).toEqual([]);
    await lastSaid(database, '30 seconds');
    expect(await insertHeard()).toEqual(['lead_push', 'realtime']);
  });

  it('keeps notifying a listener that lives past 2 minutes: it says it listens every 30 s', async () => {
    // Only the heartbeat's interval is moved; the database and its sockets keep real time.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const { database, insertHeard } = await setUp();
    await listenOnEvery(database);
    await lastSaid(database, '1 hour');
    expect(await insertHeard()).toEqual([]);

    vi.advanceTimersByTime(30_000);
    await until(
      async () =>
        database.query(
          `select count(*)::int as fresh from app_private.listeners
           where seen_at > pg_catalog.now() - interval '1 minute'`,
        ),
      10_000,
      'the heartbeat of each channel',
      (rows) => rows[0]!.fresh === CHANNELS.length,
    );
    expect(await insertHeard()).toEqual(['lead_push', 'realtime']);
  });
});
