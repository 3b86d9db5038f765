import { spawn } from 'node:child_process';
import pg from 'pg';
import { expect, it, onTestFinished } from 'vitest';
import { openDatabase } from '../../server/db/open-database.ts';
import { startServer, type RunningServer } from '../../server/start.ts';
import { childEnv } from '../support/child-server.ts';
import { proofFrom } from '../support/proof.ts';
import { LocalPushService } from '../support/push-service.ts';
import { SmtpSink } from '../support/smtp-sink.ts';
import { until } from '../support/until.ts';
import { VALID } from '../support/requests.ts';
import { createPostgresDatabase, describePostgres, emptyDataDir } from './support/backends.ts';
import { insertAsAnon } from './support/as-anon.ts';
import { storeLead, type InboxServer } from './support/inbox.ts';
import { addDevice, PARTNER, PUSH_WITHIN_MS, startPushInbox } from './support/push-inbox.ts';
import { SUPABASE_PREPARATION, supabaseSignIn } from './support/supabase-shaped.ts';
import { BUILT } from '../support/built.ts';

/**
 * Pushes with several senders on one database: each lead once per device
 * however many instances claim, each signed with the one stored VAPID key (and
 * still that key after a restart), and `npm run worker` alone where hosted
 * Supabase stores the leads (no server of ours).
 */

/** Nothing queued is left to try: each push sent, or refused for good (a 403 is). */
async function everyPushTried(server: RunningServer) {
  await until(
    async () =>
      (
        await server.query(
          `select count(*)::int as n from app_private.push_queue
           where sent_at is null and failed_at is null and collapsed_at is null`,
        )
      )[0]!.n,
    30_000,
    'every push tried',
    (n) => n === 0,
  );
}

/** Another instance of the same deployment on `inbox`'s database, pushing to `service`. */
function anotherInstance(inbox: InboxServer, service: LocalPushService) {
  return startServer({
    ...inbox.backend.options,
    listen: false,
    port: 0,
    distDir: '/nonexistent',
    notifyEmail: 'agency@example.co.uk',
    smtpUrl: inbox.sink.url,
    // The same settings as the first, as every instance of one deployment has.
    webPushHosts: [service.host],
    pushCa: service.ca,
    pushPollMs: 100,
  });
}

/** The ids of the leads `device` was pushed, in order. */
const leadsPushedTo = (service: LocalPushService, device: string) =>
  service
    .pushesTo(device)
    .map((push) => Number(push.payload.leadId))
    .sort((a, b) => a - b);

// The push service refuses (403) a push signed with another key than the device subscribed
// with, as real ones do: each instance, and each start, must sign with the one stored key.
describePostgres('alerts: several instances', () => {
  it('three instances push each lead to each device once, each with the key the devices subscribed with', async () => {
    const first = await startPushInbox('postgres');
    onTestFinished(() => first.close());
    const { service, inbox } = first;
    const others = await Promise.all([1, 2].map(() => anotherInstance(inbox, service)));
    onTestFinished(async () => void (await Promise.all(others.map((other) => other.close()))));
    const devices = [
      await addDevice(first.owner, service),
      await addDevice(first.owner, service),
      await addDevice(first.partner, service),
    ];
    const ids: number[] = [];
    for (let i = 0; i < 9; i++)
      ids.push(await storeLead(inbox.server, { ...VALID, name: `L${i}` }));
    await everyPushTried(inbox.server);
    expect(service.problems).toEqual([]);
    for (const device of devices) expect(leadsPushedTo(service, device.id)).toEqual(ids);
  }, 120_000);

  it('a server restarted on the same database pushes with the key the devices subscribed with', async () => {
    const first = await startPushInbox('postgres');
    onTestFinished(() => first.close());
    const { service, inbox } = first;
    const device = await addDevice(first.owner, service);
    const before = await storeLead(inbox.server, { ...VALID, name: 'Before the restart' });
    await everyPushTried(inbox.server);

    await inbox.server.close();
    const restarted = await anotherInstance(inbox, service);
    onTestFinished(() => restarted.close());
    const after = await storeLead(restarted, { ...VALID, name: 'After the restart' });
    await everyPushTried(restarted);
    expect(service.problems).toEqual([]);
    expect(leadsPushedTo(service, device.id)).toEqual([before, after]);
  }, 120_000);

  it('a server started after leads were stored while no worker listened pushes them', async () => {
    const first = await startPushInbox('postgres');
    onTestFinished(() => first.close());
    const { service, inbox } = first;
    const device = await addDevice(first.owner, service);
    await inbox.server.close();
    // No worker of ours has said it listens for over 2 minutes: the lead's insert notifies no one.
    const db = await openDatabase(inbox.backend.options);
    onTestFinished(() => db.close());
    await db.query(`update app_private.listeners set seen_at = now() - interval '1 hour'`);
    await insertAsAnon(db, { ...VALID, name: 'While nobody listened' });
    const [lead] = await db.query(
      `select id from contact_submissions where name = 'While nobody listened'`,
    );

    const restarted = await anotherInstance(inbox, service);
    onTestFinished(() => restarted.close());
    await everyPushTried(restarted);
    expect(leadsPushedTo(service, device.id)).toEqual([Number(lead!.id)]);
  }, 120_000);
});

