import { expect, it, onTestFinished } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import {
  startLeadDelivery,
  type LeadDeliveryOptions,
} from '../../server/leads/delivery/lead-delivery.ts';
import { COUNTED_THIS_HOUR } from '../../server/leads/delivery/outbox-queries.ts';
import { describeOnEmbedded, openFreshBackend, type Backend } from './support/backends.ts';
import { VALID } from '../support/requests.ts';
import { SmtpSink } from '../support/smtp-sink.ts';
import { until } from '../support/until.ts';
import {
  allSent,
  insertLeads,
  referenceOf,
  singles,
  subjectOf,
  summaries,
} from './support/summary-leads.ts';

/**
 * No lead waits behind the cap (docs/email-delivery.md): beyond the hourly
 * cap, or the budget for leads without a proof of work, what waits goes out in one summary
 * email per interval (shortened here through its setting), verified leads first.
 */

async function setUp(kind: Backend['kind']) {
  const { db } = await openFreshBackend(kind);
  const sink = await SmtpSink.start();
  onTestFinished(() => sink.down());
  return { db, sink };
}

async function deliver(db: Database, sink: SmtpSink, options: LeadDeliveryOptions) {
  const logs: string[] = [];
  const log = { info: (text: string) => logs.push(text), warn: (text: string) => logs.push(text) };
  const delivery = await startLeadDelivery(db, log, {
    smtpUrl: sink.url,
    notifyEmail: 'leads@agency.example',
    deliveryPollMs: 20,
    ...options,
  });
  onTestFinished(() => delivery.stop());
  return { delivery, logs };
}

describeOnEmbedded('the hourly cap', (kind) => {
  it('puts every one of 150 leads due at once in an email, the rest in one summary per interval', async () => {
    const { db, sink } = await setUp(kind);
    await insertLeads(db, 'Lead', 150);
    await db.query(
      `insert into contact_submissions (name, email, message, suspected_spam)
       select 'Bot', $1, 'spam', true from generate_series(1, 3)`,
      [VALID.email],
    );
    await deliver(db, sink, { maxPerHour: 5, summaryIntervalMs: 300 });
    await until(() => allSent(db), 20_000, 'every lead to be delivered');

    expect(singles(sink)).toHaveLength(5);
    const [summary, ...more] = summaries(sink);
    expect(more).toEqual([]);
    const everything = [...singles(sink), summary].join('\n');
    for (let i = 1; i <= 150; i++) {
      expect(everything).toContain(`Lead ${String(i).padStart(3, '0')}`);
    }
    // Each entry: name, address, time received, reference, first line only.
    expect(summary).toContain(`Lead 150 <${VALID.email}>`);
    const reference = await referenceOf(db, 'Lead 150');
    expect(summary).toMatch(new RegExp(`Received: .+ \\(UK time\\), reference ${reference}\n`));
    expect(summary).toContain('First line of Lead');
    expect(summary).not.toContain('second line');
    expect(summary).not.toContain('Bot');
    expect(summary).toContain('3 held as suspected spam');

    // More leads while the cap holds: the next summary waits out the interval.
    await insertLeads(db, 'Later', 4);
    await until(() => summaries(sink).length === 2, 20_000, 'the second summary');
    const times = await db.query(
      'select created_at, sent_at, leads from lead_summaries order by id',
    );
    expect(times.map((row) => row.leads)).toEqual([145, 4]);
    const gap =
      new Date(times[1]!.created_at as string).getTime() -
      new Date(times[0]!.created_at as string).getTime();
    expect(gap).toBeGreaterThanOrEqual(300);
  });

  it('emails verified leads before unverified ones', async () => {
    const { db, sink } = await setUp(kind);
    await insertLeads(db, 'Unverified', 5, 'verified');
    await insertLeads(db, 'Verified', 5);
    await deliver(db, sink, { maxPerHour: 3, summaryIntervalMs: 60_000 });
    await until(() => allSent(db), 20_000, 'every lead to be delivered');
    expect(singles(sink)).toEqual([
      await subjectOf(db, 'Verified 001'),
      await subjectOf(db, 'Verified 002'),
      await subjectOf(db, 'Verified 003'),
    ]);
    const [summary] = summaries(sink);
    expect(summary!.indexOf('Verified 004')).toBeLessThan(summary!.indexOf('Unverified 001'));
    expect(summary).toContain(`Unverified 005 <${VALID.email}> (unverified)`);
  });

  it('emails at most the unverified budget one by one in a flood, and the next real visitor at once', async () => {
    const { db, sink } = await setUp(kind);
    // The form without JavaScript, posted by a script: no proof of work.
    await insertLeads(db, 'Flood', 30, 'verified');
    await deliver(db, sink, { unverifiedPerHour: 10, summaryIntervalMs: 300 });
    await until(() => allSent(db), 20_000, 'the flood to be delivered');
    await insertLeads(db, 'Visitor', 1);
    const visitor = await subjectOf(db, 'Visitor 001');
    await until(() => singles(sink).includes(visitor), 10_000, 'the real visitor to be emailed');
    expect(singles(sink).filter((subject) => subject?.includes('Flood'))).toHaveLength(10);
    const summarised = summaries(sink).join('\n');
    expect(summarised.match(/Flood \d{3} </g)).toHaveLength(20);
  });
});

describeOnEmbedded('the hourly cap after the clock stepped back', (kind) => {
  it('sends the summary within its interval, not once the clock has caught up', async () => {
    const { db, sink } = await setUp(kind);
    // A summary stamped an hour ahead: what a clock an hour fast (a hardware clock read as
    // UTC in summer) leaves once time synchronisation steps it back.
    await db.query(
      `insert into lead_summaries (created_at, sent_at, leads)
       values (now() + interval '1 hour', now() + interval '1 hour', 1)`,
    );
    await insertLeads(db, 'Lead', 3);
    // An interval far longer than the test: the summary can only go in its first round.
    await deliver(db, sink, { maxPerHour: 1, summaryIntervalMs: 600_000 });
    await until(() => allSent(db), 20_000, 'every lead to be delivered');
    expect(singles(sink)).toEqual([await subjectOf(db, 'Lead 001')]);
    expect(summaries(sink)).toHaveLength(1);
  });
});

describeOnEmbedded('a summary whose worker died mid-send', (kind) => {
  it('lets its lead go alone once the lease runs out, shown and counted as sent alone', async () => {
    const { db, sink } = await setUp(kind);
    await insertLeads(db, 'Lead', 1);
    // What a worker killed (-9) while sending a summary leaves: its lead leased to it, the
    // lease now run out, and the summary never sent.
    await db.query(
      `with summary as (
         insert into lead_summaries (created_at, leads) values (now() - interval '10 minutes', 1)
         returning id)
       update lead_outbox set summary_id = (select id from summary),
                              locked_until = now() - interval '1 second'`,
    );
    await deliver(db, sink, {});
    await until(() => allSent(db), 20_000, 'the lead to be delivered');
    expect(singles(sink)).toEqual([await subjectOf(db, 'Lead 001')]);
    // The inbox says how it went, and the hourly cap counts it.
    expect(await db.query('select email_state from inbox_leads')).toEqual([
      { email_state: 'sent' },
    ]);
    expect(await db.query(COUNTED_THIS_HOUR)).toEqual([{ counted: 1, unverified: 0 }]);
  });
});
