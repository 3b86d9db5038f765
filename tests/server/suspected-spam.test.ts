import { beforeEach, expect, it, onTestFinished } from 'vitest';
import { runSubmissionsCli } from '../../server/submissions-cli.ts';
import { startServer, type RunningServer } from '../../server/start.ts';
import { openDatabase } from '../../server/db/open-database.ts';
import { asAnon, outcome } from './support/as-anon.ts';
import { describeOnEmbedded, envFor, freshBackend, type Backend } from './support/backends.ts';
import { SmtpSink } from '../support/smtp-sink.ts';
import { until } from '../support/until.ts';
import { send, VALID } from '../support/requests.ts';
import { submissionReference } from '../../shared/reference.ts';
import { proofFrom } from '../support/proof.ts';
import { workingWednesday } from '../support/working-wednesday.ts';

/**
 * A filled honeypot (bots, but also browser autofill) must never
 * lose a message without trace: the row is stored flagged, not emailed, and
 * listed in the export under its own status. The database's rules still hold.
 */

/** The page's insert, by inject: the worker's mail is the subject, not the socket. */
const post = (server: RunningServer, body: object) => send(server.app, { body });

describeOnEmbedded('a submission flagged as suspected spam', (kind) => {
  let backend: Backend;
  beforeEach(async () => {
    backend = await freshBackend(kind);
    onTestFinished(() => backend.dispose());
  });

  it('is stored and exported under its own status, and never emailed', async () => {
    const sink = await SmtpSink.start();
    onTestFinished(() => sink.down());
    const server = await startServer({
      listen: false,
      ...backend.options,
      distDir: '/nonexistent',
      smtpUrl: sink.url,
      notifyEmail: 'leads@agency.example',
      deliveryPollMs: 25,
      // Midweek for the lead clocks: on a Monday morning their weekly digest would be emailed too.
      clockNow: workingWednesday,
    });
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
