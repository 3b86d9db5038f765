import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it, onTestFinished } from 'vitest';
import { startServer, type RunningServer } from '../../server/start.ts';
import type { Database } from '../../server/db/database.ts';
import { openDatabase } from '../../server/db/open-database.ts';
import { createBackup, parseBackup, restoreBackup } from '../../server/leads/backup.ts';
import {
  createPostgresDatabase,
  describeEachBackend,
  emptyDataDir,
  envFor,
  freshBackend,
} from './support/backends.ts';
import { TABLE_URL, VALID } from '../support/requests.ts';
import type { BackendKind } from '../support/backend-kind.ts';
import { withProof } from '../support/proof.ts';
import { HELD_PITCH } from '../support/submission.ts';
import { until } from '../support/until.ts';
import { BUILT } from '../support/built.ts';
import { finished } from '../support/child-server.ts';

/** `npm run backup` / `npm run restore`'s script, as an operator runs it. */
async function backupCli(args: string[], where: Record<string, string>) {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, [BUILT.backup, ...args], {
    env: { ...env, ...where },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const { code, stdout, stderr } = await finished(child);
  return { code, stdout, stderr };
}

/** A place to restore into that has never held data: a new directory or a new database. */
async function emptyTarget(kind: BackendKind): Promise<Record<string, string>> {
  if (kind === 'embedded') {
    const { dataDir, remove } = emptyDataDir();
    onTestFinished(remove);
    return { DATA_DIR: join(dataDir, 'restored') };
  }
  const { url, drop } = await createPostgresDatabase();
  onTestFinished(drop);
  return { DATABASE_URL: url };
}

const snapshot = async (server: RunningServer) => ({
  submissions: await server.query('select * from contact_submissions order by id'),
  outbox: await server.query('select * from lead_outbox order by submission_id'),
  webhooks: await server.query('select * from lead_webhooks order by submission_id'),
  summaries: await server.query('select * from lead_summaries order by id'),
});

// per backend: PGlite's data directory and PostgreSQL's dump are backed up and restored by different code.
describeEachBackend('backup and restore', (kind) => {
  it('give back every submission and every email, summary and webhook delivery, sent or pending', async () => {
    const backend = await freshBackend(kind);
    onTestFinished(() => backend.dispose());
    const where = envFor(backend);
    const source = await startServer({ port: 0, ...backend.options, distDir: '/nonexistent' });
    let sourceOpen = true;
    onTestFinished(() => (sourceOpen ? source.close() : undefined));
    // The webhook channel on, as a server with WEBHOOK_URL leaves it, but with no worker
    // posting: every lead below gets a webhook delivery that stays as this test sets it.
    await source.query(`insert into app_private.lead_channels (channel) values ('webhook')`);
    for (const name of ['Ann', 'Bob', 'Cat']) {
      const response = await fetch(`${source.url}${TABLE_URL}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(await withProof(source.url, { ...VALID, name })),
      });
      expect(response.status).toBe(201);
    }
    // One lead emailed, one failing to send, one waiting: each must come back as it was.
    await source.query(`update lead_outbox set sent_at = now()
      where submission_id = (select id from contact_submissions where name = 'Ann')`);
    await source.query(`update lead_outbox set attempts = 2, last_error = 'relay down'
      where submission_id = (select id from contact_submissions where name = 'Bob')`);
    // Cat went out in a summary email; Ann's webhook was posted (its webhook-id must survive,
    // or a receiver that drops repeats would take a retry for a new lead).
    await source.query(`with summary as (
        insert into lead_summaries (sent_at, leads, held_as_spam) values (now(), 1, 4) returning id)
      update lead_outbox set sent_at = now(), summary_id = (select id from summary)
      where submission_id = (select id from contact_submissions where name = 'Cat')`);
    await source.query(`update lead_webhooks set sent_at = now(), attempts = 1
      where submission_id = (select id from contact_submissions where name = 'Ann')`);
    // The server's clocks give each lead its deadlines a moment after it is stored: the
    // snapshot is of the leads as they then stay (docs/lead-clocks.md).
    await until(
      async () =>
        (await source.query('select 1 from contact_submissions where reply_due is null')).length ===
        0,
      30_000,
      'every lead’s deadlines',
    );
    // Each keeps its spam verdict, not one the restore's inserts would score again: Bob was held
    // as a blast and released by "Not spam", Cat marked "Spam" by a member.
    await source.query(`update contact_submissions set spam_score = 5, spam_reasons = '{blast:2}'
      where name = 'Bob'`);
    await source.query(`update contact_submissions set suspected_spam = true,
      spam_reasons = '{marked}' where name = 'Cat'`);
    const before = await snapshot(source);

    if (kind === 'embedded') {
      // Only the server's own process may open the embedded database.
      const refused = await backupCli(['backup'], where);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('stop it, back up, start it again');
      await source.close();
      sourceOpen = false;
    }
    // PostgreSQL: taken while the server runs.
    const backup = await backupCli(['backup'], where);
    expect(backup.code, backup.stderr).toBe(0);
    const file = join(backend.options.dataDir, '..', `backup-${Date.now()}.json`);
    writeFileSync(file, backup.stdout);
    onTestFinished(() => import('node:fs').then(({ rmSync }) => rmSync(file, { force: true })));

    const target = await emptyTarget(kind);
    const restored = await backupCli(['restore', file], target);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stderr).toContain(
      'Restored 3 contact_submissions, 1 lead_summaries, 3 lead_outbox, 3 lead_webhooks',
    );

    const options = target.DATABASE_URL
      ? { databaseUrl: target.DATABASE_URL }
      : { dataDir: target.DATA_DIR };
    const after = await startServer({ port: 0, ...options, distDir: '/nonexistent' });
    onTestFinished(() => after.close());
    expect(await snapshot(after)).toEqual(before);
    // The next visitor's submission gets a new id, after the restored ones.
    const next = await fetch(`${after.url}${TABLE_URL}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(await withProof(after.url, { ...VALID, name: 'Dan' })),
    });
    expect(next.status).toBe(201);
    const [dan] = await after.query(`select id from contact_submissions where name = 'Dan'`);
    const maxBefore = Math.max(...before.submissions.map((row) => Number(row.id)));
    expect(Number(dan?.id)).toBeGreaterThan(maxBefore);
    // Three command-line runs and three database opens: slow on a loaded 2-core machine.
  }, 240_000);
});

/** The inbox's work on the leads, table by table, as a restore must give it back. */
const INBOX_WORK = [
  'public.lead_notes',
  'public.lead_activity',
  'public.lead_attention',
  'public.lead_reads',
  'public.lead_replies',
  'app_private.lead_reminders',
  'app_private.inbox_members',
  'app_private.inbox_removed_members',
  'app_private.spam_marks',
  'app_private.spam_tokens',
  'app_private.spam_model',
];
const inboxWork = async (db: Database) =>
  Object.fromEntries(
    await Promise.all(
      INBOX_WORK.map(async (table) => [
        table,
        await db.query(`select * from ${table} order by 1, 2`),
      ]),
    ),
  );

// In this process, so the restore's own code is measured: the script above runs it in a child.
// On each backend: bigints come back as strings from pg and as numbers or BigInts from PGlite.
describeEachBackend('a restore in this process', (kind) => {
  it('keeps each lead’s spam verdict and the inbox’s work; refuses a file that is not a backup, and a database that holds leads', async () => {
    const source = await freshBackend(kind);
    onTestFinished(() => source.dispose());
    const target = await freshBackend(kind);
    onTestFinished(() => target.dispose());
    const from = await openDatabase(source.options);
    onTestFinished(() => from.close());
    for (const name of ['Released', 'Marked', 'Real']) {
      await from.query(
        'insert into contact_submissions (name, email, message) values ($1, $2, $3)',
        [name, `${name.toLowerCase()}@example.co.uk`, VALID.message],
      );
    }
    await from.query(`update contact_submissions set spam_score = 5, spam_reasons = '{blast:2}'
      where name = 'Released'`);
    await from.query(`update contact_submissions set suspected_spam = true,
      spam_reasons = '{marked}' where name = 'Marked'`);
    const verdicts = (db: Database) =>
      db.query(
        'select name, suspected_spam, spam_score, spam_reasons from contact_submissions order by id',
      );
    // What a member did with them: a note, a take, a read, a reply, a reminder sent, marks that
    // taught the score, one member added and one removed.
    const member = 'sam@agency.example';
    await from.query(
      `insert into app_private.inbox_members (email) values ($1), ('old@agency.example')`,
      [member],
    );
    await from.query(
      `insert into app_private.inbox_removed_members (email, removed_by) values ('old@agency.example', $1)`,
      [member],
    );
    await from.query(`delete from app_private.inbox_members where email = 'old@agency.example'`);
    await from.query(
      `insert into lead_notes (submission_id, author, body)
       select id, $1, 'Called back: wants a quote' from contact_submissions where name = 'Real'`,
      [member],
    );
    await from.query(
      `insert into lead_attention (submission_id, taken_by, taken_at)
       select id, $1, now() from contact_submissions where name = 'Real'`,
      [member],
    );
    await from.query(
      `insert into lead_reads (submission_id, member) select id, $1 from contact_submissions`,
      [member],
    );
    await from.query(
      `insert into lead_activity (submission_id, actor, action)
       select id, $1, 'take' from contact_submissions where name = 'Real'`,
      [member],
    );
    await from.query(
      `insert into lead_replies (submission_id, author, body, state, sent_at, message_id)
       select id, $1, 'Happy to help.', 'sent', now(), '<reply-1@agency.example>'
       from contact_submissions where name = 'Real'`,
      [member],
    );
    await from.query(
      `insert into app_private.lead_reminders (submission_id, deadline, sent_at)
       select id, 'reply', now() from contact_submissions where name = 'Released'`,
    );
    await from.query(
      `select app_private.spam_learn(id, name = 'Marked') from contact_submissions
       where name in ('Marked', 'Real')`,
    );
    const before = {
      verdicts: await verdicts(from),
      work: await inboxWork(from),
      noteIds: (await from.query('select id from lead_notes')).map((row) => Number(row.id)),
    };
    expect(before.work['app_private.spam_tokens']!.length).toBeGreaterThan(0);

    const file = JSON.stringify(await createBackup(from));
    expect(() => parseBackup('{')).toThrow('Not a backup: the file is not JSON.');
    const to = await openDatabase(target.options);
    onTestFinished(() => to.close());
    expect(await restoreBackup(to, parseBackup(file))).toMatchObject({ contact_submissions: 3 });
    // Never merged into data already there: refused whole, as the checks below then show.
    await expect(restoreBackup(to, parseBackup(file))).rejects.toThrow(
      'already holds 3 submission(s)',
    );
    expect(await verdicts(to)).toEqual(before.verdicts);
    // The inbox's work comes back with the leads: a restore loses no note, reply or mark.
    expect(await inboxWork(to)).toEqual(before.work);
    const [note] = await to.query(
      `insert into lead_notes (submission_id, author, body)
       select id, 'sam@agency.example', 'After the restore' from contact_submissions limit 1
       returning id`,
    );
    expect(Number(note?.id)).toBeGreaterThan(Math.max(...before.noteIds));
    // The score is on again for the next visitor.
    const [next] = await to.query(
      `insert into contact_submissions (name, email, message) values ('Next', 'n@example.co.uk', $1)
       returning spam_reasons`,
      [HELD_PITCH.message],
    );
    expect(next?.spam_reasons).toEqual(HELD_PITCH.reasons);
  });
});
