import { expect, it, onTestFinished } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { startLeadDelivery } from '../../server/leads/delivery/lead-delivery.ts';
import {
  describeOnEmbedded,
  openFreshBackend,
  submissionsJson,
  type Backend,
} from './support/backends.ts';
import { VALID } from '../support/requests.ts';
import { SmtpSink } from '../support/smtp-sink.ts';
import { until } from '../support/until.ts';
import { insertLeads, referenceOf, summaries } from './support/summary-leads.ts';

/**
 * No real lead is given up for another's sake: a relay that refuses
 * one lead's words for good (554 to the GTUBE test string, as a spam filter
 * would) costs that lead alone, and a flood waiting for the summary pushes no
 * lead past one interval (docs/email-delivery.md).
 */

/** The spam filters' own test string: any filtering relay refuses a message that holds it. */
const GTUBE = 'XJS*C4JS*C4J*C4TZ*C4J*CJ*C4JS*C4J*C4TZ*C4J*CJ*C4JS*C4J*C4TZ*C4J*CJ*C4JS';

async function deliver(kind: Backend['kind'], options: { maxPerHour: number; interval: number }) {
  const { backend, db } = await openFreshBackend(kind);
  const sink = await SmtpSink.start();
  onTestFinished(() => sink.down());
  const start = () =>
    startLeadDelivery(
      db,
      { info: () => {}, warn: () => {} },
      {
        smtpUrl: sink.url,
        notifyEmail: 'leads@agency.example',
        deliveryPollMs: 20,
        maxPerHour: options.maxPerHour,
        summaryIntervalMs: options.interval,
      },
    ).then((delivery) => {
      onTestFinished(() => delivery.stop());
      return delivery;
    });
  return { backend, db, sink, start };
}

const outboxOf = async (db: Database, name: string) => {
  const [row] = await db.query(
    `select o.sent_at is not null as sent, o.failed_at is not null as failed, o.attempts,
            o.last_error, o.summary_id::text as summary_id
     from lead_outbox o join contact_submissions s on s.id = o.submission_id
     where s.name = $1`,
    [name],
  );
  return row!;
};

describeOnEmbedded('a relay that refuses one lead', (kind) => {
  it('gives up that lead alone after one refusal, and the real lead after it arrives in the next summary', async () => {
    const { backend, db, sink, start } = await deliver(kind, { maxPerHour: 2, interval: 300 });
    sink.refuseText = GTUBE;
    // The cap is full: these two go one by one, what comes after waits for the summary.
    await insertLeads(db, 'Early', 2);
    await db.query(
      `insert into contact_submissions (name, email, message) values ('Poisoned', $1, $2)`,
      [VALID.email, GTUBE],
    );
    await insertLeads(db, 'Real', 1);
    const delivery = await start();
    await until(async () => (await outboxOf(db, 'Real 001')).sent, 20_000, 'the real lead');

    const [first] = await db.query('select min(id)::text as id from lead_summaries');
    expect(await outboxOf(db, 'Real 001')).toMatchObject({ summary_id: first!.id });
    expect(summaries(sink).join('\n')).toContain('Real 001');
    // The summary of both, then the poisoned lead alone: refused twice, charged once.
    expect(sink.refused).toBe(2);
    expect(await outboxOf(db, 'Poisoned')).toMatchObject({ failed: true, attempts: 1 });
    expect(String((await outboxOf(db, 'Poisoned')).last_error)).toContain('554');

    // The next summary names it, by reference alone: its words are what the relay refuses.
    await insertLeads(db, 'Later', 1);
    await until(() => summaries(sink).length === 2, 20_000, 'the next summary');
    const next = summaries(sink)[1]!;
    const reference = await referenceOf(db, 'Poisoned');
    expect(next).toMatch(new RegExp(`Reference ${reference}, .*not deliverable by email \\(.*554`));
    expect(next).toContain('Later 001');

    await delivery.stop();
    await db.close(); // The embedded database admits one process: the CLI's turn.
    const outbox = await submissionsJson(['outbox'], backend);
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ delivery: 'failed', attempts: 1, next_attempt_at: null });
    expect(String(outbox[0]!.last_error)).toContain('554');
    const exported = await submissionsJson(['export'], backend);
    const state = Object.fromEntries(exported.map((row) => [row.name, row.delivery]));
    expect(state).toEqual({
      'Early 001': 'sent',
      'Early 002': 'sent',
      Poisoned: 'failed',
      'Real 001': 'sent',
      'Later 001': 'sent',
    });
  });

  it('gives up a lead emailed on its own after one refusal, and emails the next', async () => {
    const { db, sink, start } = await deliver(kind, { maxPerHour: 60, interval: 300 });
    sink.refuseText = GTUBE;
    await db.query(
      `insert into contact_submissions (name, email, message) values ('Poisoned', $1, $2)`,
      [VALID.email, GTUBE],
    );
    await insertLeads(db, 'Real', 1);
    await start();
    await until(async () => (await outboxOf(db, 'Real 001')).sent, 20_000, 'the real lead');
    await until(async () => (await outboxOf(db, 'Poisoned')).failed, 20_000, 'the refusal');
    expect(sink.refused).toBe(1);
    expect(await outboxOf(db, 'Poisoned')).toMatchObject({ attempts: 1 });
  });

  it('sends all of 2,000 waiting leads and the real one after them in one round', async () => {
    // An interval far longer than the test: the real lead can only arrive in the first round.
    const { db, sink, start } = await deliver(kind, { maxPerHour: 1, interval: 600_000 });
    await insertLeads(db, 'Flood', 2_000);
    await insertLeads(db, 'Real', 1);
    await start();
    await until(async () => (await outboxOf(db, 'Real 001')).sent, 60_000, 'the real lead');

    expect(await db.query('select 1 from lead_summaries')).toHaveLength(1);
    // One sent alone fills the cap; the other 1,999 and the real lead in four parts of 500.
    expect(summaries(sink)).toHaveLength(4);
    expect(summaries(sink)[3]).toContain('Real 001');
    expect(await db.query('select 1 from lead_outbox where sent_at is null')).toEqual([]);
  });
});
