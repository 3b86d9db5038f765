import { expect, it, onTestFinished } from 'vitest';
import { createLeadMailer } from '../../server/leads/delivery/lead-mailer.ts';
import { startLeadClocks } from '../../server/leads/clocks/lead-clocks.ts';
import { defaultWorkingHours } from '../../server/leads/clocks/default-working-hours.ts';
import { startEscalation } from '../../server/leads/push/escalation.ts';
import { openDatabase } from '../../server/db/open-database.ts';
import { startServer } from '../../server/start.ts';
import { describeOnEmbedded, freshBackend, openFreshBackend } from './support/backends.ts';
import { SilentRelay, SmtpSink } from '../support/smtp-sink.ts';
import { send, VALID } from '../support/requests.ts';
import { until } from '../support/until.ts';
import { workingWednesday } from '../support/working-wednesday.ts';
import { parseWorkingHours } from '../../shared/working-hours.ts';
import { storeLead } from './support/inbox.ts';
import { insertLeadAt } from './support/lead-at.ts';

/**
 * The agency's own notices (reminders, the weekly digest, the held leads' note, escalation
 * emails). A relay that refuses one lead's name for good (a spam filter's 5xx to a blocklisted
 * domain in it) must not cost the other leads their notice: the notice goes again without the
 * names. A relay that hangs while one is sent must not hold up anything else: on the embedded
 * database a transaction holds its one connection (docs/lead-clocks.md, docs/alerts.md). Time
 * is the test's, never waited for.
 */

const hours = defaultWorkingHours();
/** A name a filtering relay refuses: a link to a domain on its blocklist. */
const POISON = 'Bob www.blocklisted-casino.xyz';

async function notices() {
  const { db } = await openFreshBackend('embedded');
  const sink = await SmtpSink.start();
  onTestFinished(() => sink.down());
  sink.refuseText = 'blocklisted-casino';
  const mail = createLeadMailer({ smtpUrl: sink.url, notifyEmail: 'leads@agency.example' });
  onTestFinished(() => mail.close());
  return { db, sink, mail };
}

const SITE_URL = 'https://agency.example';
const log = { info: () => {}, warn: () => {} };

describeOnEmbedded('a relay that refuses one lead’s name in the agency’s notices', () => {
  it('still reminds the agency of every deadline, the refused name left out', async () => {
    const { db, sink, mail } = await notices();
    // Wednesday 25 November 2026: both replies due at 17:30 (GMT).
    await insertLeadAt(db, POISON, '2026-11-25T10:00:00Z');
    await insertLeadAt(db, 'Real Rita', '2026-11-25T10:30:00Z');
    const clocks = startLeadClocks(db, log, {
      hours,
      mail,
      siteUrl: SITE_URL,
      pollMs: 3_600_000,
      now: () => new Date('2026-11-25T16:45:00Z'),
    });
    onTestFinished(() => clocks.stop());
    await clocks.runOnce();
    expect(sink.refused).toBe(1);
    expect(sink.received.map((m) => m.header('subject'))).toEqual([
      'Reminder: 2 lead deadlines due soon',
    ]);
    const text = sink.received[0]!.bodies['text/plain'] ?? '';
    // Each deadline, with the link that opens its lead in the inbox.
    expect(text.match(/Reply due Wed 25 Nov, 17:30/g)).toHaveLength(2);
    expect(text.match(/https:\/\/agency\.example\/inbox\/\S+/g)).toHaveLength(2);
  });

  it('still emails an escalation for every unseen lead, the refused name left out', async () => {
    const { db, sink, mail } = await notices();
    for (const name of [POISON, 'Unseen Una']) {
      const id = await insertLeadAt(db, name, '2026-11-25T10:00:00Z');
      // Escalated, as push_escalate records it; the email is what is looked at here.
      await db.query(
        `insert into lead_attention (submission_id, escalated_at) values ($1, '2026-11-25T10:10:00Z')`,
        [id],
      );
    }
    let now = new Date('2026-11-25T10:11:00Z');
    const escalation = startEscalation(db, {
      minutes: 10,
      hours,
      mail,
      siteUrl: SITE_URL,
      pushed: () => {},
      log,
      pollMs: 3_600_000,
      now: () => now,
    });
    onTestFinished(() => escalation.stop());
    await escalation.runOnce();
    expect(sink.received.map((m) => m.header('subject'))).toEqual([
      'Nobody has seen 2 new leads yet',
    ]);
    // Sent once: the next round, past the spacing, has nothing left to list.
    now = new Date('2026-11-25T10:30:00Z');
    await escalation.runOnce();
    expect(sink.received).toHaveLength(1);
    expect(sink.refused).toBe(1);
  });
});