describePostgres('alerts: npm run worker over a Supabase-shaped database', () => {
  it('pushes a lead PostgREST stored as anon within 10 s', async () => {
    const database = await createPostgresDatabase();
    onTestFinished(() => database.drop());
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    onTestFinished(() => client.end());
    await client.query(SUPABASE_PREPARATION);
    const { dataDir, remove } = emptyDataDir();
    onTestFinished(remove);
    const db = await openDatabase({ dataDir, databaseUrl: database.url });
    onTestFinished(() => db.close());
    const service = await LocalPushService.start();
    onTestFinished(() => service.close());
    const sink = await SmtpSink.start();
    onTestFinished(() => sink.down());

    const worker = spawn(process.execPath, [BUILT.worker], {
      env: childEnv({
        DATABASE_URL: database.url,
        SMTP_URL: sink.url,
        NOTIFY_EMAIL: 'leads@agency.example',
        WEB_PUSH_HOSTS: service.host,
        NODE_EXTRA_CA_CERTS: service.caFile,
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    onTestFinished(() => void worker.kill('SIGKILL'));
    let output = '';
    worker.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    worker.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await until(() => /Lead worker \(pid \d+\)/.test(output), 60_000, 'the worker to start');

    // The member turns alerts on once the worker has written WEB_PUSH_HOSTS.
    await client.query('insert into app_private.inbox_members (email) values ($1)', [PARTNER]);
    const partner = await supabaseSignIn(client, PARTNER);
    // As PostgREST runs the member's requests on hosted Supabase: their role and claims.
    await client.query('begin');
    await client.query("select set_config('request.jwt.claims', $1, true)", [
      JSON.stringify(partner),
    ]);
    await client.query('set local role authenticated');
    const [{ key }] = (await client.query('select public.inbox_push_key() as key')).rows;
    const device = service.subscribe(String(key));
    await client.query('select public.inbox_add_push_device($1, $2, $3, $4)', [
      device.endpoint,
      device.keys.p256dh,
      device.keys.auth,
      'Safari on iPhone',
    ]);
    await client.query('commit');

    const proof = await proofFrom(db);
    const stored = performance.now();
    await db.transaction(async (session) => {
      await session.exec('set local role anon');
      await session.query(
        'insert into contact_submissions (name, email, message, proof) values ($1, $2, $3, $4)',
        [VALID.name, VALID.email, VALID.message, proof],
      );
    });
    const push = await until(
      () => service.pushesTo(device.id)[0],
      PUSH_WITHIN_MS,
      'the lead’s push',
      (found) => found !== undefined,
    ).catch((error: Error) => {
      throw new Error(`${error.message}\nworker output:\n${output}`);
    });
    expect(push!.at - stored).toBeLessThan(PUSH_WITHIN_MS);
    expect(push!.payload).toMatchObject({ kind: 'lead', name: VALID.name });
    expect(push!.claims.sub).toBe('mailto:leads@agency.example');
    expect(service.problems).toEqual([]);
  }, 120_000);
});
