import { spawn } from 'node:child_process';
import { onTestFinished } from 'vitest';
import { openDatabase } from '../../../server/db/open-database.ts';
import { submissionReference } from '../../../shared/reference.ts';
import { BUILT } from '../../support/built.ts';
import { captured, childEnv, exited } from '../../support/child-server.ts';
import { proofFrom } from '../../support/proof.ts';
import { VALID } from '../../support/requests.ts';
import { SmtpSink } from '../../support/smtp-sink.ts';
import { freshBackend, type Backend } from './backends.ts';

/**
 * `npm run worker` with no server of ours taking the submissions (a static site posting to hosted
 * Supabase): a fresh PostgreSQL holding a lead for each name, inserted by anon straight in SQL as
 * PostgREST would; a relay; the worker's environment; and the subject each lead's email carries.
 */
export async function leadsWaiting(names: string[]) {
  const backend: Backend = await freshBackend('postgres');
  onTestFinished(() => backend.dispose());
  const db = await openDatabase(backend.options);
  // Each from its own visitor, as PostgREST tells the database (request.headers), so the
  // per-address rate limit counts them apart.
  for (const [i, name] of names.entries()) {
    const proof = await proofFrom(db);
    await db.transaction(async (session) => {
      await session.exec('set local role anon');
      await session.query("select set_config('request.headers', $1, true)", [
        JSON.stringify({ 'cf-connecting-ip': `203.0.113.${i + 1}` }),
      ]);
      await session.query(
        'insert into contact_submissions (name, email, message, proof) values ($1, $2, $3, $4)',
        [name, VALID.email, VALID.message, proof],
      );
    });
  }
  // The subject each lead's email carries: its name and its reference (docs/product.md#exactly-once).
  const rows = await db.query(
    'select name, submission_key::text as key from contact_submissions order by name',
  );
  const expectedSubjects = rows
    .map((row) => `New enquiry from ${String(row.name)} (${submissionReference(String(row.key))})`)
    .sort();
  // This week's digest went out already. The worker runs on the real clock, and from Monday
  // 08:00 London its lead clocks send the weekly digest (docs/lead-clocks.md), which would join
  // the lead emails counted here one day a week.
  await db.query(
    `insert into app_private.weekly_digests (week_of, sent_at)
     values (date_trunc('week', now() at time zone 'Europe/London')::date, now())`,
  );
  await db.close();
  const sink = await SmtpSink.start();
  onTestFinished(() => sink.down());
  const env = childEnv({
    DATABASE_URL: backend.options.databaseUrl!,
    SMTP_URL: sink.url,
    NOTIFY_EMAIL: 'leads@agency.example',
  });
  return { sink, env, expectedSubjects, backend };
}

/** A process of the test's, killed when the test ends; its exit code and what it wrote. */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  onTestFinished(() => void child.kill('SIGKILL'));
  const written = captured(child);
  return { child, exit: exited(child), output: () => written.both };
}

export const onceWorker = (env: NodeJS.ProcessEnv) =>
  run(process.execPath, [BUILT.worker, '--once'], env);

/** The subjects of the emails the relay kept, sorted. */
export const subjects = (sink: SmtpSink) =>
  sink.received.map((mail) => mail.header('subject')).sort();

/** The name each email the relay kept is about, sorted. */
export const emailedNames = (sink: SmtpSink) =>
  subjects(sink).map((subject) => /^New enquiry from (\w+)/.exec(String(subject))?.[1]);

/** Each lead's email, by name: marked sent, and leased to a worker (claimed, its lease running). */
export async function outbox(backend: Backend) {
  const db = await openDatabase({ ...backend.options, migrate: false });
  try {
    return await db.query(
      `select s.name, o.sent_at is not null as sent, coalesce(o.locked_until > now(), false) as leased
       from lead_outbox o join contact_submissions s on s.id = o.submission_id order by s.name`,
    );
  } finally {
    await db.close();
  }
}
