import { expect, it, onTestFinished } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { openDatabase } from '../../server/db/open-database.ts';
import { createLeadMailer } from '../../server/leads/delivery/lead-mailer.ts';
import { startLeadClocks, type LeadClocks } from '../../server/leads/clocks/lead-clocks.ts';
import { defaultWorkingHours } from '../../server/leads/clocks/default-working-hours.ts';
import {
  describeOnEmbedded,
  describePostgres,
  freshBackend,
  openFreshBackend,
} from './support/backends.ts';
import { SmtpSink } from '../support/smtp-sink.ts';
import { insertLeadAt } from './support/lead-at.ts';

/**
 * Every real lead gets its two deadlines (docs/lead-clocks.md), the agency one reminder
 * before each that is not yet met, and a weekly digest on Monday morning.
 * Time is set through the clocks' own setting, never waited for.
 */

const hours = defaultWorkingHours();

/** Wednesday 25 November 2026, 10:00 in London (GMT): reply due 17:30, diagnosis Thursday 10:00. */
const ARRIVAL = '2026-11-25T10:00:00Z';

async function clocksOn(db: Database, sink: SmtpSink, at: () => Date): Promise<LeadClocks> {
  const mailer = createLeadMailer({ smtpUrl: sink.url, notifyEmail: 'leads@agency.example' });
  const log = { info: () => {}, warn: (text: string) => console.warn(text) };
  // A poll far longer than any test: only runOnce() moves the clocks.
  const clocks = startLeadClocks(db, log, { hours, mail: mailer, pollMs: 3_600_000, now: at });
  onTestFinished(async () => {
    await clocks.stop();
    mailer.close();
  });
  return clocks;
}

const clockOf = async (db: Database, id: string) => {
  const [row] = await db.query(
    `select reply_due, diagnosis_due from contact_submissions where id = $1`,
    [id],
  );
  const iso = (value: unknown) => (value == null ? null : new Date(value as string).toISOString());
  return { reply: iso(row!.reply_due), diagnosis: iso(row!.diagnosis_due) };
};

const subjects = (sink: SmtpSink) => sink.received.map((mail) => mail.header('subject'));

/** The working mornings' notes of held leads the sink received. */
const heldNotes = (sink: SmtpSink) =>
  sink.received.filter((mail) => mail.header('subject')?.includes('held as suspected spam'));

describeOnEmbedded('the lead clocks during the working week', (kind) => {
  it('give a real lead both deadlines, and suspected spam none until it is released', async () => {
    const { db } = await openFreshBackend(kind);
    const sink = await SmtpSink.start();
    onTestFinished(() => sink.down());
    const real = await insertLeadAt(db, 'Real Lead', ARRIVAL);
    const held = await insertLeadAt(db, 'Held Lead', ARRIVAL, true);
    const clocks = await clocksOn(db, sink, () => new Date('2026-11-25T10:01:00Z'));
    await clocks.runOnce();
    expect(await clockOf(db, real)).toEqual({
      reply: '2026-11-25T17:30:00.000Z',
      diagnosis: '2026-11-26T10:00:00.000Z',
    });
    expect(await clockOf(db, held)).toEqual({ reply: null, diagnosis: null });

    // Released from the Spam tab at 18:00, as inbox_not_spam records it: its clock starts then.
    await db.query(`update contact_submissions set suspected_spam = false where id = $1`, [held]);
    await db.query(
      `insert into lead_activity (submission_id, actor, action, at)
       values ($1, 'owner@agency.example', 'not_spam', '2026-11-25T18:00:00Z')`,
      [held],
    );
    await clocks.runOnce();
    expect(await clockOf(db, held)).toEqual({
      reply: '2026-11-26T12:00:00.000Z',
      diagnosis: '2026-11-26T18:00:00.000Z',
    });
  });

  it('remind once, several leads to one email, and never of a lead marked replied', async () => {
    const { db } = await openFreshBackend(kind);
    const sink = await SmtpSink.start();
    onTestFinished(() => sink.down());
    const first = await insertLeadAt(db, 'First Lead', ARRIVAL);
    await insertLeadAt(db, 'Second Lead', '2026-11-25T10:30:00Z');
    const replied = await insertLeadAt(db, 'Replied Lead', '2026-11-25T11:00:00Z');
    let now = new Date('2026-11-25T12:00:00Z');
    const clocks = await clocksOn(db, sink, () => now);
    await clocks.runOnce();
    await db.query(
      `update contact_submissions set status = 'replied', replied_at = $2 where id = $1`,
      [replied, '2026-11-25T12:05:00Z'],
    );
    expect(sink.received).toHaveLength(0); // 17:30 is more than an hour away

    now = new Date('2026-11-25T16:45:00Z'); // 45 minutes before the reply deadline
    await clocks.runOnce();
    await sink.waitFor(1);
    expect(subjects(sink)).toEqual(['Reminder: 2 lead deadlines due soon']);
    const text = sink.received[0]!.bodies['text/plain'] ?? '';
    expect(text).toContain('First Lead');
    expect(text).toContain('Second Lead');
    expect(text).not.toContain('Replied Lead');
    expect(text).toContain('Reply due Wed 25 Nov, 17:30');

    now = new Date('2026-11-25T17:10:00Z'); // past the spacing, still before the deadline
    await clocks.runOnce();
    expect(sink.received).toHaveLength(1);

    // The diagnosis of the first lead, due Thursday 10:00, once and alone.
    await db.query(`update contact_submissions set diagnosed_at = now() where id <> $1`, [first]);
    now = new Date('2026-11-26T09:30:00Z');
    await clocks.runOnce();
    await sink.waitFor(2);
    expect(subjects(sink)[1]).toBe('Reminder: 1 lead deadline due soon');
    expect(sink.received[1]!.bodies['text/plain']).toContain('Diagnosis due Thu 26 Nov, 10:00');
  });
});

