import { spawn } from 'node:child_process';
import { expect, it, onTestFinished, vi } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { openDatabase } from '../../server/db/open-database.ts';
import { runSubmissionsCli } from '../../server/submissions-cli.ts';
import { startServer } from '../../server/start.ts';
import pg from 'pg';
import {
  describeOnEmbedded,
  describePostgres,
  envFor,
  freshBackend,
  openFreshBackend,
  type Backend,
} from './support/backends.ts';
import { purgeExpiredSubmissions } from '../../server/leads/retention-purge.ts';
import { until } from '../support/until.ts';
import { childEnv, finished } from '../support/child-server.ts';
import { VALID } from '../support/requests.ts';
import { HELD_PITCH } from '../support/submission.ts';
import { BUILT } from '../support/built.ts';
import { SERVER_TEST_BUDGET_MS } from '../support/budgets.ts';

// Each test opens its database several times, and runs the command-line tool or starts the server.
vi.setConfig({ testTimeout: SERVER_TEST_BUDGET_MS });

/**
 * Retention (docs/product.md#ruling-retention): submissions older than the period go, suspected
 * spam after 30 days (held by the honeypot or by its words), each with its outbox row. Rows are
 * dated by SQL; the purge compares with the database's own clock.
 */

/**
 * name → [age as an SQL interval, suspected spam: by the honeypot's flag, or by its words, which
 * the spam score holds (docs/spam.md)]
 */
const ROWS: Record<string, [string, boolean | 'by its words']> = {
  fresh: ['1 day', false],
  'eleven months': ['11 months', false],
  'thirteen months': ['13 months', false],
  'spam of a week': ['7 days', true],
  'spam of two months': ['2 months', true],
  'pitch of five weeks': ['5 weeks', 'by its words'],
};
const GONE_AT_12 = ['pitch of five weeks', 'spam of two months', 'thirteen months'];

async function seeded(kind: Backend['kind']): Promise<Backend> {
  const backend = await freshBackend(kind);
  onTestFinished(() => backend.dispose());
  const db = await openDatabase(backend.options);
  try {
    for (const [name, [age, spam]] of Object.entries(ROWS)) {
      const words = spam === 'by its words';
      const [row] = await db.query(
        `insert into contact_submissions (name, email, message, suspected_spam) values ($1, $2, $3, $4)
         returning suspected_spam as held`,
        [name, VALID.email, words ? HELD_PITCH.message : VALID.message, spam === true],
      );
      expect(row?.held).toBe(spam !== false);
      await db.query(
        `update contact_submissions set created_at = now() - $2::interval where name = $1`,
        [name, age],
      );
    }
  } finally {
    await db.close();
  }
  return backend;
}

const names = async (db: Pick<Database, 'query'>) =>
  (await db.query('select name from contact_submissions order by name')).map((row) => row.name);
const orphanedOutboxRows = async (db: Pick<Database, 'query'>) =>
  (
    await db.query(
      `select count(*)::int as n from lead_outbox o
       where not exists (select from contact_submissions s where s.id = o.submission_id)`,
    )
  )[0]?.n;
const left = Object.keys(ROWS)
  .filter((name) => !GONE_AT_12.includes(name))
  .sort();

