import { expect, it, onTestFinished } from 'vitest';
import { openDatabase } from '../../server/db/open-database.ts';
import { describePostgres } from './support/backends.ts';
import { leadsWaiting, onceWorker, run, subjects } from './support/lead-worker.ts';
import { WEBHOOK_SECRET, WebhookReceiver } from '../support/webhook-receiver.ts';
import { until } from '../support/until.ts';
import { VALID } from '../support/requests.ts';
import { proofFrom } from '../support/proof.ts';
import { submissionReference } from '../../shared/reference.ts';

/**
 * `npm run worker` emails leads with no server of ours taking the
 * submissions (a static site posting to hosted Supabase): rows inserted by
 * anon straight in SQL, as PostgREST would, are each emailed exactly once.
 * When the database goes away mid-run: worker-database-loss.test.ts.
 */

describePostgres('npm run worker', () => {
  it('--once emails each row anon inserted once, then exits 0', async () => {
    const { sink, env, expectedSubjects } = await leadsWaiting(['Ann', 'Bob', 'Cat']);
    expect(expectedSubjects).toHaveLength(3);
    const worker = onceWorker(env);
    expect(await worker.exit, worker.output()).toBe(0);
    expect(subjects(sink)).toEqual(expectedSubjects);
    // A second run finds nothing due and sends nothing more.
    expect(await onceWorker(env).exit).toBe(0);
    expect(sink.received).toHaveLength(3);
  }, 120_000);

  it('--once sends a reply a member stored on hosted Supabase, and the lead is Replied', async () => {
    const { sink, env, backend } = await leadsWaiting(['Dee']);
    const db = await openDatabase(backend.options);
    onTestFinished(() => db.close());
    const [lead] = await db.query(
      'select id, submission_key::text as key from contact_submissions',
    );
    // As inbox_send_reply stores one (its checks are tested in lead-replies-hostile.test.ts).
    await db.query(
      `insert into public.lead_replies (submission_id, author, body) values ($1, $2, 'Hi Dee')`,
      [lead!.id, 'owner@agency.example'],
    );
    const worker = onceWorker(env);
    expect(await worker.exit, worker.output()).toBe(0);
    const reply = sink.received.filter((mail) =>
      mail.envelopeTo.includes(VALID.email.toLowerCase()),
    );
    expect(reply.map((mail) => mail.header('subject'))).toEqual([
      `Re: your enquiry ${submissionReference(String(lead!.key))}`,
    ]);
    const [answered] = await db.query(
      'select status, reply_method from contact_submissions where id = $1',
      [lead!.id],
    );
    expect(answered).toEqual({ status: 'replied', reply_method: 'email' });
  }, 120_000);

  it('two workers together send each lead once', async () => {
    const names = Array.from({ length: 12 }, (_, i) => `Lead ${String(i).padStart(2, '0')}`);
    const { sink, env, expectedSubjects } = await leadsWaiting(names);
    expect(expectedSubjects).toHaveLength(12);
    const [a, b] = [onceWorker(env), onceWorker(env)];
    expect([await a.exit, await b.exit]).toEqual([0, 0]);
    expect(subjects(sink)).toEqual(expectedSubjects);
  }, 120_000);

  it('--once posts a lead anon inserted to the webhook, signed, beside the email', async () => {
    const { sink, env } = await leadsWaiting([]);
    const receiver = await WebhookReceiver.start();
    onTestFinished(() => receiver.close());
    const withHook = { ...env, WEBHOOK_URL: receiver.url, WEBHOOK_SECRET };
    // The first run switches the webhook on in the database; leads from then on are posted.
    expect(await onceWorker(withHook).exit).toBe(0);
    const db = await openDatabase({ dataDir: '', databaseUrl: env.DATABASE_URL });
    const proof = await proofFrom(db);
    await db.transaction(async (session) => {
      await session.exec('set local role anon');
      await session.query("select set_config('request.headers', $1, true)", [
        JSON.stringify({ 'cf-connecting-ip': '203.0.113.9' }),
      ]);
      await session.query(
        'insert into contact_submissions (name, email, message, proof) values ($1, $2, $3, $4)',
        [VALID.name, VALID.email, VALID.message, proof],
      );
    });
    const [{ key }] = (await db.query(
      'select submission_key::text as key from contact_submissions',
    )) as [{ key: string }];
    await db.close();
    const worker = onceWorker(withHook);
    expect(await worker.exit, worker.output()).toBe(0);
    expect(receiver.verified.map((hook) => hook.event?.data.name)).toEqual([VALID.name]);
    expect(receiver.verified[0]!.event?.data.reference).toBe(submissionReference(key));
    expect(sink.received).toHaveLength(1);
    expect(worker.output()).not.toContain(VALID.email);
  }, 120_000);

  it('stops cleanly when SIGTERM reaches npm alone, leaving no process behind', async () => {
    const { env } = await leadsWaiting([]);
    const npm = run('npm', ['run', '--silent', 'worker'], env);
    await until(() => /Lead worker \(pid \d+\)/.test(npm.output()), 60_000, 'the worker to start');
    const pid = Number(/Lead worker \(pid (\d+)\)/.exec(npm.output())![1]);
    npm.child.kill('SIGTERM');
    // The script execs node, so npm passes the signal to the worker itself, waits for
    // it, and exits with its code: 0 after a clean stop (143 meant an orphaned worker).
    expect(await npm.exit).toBe(0);
    expect(npm.output()).toContain('Stopped cleanly.');
    expect(isRunning(pid)).toBe(false);
  }, 120_000);
});

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