describeOnEmbedded('the lead clocks on Monday morning', (kind) => {
  it('send the weekly digest from Monday 08:00, once, with the week’s figures and what is overdue', async () => {
    const { db } = await openFreshBackend(kind);
    const sink = await SmtpSink.start();
    onTestFinished(() => sink.down());
    const answered = await insertLeadAt(db, 'Answered Lead', ARRIVAL);
    await db.query(
      `update contact_submissions set status = 'diagnosed', replied_at = $2, diagnosed_at = $3
       where id = $1`,
      [answered, '2026-11-25T10:04:00Z', '2026-11-25T15:00:00Z'],
    );
    // Seen 2 minutes after it arrived, taken ("I'm on it") after 3 (docs/alerts.md).
    await db.query(
      `insert into public.lead_attention (submission_id, first_seen_at, taken_by, taken_at)
       values ($1, $2::timestamptz + interval '2 minutes', 'sam@agency.co.uk',
               $2::timestamptz + interval '3 minutes')`,
      [answered, ARRIVAL],
    );
    await insertLeadAt(db, 'Forgotten Lead', '2026-11-26T09:00:00Z');
    await insertLeadAt(db, 'Spam Lead', '2026-11-26T09:00:00Z', true);
    let now = new Date('2026-11-30T07:59:00Z'); // Monday, a minute early
    const clocks = await clocksOn(db, sink, () => now);
    await clocks.runOnce();
    expect(subjects(sink).filter((s) => s?.startsWith('Weekly'))).toHaveLength(0);

    now = new Date('2026-11-30T08:00:00Z');
    await clocks.runOnce();
    await clocks.runOnce();
    const digests = sink.received.filter((m) => m.header('subject')?.startsWith('Weekly'));
    expect(digests.map((m) => m.header('subject'))).toEqual([
      'Weekly leads digest: the 7 days to 30 Nov 2026',
    ]);
    const text = digests[0]!.bodies['text/plain'] ?? '';
    expect(text).toContain('Leads: 2, and 1 held as suspected spam');
    expect(text).toContain('Median time to first reply: 4 min');
    expect(text).toContain('Replied within 5 minutes: 50% (1 of 2)');
    expect(text).toContain('Diagnosed within 24 hours: 50% (1 of 2)');
    expect(text).toContain('Time to first seen: median 2 min, 90% within 2 min');
    expect(text).toContain('Seen within 5 minutes: 50% (1 of 2)');
    expect(text).toContain(`Time to "I'm on it": median 3 min, 90% within 3 min`);
    expect(text).toContain('1 open lead is overdue:');
    expect(text).toContain('Forgotten Lead: reply was due Thu 26 Nov, 17:30');
  });
});

