import { beforeEach, expect, it, onTestFinished } from 'vitest';
import { runSubmissionsCli } from '../../server/submissions-cli.ts';
import { startServer, type RunningServer } from '../../server/start.ts';
import { openDatabase } from '../../server/db/open-database.ts';
import { asAnon, outcome } from './support/as-anon.ts';
import {
  describeEachBackend,
  describeOnEmbedded,
  envFor,
  freshBackend,
  type Backend,
} from './support/backends.ts';
import { SmtpSink } from '../support/smtp-sink.ts';
import { until } from '../support/until.ts';
import { send, VALID } from '../support/requests.ts';
import { submissionReference } from '../../shared/reference.ts';
import { proofFrom } from '../support/proof.ts';
import { workingWednesday } from '../support/working-wednesday.ts';
import { createLeadMailer } from '../../server/leads/delivery/lead-mailer.ts';
import { startEscalation } from '../../server/leads/push/escalation.ts';
import { ESCALATION_CANDIDATES } from '../../server/leads/push/escalation-queries.ts';
import { startLeadClocks } from '../../server/leads/clocks/lead-clocks.ts';
import { defaultWorkingHours } from '../../server/leads/clocks/default-working-hours.ts';

/**
 * A filled honeypot (bots, but also browser autofill) must never
 * lose a message without trace: the row is stored flagged, not emailed, and
 * listed in the export under its own status. The database's rules still hold.
 * A lead the content score holds (docs/spam.md) is held the same way: no
 * email of its own, never escalated, counted as held in the weekly digest.
 */

/** The page's insert, by inject: the worker's mail is the subject, not the socket. */
const post = (server: RunningServer, body: object) => send(server.app, { body });

/**
 * Our server without a port, emailing leads to `sink` at once. Its clocks read a working
 * Wednesday: on a Monday morning their weekly digest would be emailed too.
 */
const mailingServer = (backend: Backend, sink: SmtpSink) =>
  startServer({
    listen: false,
    ...backend.options,
    distDir: '/nonexistent',
    smtpUrl: sink.url,
    notifyEmail: 'leads@agency.example',
    deliveryPollMs: 25,
    clockNow: workingWednesday,
  });

describeOnEmbedded('a submission flagged as suspected spam', (kind) => {
  let backend: Backend;
  beforeEach(async () => {
    backend = await freshBackend(kind);
    onTestFinished(() => backend.dispose());
  });

  it('is stored and exported under its own status, and never emailed', async () => {
    const sink = await SmtpSink.start();
    onTestFinished(() => sink.down());
    const server = await mailingServer(backend, sink);
    let closed = false;
    onTestFinished(() => (closed ? undefined : server.close()));

    const flagged = { ...VALID, name: 'Autofilled Visitor', suspected_spam: true };
    expect((await post(server, flagged)).statusCode).toBe(201);
    expect((await post(server, { ...VALID, name: 'Real Visitor' })).statusCode).toBe(201);
    // The real lead goes out; by then the worker has seen everything there is to send.
    await sink.waitFor(1);
    await until(
      async () =>
        (await server.query('select 1 from lead_outbox where sent_at is not null')).length === 1,
      10_000,
      'the real lead to be marked sent',
    );
    const [real] = await server.query(
      "select submission_key::text as key from contact_submissions where name = 'Real Visitor'",
    );
    expect(sink.received.map((mail) => mail.header('subject'))).toEqual([
      `New enquiry from Real Visitor (${submissionReference(String(real!.key))})`,
    ]);
    expect(await server.query('select count(*)::int as n from lead_outbox')).toEqual([{ n: 1 }]);
    await server.close();
    closed = true;

    let stdout = '';
    const code = await runSubmissionsCli(['export'], {
      env: envFor(backend),
      stdout: (text) => (stdout += text),
      stderr: () => {},
    });
    expect(code).toBe(0);
    const rows = JSON.parse(stdout) as { name: string; delivery: string }[];
    expect(rows.map(({ name, delivery }) => [name, delivery])).toEqual([
      ['Autofilled Visitor', 'suspected spam'],
      ['Real Visitor', 'sent'],
    ]);
  });

  it('still meets every database rule: CHECKs, RLS, grants', async () => {
    const db = await openDatabase(backend.options);
    onTestFinished(() => db.close());
    const insert = async (name: string, flag: unknown) =>
      asAnon(
        db,
        'insert into contact_submissions (name, email, message, suspected_spam, proof) values ($1, $2, $3, $4, $5)',
        [name, VALID.email, VALID.message, flag, await proofFrom(db)],
      );
    expect(await outcome(insert('Flagged', true))).toBe('ok');
    // The database trims first (…_trim_text); the CHECKs judge what is left.
    expect(await outcome(insert(' Untrimmed\n', true))).toBe('ok');
    expect(await outcome(insert(' \u00a0 ', true))).toBe('23514');
    expect(await outcome(insert('Null flag', null))).toBe('23502');
    expect(await outcome(asAnon(db, 'select suspected_spam from contact_submissions'))).toBe(
      '42501',
    );
    expect(await outcome(asAnon(db, 'update contact_submissions set suspected_spam = false'))).toBe(
      '42501',
    );
    const rows = await db.query('select name, suspected_spam from contact_submissions order by id');
    expect(rows).toEqual([
      { name: 'Flagged', suspected_spam: true },
      { name: 'Untrimmed', suspected_spam: true },
    ]);
  });
});