describeOnEmbedded('a relay that hangs while a reminder is sent', (kind) => {
  it('answers a visitor at once while the reminder waits on the relay', async () => {
    const backend = await freshBackend(kind);
    onTestFinished(() => backend.dispose());
    const arrival = workingWednesday();
    // A lead already emailed, whose reply falls due at 17:30: its reminder is due at 16:45.
    const db = await openDatabase(backend.options);
    await insertLeadAt(db, 'Real Rita', arrival.toISOString());
    await db.query('delete from lead_outbox');
    await db.close();
    const relay = await SilentRelay.start();
    const server = await startServer({
      listen: false,
      ...backend.options,
      distDir: '/nonexistent',
      smtpUrl: relay.url,
      notifyEmail: 'leads@agency.example',
      clockNow: () => new Date(arrival.getTime() + (6 * 60 + 45) * 60_000),
    });
    onTestFinished(() => server.close());
    // Hang up before the server closes, or closing would wait for the greeting timeout.
    onTestFinished(() => relay.release());
    await until(() => relay.sockets.size > 0, 10_000, 'the reminder to reach the relay');
    const [hanging] = relay.sockets;

    const response = await send(server.app, { body: VALID });
    expect(response.statusCode).toBe(201);
    // Answered while the reminder's send still hung: it ends only at the mailer's greeting
    // timeout, which closes its connection.
    expect(hanging!.destroyed).toBe(false);
  });
});

describeOnEmbedded('a relay that does not take a notice', () => {
  it('takes each claim back, and sends each notice once the relay takes it', async () => {
    const { db, sink, mail } = await notices();
    sink.refuseText = undefined;
    // Monday 30 November 2026, 16:45: a reply due at 17:30, the weekly digest, and the note
    // of a lead held over the weekend are all due in one round.
    await insertLeadAt(db, 'Real Rita', '2026-11-30T10:00:00Z');
    await insertLeadAt(db, 'Held Hal', '2026-11-28T10:00:00Z', true);
    const clocks = startLeadClocks(db, log, {
      hours,
      mail,
      pollMs: 3_600_000,
      now: () => new Date('2026-11-30T16:45:00Z'),
    });
    onTestFinished(() => clocks.stop());
    const subjects = () => sink.received.map((m) => m.header('subject'));

    await sink.down();
    await clocks.runOnce();
    await sink.up();
    // Each refusal fails the round at that notice; the ones before it went.
    sink.refuseText = 'The last 7 days';
    await clocks.runOnce();
    expect(subjects()).toEqual(['Reminder: 1 lead deadline due soon']);
    sink.refuseText = 'held as suspected spam between';
    await clocks.runOnce();
    sink.refuseText = undefined;
    await clocks.runOnce();
    await clocks.runOnce();
    expect(subjects()).toEqual([
      'Reminder: 1 lead deadline due soon',
      'Weekly leads digest: the 7 days to 30 Nov 2026',
      '1 lead held as suspected spam',
    ]);
  });

  it('lists an escalated lead in the first escalation email the relay takes', async () => {
    const { db, sink, mail } = await notices();
    const id = await insertLeadAt(db, 'Unseen Una', '2026-11-25T10:00:00Z');
    await db.query(
      `insert into lead_attention (submission_id, escalated_at) values ($1, '2026-11-25T10:10:00Z')`,
      [id],
    );
    const escalation = startEscalation(db, {
      minutes: 10,
      hours,
      mail,
      pushed: () => {},
      log,
      pollMs: 3_600_000,
      now: () => new Date('2026-11-25T10:11:00Z'),
    });
    onTestFinished(() => escalation.stop());
    await sink.down();
    await escalation.runOnce();
    await sink.up();
    await escalation.runOnce();
    await escalation.runOnce();
    expect(sink.received.map((m) => m.header('subject'))).toEqual([
      'Nobody has seen a new lead yet',
    ]);
    expect(sink.received[0]!.bodies['text/plain']).toContain('Unseen Una');
  });
});

describeOnEmbedded('a lead the relay refuses alone, below the cap', (kind) => {
  it('is named to the agency by the escalation email', async () => {
    const backend = await freshBackend(kind);
    onTestFinished(() => backend.dispose());
    const sink = await SmtpSink.start();
    onTestFinished(() => sink.down());
    sink.refuseText = 'blocklisted-casino';
    const always = parseWorkingHours('Mon-Sun 00:00-23:59', 'Europe/London');
    if (!('value' in always)) throw new Error(always.problem);
    let offsetMs = 0;
    const server = await startServer({
      listen: false,
      ...backend.options,
      distDir: '/nonexistent',
      smtpUrl: sink.url,
      notifyEmail: 'leads@agency.example',
      deliveryPollMs: 20,
      escalateMinutes: 1,
      businessHours: always.value,
      escalationPollMs: 50,
      clockNow: () => new Date(Date.now() + offsetMs),
    });
    onTestFinished(() => server.close());
    await storeLead(server, {
      name: 'Casey Client',
      email: 'casey@example.com',
      message: 'Seen on www.blocklisted-casino.xyz: can you build us a better site?',
    });
    await until(
      async () =>
        (await server.query('select 1 from lead_outbox where failed_at is not null')).length > 0,
      10_000,
      'the lead email to be refused for good',
    );
    // Past any run of bank holidays: the lead has been unseen for its working minute.
    offsetMs = 5 * 24 * 3_600_000;
    const [email] = await until(
      () => sink.received.filter((m) => m.header('subject') === 'Nobody has seen a new lead yet'),
      10_000,
      'the escalation email',
      (found) => found.length > 0,
    );
    expect(email!.bodies['text/plain']).toContain('Casey Client');
  });
});