describeOnEmbedded('the lead clocks each working morning', (kind) => {
  it('list the leads held as suspected spam since the last working morning, each with why', async () => {
    const { db } = await openFreshBackend(kind);
    const sink = await SmtpSink.start();
    onTestFinished(() => sink.down());
    // Thursday, before Friday 08:00: Friday's note. Friday 09:00 to Monday 08:00: Monday's.
    await insertLeadAt(db, 'Thursday Trap', '2026-11-26T12:00:00Z', true);
    await insertLeadAt(db, 'Friday Trap', '2026-11-27T09:00:00Z', true);
    const pitch =
      'Dear website owner, we sell high quality backlinks and guest posts on DA 50 sites.';
    const byWords = async (name: string, createdAt: string) => {
      const [row] = await db.query(
        `insert into contact_submissions (name, email, message, created_at)
         values ($1, 'seller@example.com', $2, $3) returning id::text, suspected_spam`,
        [name, pitch, createdAt],
      );
      expect(row!.suspected_spam).toBe(true);
      return String(row!.id);
    };
    await byWords('Saturday Pitch', '2026-11-28T11:00:00Z');
    await byWords('www.cheap-links.example', '2026-11-29T11:00:00Z');
    // Released with "Not spam", or moved to Spam by a member: judged already, so not listed.
    const released = await byWords('Released Lead', '2026-11-28T12:00:00Z');
    await db.query(`update contact_submissions set suspected_spam = false where id = $1`, [
      released,
    ]);
    await db.query(
      `update contact_submissions set suspected_spam = true, spam_reasons = '{marked}'
       where id = $1`,
      [await insertLeadAt(db, 'Marked Lead', '2026-11-28T13:00:00Z')],
    );
    // After Monday 08:00: Tuesday's.
    await insertLeadAt(db, 'Monday Trap', '2026-11-30T08:30:00Z', true);

    let now = new Date('2026-11-27T07:59:00Z'); // Friday, a minute early
    const clocks = await clocksOn(db, sink, () => now);
    const notes = () => heldNotes(sink);
    await clocks.runOnce();
    expect(notes()).toHaveLength(0);

    now = new Date('2026-11-27T08:00:30Z'); // a minute's grace for an insert begun at 07:59
    await clocks.runOnce();
    expect(notes()).toHaveLength(0);
    now = new Date('2026-11-27T08:01:00Z');
    await clocks.runOnce();
    await clocks.runOnce();
    await sink.waitFor(1);
    expect(notes().map((m) => m.header('subject'))).toEqual(['1 lead held as suspected spam']);
    expect(notes()[0]!.bodies['text/plain']).toContain(
      '1 lead was held as suspected spam between Thu 26 Nov, 08:00 and Fri 27 Nov, 08:00',
    );
    expect(notes()[0]!.bodies['text/plain']).toContain(
      '- Thursday Trap: filled in the hidden field only bots see',
    );

    now = new Date('2026-11-28T10:00:00Z'); // Saturday: no working morning
    await clocks.runOnce();
    now = new Date('2026-11-30T08:01:00Z'); // Monday: the weekly digest, and the note
    await clocks.runOnce();
    await sink.waitFor(3);
    expect(subjects(sink).slice(1).sort()).toEqual([
      '3 leads held as suspected spam',
      'Weekly leads digest: the 7 days to 30 Nov 2026',
    ]);
    const monday = notes()[1]!.bodies['text/plain'] ?? '';
    expect(monday).toContain(
      '3 leads were held as suspected spam between Fri 27 Nov, 08:00 and Mon 30 Nov, 08:00',
    );
    expect(monday).toContain('press "Not spam"');
    expect(monday).toContain('- Friday Trap: filled in the hidden field only bots see');
    expect(monday).toContain(
      '- Saturday Pitch: calls you “website owner” or “business owner”, as mass pitches do; ' +
        'reads like a search-ranking or backlink pitch',
    );
    // The spammer's link in the name stays out of our email.
    expect(monday).toContain('- a name that looks like a link: a link in the name;');
    expect(monday).not.toContain('cheap-links');
    for (const judged of ['Released Lead', 'Marked Lead', 'Monday Trap', 'Thursday Trap']) {
      expect(monday).not.toContain(judged);
    }

    now = new Date('2026-12-01T08:01:00Z'); // Tuesday
    await clocks.runOnce();
    await sink.waitFor(4);
    expect(notes()[2]!.bodies['text/plain']).toContain('- Monday Trap:');
    now = new Date('2026-12-02T09:00:00Z'); // Wednesday: none held since Tuesday 08:00, no email
    await clocks.runOnce();
    expect(sink.received).toHaveLength(4);
  });
});