/** Held by the content score alone (another script: reason 'script'); the page sets no flag. */
const HELD_BY_SCORE = {
  ...VALID,
  name: 'Held Visitor',
  message: 'Здравствуйте! Предлагаем продвижение вашего сайта в поисковых системах недорого.',
};
/** Past any weekend and run of bank holidays after a lead, within the week escalation looks back. */
const LATER_MS = 6 * 24 * 3_600_000;

/**
 * The first Monday 09:00 UTC after `at` (08:00 to 10:00 in London, within the digest's day):
 * a lead stored at `at` is one of the seven days the digest then covers.
 */
function digestTimeAfter(at: Date): Date {
  const monday = new Date(at);
  monday.setUTCHours(9, 0, 0, 0);
  monday.setUTCDate(monday.getUTCDate() + ((8 - monday.getUTCDay()) % 7));
  if (monday <= at) monday.setUTCDate(monday.getUTCDate() + 7);
  return monday;
}

describeEachBackend('a lead held by its spam score', (kind) => {
  it('is held as the honeypot holds one: no email of its own, never escalated, held in the digest', async () => {
    const backend = await freshBackend(kind);
    onTestFinished(() => backend.dispose());
    const sink = await SmtpSink.start();
    onTestFinished(() => sink.down());
    // Its own clocks and escalation leave these leads alone: the test runs its own at the times
    // it chooses below.
    const server = await mailingServer(backend, sink);
    onTestFinished(() => server.close());

    expect((await post(server, HELD_BY_SCORE)).statusCode).toBe(201);
    expect((await post(server, { ...VALID, name: 'Real Visitor' })).statusCode).toBe(201);
    const rows = await server.query(
      `select id::text, name, suspected_spam, spam_reasons, created_at
       from contact_submissions order by id`,
    );
    expect(rows.map((row) => [row.name, row.suspected_spam, row.spam_reasons])).toEqual([
      ['Held Visitor', true, ['script']],
      ['Real Visitor', false, []],
    ]);
    const real = String(rows[1]!.id);
    const arrived = new Date(Math.max(...rows.map((row) => +new Date(row.created_at as string))));

    // The lead email: the real lead's alone, and no delivery row for the held one.
    await sink.waitFor(1);
    await until(
      async () =>
        (await server.query('select 1 from lead_outbox where sent_at is not null')).length === 1,
      10_000,
      'the real lead to be marked sent',
    );
    const outbox = await server.query('select submission_id::text as id from lead_outbox');
    expect(outbox).toEqual([{ id: real }]);
    expect(sink.received.map((mail) => mail.header('subject'))).toEqual([
      expect.stringMatching(/^New enquiry from Real Visitor /),
    ]);

    const mail = createLeadMailer({ smtpUrl: sink.url, notifyEmail: 'leads@agency.example' });
    onTestFinished(() => mail.close());
    const log = { info: () => {}, warn: (text: string) => console.warn(text) };
    const hours = defaultWorkingHours();
    const noticesTitled = (pattern: RegExp) =>
      sink.received.filter((m) => pattern.test(m.header('subject') ?? ''));

    // Escalation, days later, with nobody having seen either: the real lead alone.
    const later = new Date(arrived.getTime() + LATER_MS);
    const candidates = await server.query(ESCALATION_CANDIDATES, [later.toISOString(), 10, 100]);
    expect(candidates.map((row) => row.id)).toEqual([real]);
    const escalation = startEscalation(server.database, {
      minutes: 10,
      hours,
      mail,
      pushed: () => {},
      log,
      // A poll longer than the test: only runOnce() moves it.
      pollMs: 3_600_000,
      now: () => later,
    });
    onTestFinished(() => escalation.stop());
    await escalation.runOnce();
    const escalated = await server.query(
      `select submission_id::text as id from lead_activity where action = 'escalate'`,
    );
    expect(escalated).toEqual([{ id: real }]);
    await sink.waitFor(2);
    const [escalationEmail] = noticesTitled(/^Nobody has seen/);
    expect(escalationEmail!.header('subject')).toBe('Nobody has seen a new lead yet');
    expect(escalationEmail!.bodies['text/plain']).toContain('Real Visitor');
    expect(escalationEmail!.bodies['text/plain']).not.toContain('Held Visitor');

    // The weekly digest of the week they arrived in: one lead, and one held as suspected spam.
    const clocks = startLeadClocks(server.database, log, {
      hours,
      mail,
      pollMs: 3_600_000,
      now: () => digestTimeAfter(arrived),
    });
    onTestFinished(() => clocks.stop());
    await clocks.runOnce();
    const [digest] = await until(
      () => noticesTitled(/^Weekly leads digest/),
      10_000,
      'the weekly digest',
      (found) => found.length > 0,
    );
    const text = digest!.bodies['text/plain'] ?? '';
    expect(text).toContain('Leads: 1, and 1 held as suspected spam');
    expect(text).not.toContain('Held Visitor');
  });
});