describeOnEmbedded('retention', (kind) => {
  it('submissions purge --dry-run lists ids and dates only, and deletes nothing', async () => {
    const backend = await seeded(kind);
    let stdout = '';
    let stderr = '';
    const code = await runSubmissionsCli(['purge', '--dry-run'], {
      env: envFor(backend),
      stdout: (text) => (stdout += text),
      stderr: (text) => (stderr += text),
    });
    expect(code).toBe(0);
    const listed = JSON.parse(stdout) as Record<string, unknown>[];
    expect(listed.map((row) => Object.keys(row).sort())).toEqual([
      ['created_at', 'id', 'suspected_spam'],
      ['created_at', 'id', 'suspected_spam'],
      ['created_at', 'id', 'suspected_spam'],
    ]);
    expect(listed.map((row) => row.suspected_spam)).toEqual([false, true, true]);
    expect(stdout).not.toContain(VALID.email);
    expect(stderr).toMatch(/Would delete 3 submission\(s\) \(2 suspected spam\)/);

    const db = await openDatabase({ ...backend.options, migrate: false });
    try {
      expect(await names(db)).toEqual(Object.keys(ROWS).sort());
    } finally {
      await db.close();
    }
  });

  it('the server’s built-in worker deletes what is due, with its outbox rows', async () => {
    const backend = await seeded(kind);
    const before = await openDatabase({ ...backend.options, migrate: false });
    const outboxBefore = (await before.query('select count(*)::int as n from lead_outbox'))[0]?.n;
    await before.close();
    expect(outboxBefore).toBe(3);

    // No port: the subject is the worker the start runs.
    const server = await startServer({
      listen: false,
      ...backend.options,
      distDir: '/nonexistent',
    });
    onTestFinished(() => server.close());
    await vi.waitFor(async () => expect(await names(server)).toEqual(left), { timeout: 20_000 });
    expect(await orphanedOutboxRows(server)).toBe(0);
    expect((await server.query('select count(*)::int as n from lead_outbox'))[0]?.n).toBe(2);
  });

  it('VITE_RETENTION_MONTHS sets the period', async () => {
    const backend = await seeded(kind);
    let stdout = '';
    const code = await runSubmissionsCli(['purge'], {
      env: { ...envFor(backend), VITE_RETENTION_MONTHS: '10' },
      stdout: (text) => (stdout += text),
      stderr: () => {},
    });
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toHaveLength(4);
    const db = await openDatabase({ ...backend.options, migrate: false });
    try {
      expect(await names(db)).toEqual(['fresh', 'spam of a week']);
    } finally {
      await db.close();
    }
  });

  it('a lead a member marked “Spam” gets its 30 days from the mark', async () => {
    const backend = await freshBackend(kind);
    onTestFinished(() => backend.dispose());
    const db = await openDatabase(backend.options);
    // Two real enquiries of two months, each marked "Spam" as inbox_mark_spam stores it: one by
    // mistake this week, still there to be released by "Not spam"; one five weeks ago, gone.
    for (const [name, markedAgo] of [
      ['marked this week', '3 days'],
      ['marked five weeks ago', '5 weeks'],
    ]) {
      const [lead] = await db.query(
        `insert into contact_submissions (name, email, message) values ($1, $2, $3) returning id`,
        [name, VALID.email, VALID.message],
      );
      await db.query(
        `update contact_submissions set suspected_spam = true, spam_reasons = '{marked}',
           created_at = now() - interval '2 months'
         where id = $1`,
        [lead!.id],
      );
      await db.query(
        `insert into app_private.spam_marks (submission_id, spam, marked_at)
         values ($1, true, now() - $2::interval)`,
        [lead!.id, markedAgo],
      );
    }
    await db.close();
    const code = await runSubmissionsCli(['purge'], {
      env: envFor(backend),
      stdout: () => {},
      stderr: () => {},
    });
    expect(code).toBe(0);
    const after = await openDatabase({ ...backend.options, migrate: false });
    try {
      expect(await names(after)).toEqual(['marked this week']);
    } finally {
      await after.close();
    }
  });

  it('npm run worker -- --once purges without SMTP, then exits 0', async () => {
    const backend = await seeded(kind);
    const env = childEnv(envFor(backend));
    delete env.SMTP_URL;
    delete env.NOTIFY_EMAIL;
    const child = spawn(process.execPath, [BUILT.worker, '--once'], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    onTestFinished(() => void child.kill('SIGKILL'));
    const { code, both: output } = await finished(child);
    expect(code, output).toBe(0);
    expect(output).toContain('Retention: deleted 3 submission(s), 2 of them suspected spam');
    expect(output).not.toContain(VALID.email);
    const db = await openDatabase({ ...backend.options, migrate: false });
    try {
      expect(await names(db)).toEqual(left);
    } finally {
      await db.close();
    }
  });
});

describePostgres('retention beside a member releasing a lead', () => {
  it('keeps a lead released with “Not spam” while the purge was deleting', async () => {
    const { backend, db } = await openFreshBackend('postgres');
    const member = 'owner@agency.example';
    const [lead] = await db.query(
      `insert into contact_submissions (name, email, message, suspected_spam, created_at)
       values ('Held Hal', $1, $2, true, now() - interval '31 days') returning id`,
      [VALID.email, VALID.message],
    );
    await db.query('insert into app_private.inbox_members (email) values ($1)', [member]);
    const [session] = await db.query(
      'insert into app_private.auth_sessions (email) values ($1) returning id::text',
      [member],
    );
    // The member's "Not spam", as PostgREST runs it: their role and claims, in a transaction.
    const client = new pg.Client({ connectionString: backend.options.databaseUrl });
    await client.connect();
    onTestFinished(() => client.end());
    await client.query('begin');
    await client.query("select set_config('request.jwt.claims', $1, true)", [
      JSON.stringify({ role: 'authenticated', email: member, session_id: session!.id }),
    ]);
    await client.query('set local role authenticated');
    await client.query('select public.inbox_not_spam($1)', [lead!.id]);

    // The hourly purge starts before the release commits, and waits for the lead's row.
    const purge = purgeExpiredSubmissions(db, { retentionMonths: 12 });
    await until(
      async () =>
        (
          await db.query(
            `select 1 from pg_stat_activity
             where wait_event_type = 'Lock' and query like '%purge_expired_submissions%'`,
          )
        ).length > 0,
      10_000,
      'the purge to wait for the lead',
    );
    await client.query('commit');
    expect(await purge).toEqual([]);
    const kept = await db.query(
      `select s.suspected_spam, o.submission_id is not null as queued
       from contact_submissions s left join lead_outbox o on o.submission_id = s.id`,
    );
    expect(kept).toEqual([{ suspected_spam: false, queued: true }]);
  });
});