describeOnEmbedded('the held leads’ note over holidays and a refusing relay', (kind) => {
  it('covers a morning no instance ran, skips bank holidays, and sends the count alone if the list is refused', async () => {
    const { db } = await openFreshBackend(kind);
    const sink = await SmtpSink.start();
    onTestFinished(() => sink.down());
    await insertLeadAt(db, 'Tuesday Trap', '2026-12-22T10:00:00Z', true);
    await insertLeadAt(db, 'Wednesday Trap', '2026-12-23T10:00:00Z', true);
    await insertLeadAt(db, 'Boxing Day Trap', '2026-12-26T10:00:00Z', true);
    await insertLeadAt(db, 'cheap-seo.co.uk', '2026-12-27T10:00:00Z', true);
    let now = new Date('2026-12-23T08:01:00Z'); // Wednesday: Tuesday's lead
    const clocks = await clocksOn(db, sink, () => now);
    const notes = () => heldNotes(sink);
    await clocks.runOnce();
    await sink.waitFor(1);
    expect(notes()[0]!.bodies['text/plain']).toContain('- Tuesday Trap:');

    // No instance ran on Thursday 24th. Christmas and Monday 28th (Boxing Day's substitute) are
    // bank holidays: no note. Tuesday 29th's covers from Wednesday's 08:00.
    for (const day of ['2026-12-25T09:00:00Z', '2026-12-28T09:00:00Z']) {
      now = new Date(day);
      await clocks.runOnce();
    }
    expect(notes()).toHaveLength(1);
    // The relay refuses the list for a spammer's words: the count alone goes instead.
    sink.refuseText = 'Boxing Day Trap';
    now = new Date('2026-12-29T08:01:00Z');
    await clocks.runOnce();
    await sink.waitFor(2);
    expect(sink.refused).toBe(1);
    const tuesday = notes()[1]!.bodies['text/plain'] ?? '';
    expect(tuesday).toContain(
      '3 leads were held as suspected spam between Wed 23 Dec, 08:00 and Tue 29 Dec, 08:00',
    );
    expect(tuesday).toContain('They are under Spam in the inbox.');
    expect(tuesday).not.toContain('Trap');
    now = new Date('2026-12-29T09:00:00Z');
    await clocks.runOnce();
    expect(notes()).toHaveLength(2);
  });
});

describePostgres('the lead clocks, three instances on one PostgreSQL', () => {
  it('send each reminder, the digest and the held leads’ note once', async () => {
    const backend = await freshBackend('postgres');
    onTestFinished(() => backend.dispose());
    const sink = await SmtpSink.start();
    onTestFinished(() => sink.down());
    const databases = await Promise.all([1, 2, 3].map(() => openDatabase(backend.options)));
    for (const db of databases) onTestFinished(() => db.close());
    await insertLeadAt(databases[0]!, 'Shared Lead', '2026-11-27T10:00:00Z'); // Friday
    await insertLeadAt(databases[0]!, 'Held Lead', '2026-11-27T10:00:00Z', true);
    // Friday 17:00, half an hour before the reply is due; then Monday 08:30, the digest's hour.
    let now = new Date('2026-11-27T17:00:00Z');
    const instances = await Promise.all(databases.map((db) => clocksOn(db, sink, () => now)));
    const everyInstanceTwice = async () => {
      await Promise.all(instances.map((clocks) => clocks.runOnce()));
      await Promise.all(instances.map((clocks) => clocks.runOnce()));
    };
    // An instance that finds another holding the clocks' lock skips that notice until its next
    // round: on a busy host, a few rounds can all be skipped. So rounds run until the notices due
    // are out (on state, not on a count of rounds), then twice more: none goes again.
    const untilSent = async (notices: number) => {
      for (let round = 0; round < 20 && subjects(sink).length < notices; round++) {
        await Promise.all(instances.map((clocks) => clocks.runOnce()));
      }
      await everyInstanceTwice();
    };
    await untilSent(1);
    expect(subjects(sink)).toEqual(['Reminder: 1 lead deadline due soon']);
    now = new Date('2026-11-30T08:30:00Z');
    await untilSent(3);
    expect(subjects(sink).sort()).toEqual([
      '1 lead held as suspected spam',
      'Reminder: 1 lead deadline due soon',
      'Weekly leads digest: the 7 days to 30 Nov 2026',
    ]);
  });
});
