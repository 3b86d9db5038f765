import { expect, it, onTestFinished } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { createLeadMailer } from '../../server/leads/delivery/lead-mailer.ts';
import { startLeadClocks } from '../../server/leads/clocks/lead-clocks.ts';
import { defaultWorkingHours } from '../../server/leads/clocks/default-working-hours.ts';
import { startEscalation } from '../../server/leads/push/escalation.ts';
import { describeOnEmbedded, openFreshBackend } from './support/backends.ts';
import { SmtpSink } from '../support/smtp-sink.ts';

/**
 * The agency's own notices (reminders, the weekly digest, escalation emails) name the leads
 * they are about. A relay that refuses one lead's name for good (a spam filter's 5xx to a
 * blocklisted domain in it) must not cost the other leads their notice: the notice goes again
 * without the names (docs/lead-clocks.md, docs/alerts.md). Time is the test's, never waited for.
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

const insertLead = async (db: Database, name: string, createdAt: string) => {
  const [row] = await db.query(
    `insert into contact_submissions (name, email, message, created_at)
     values ($1, 'visitor@example.com', 'Our booking form is broken', $2) returning id::text`,
    [name, createdAt],
  );
  return String(row!.id);
};

const SITE_URL = 'https://agency.example';
const log = { info: () => {}, warn: () => {} };

describeOnEmbedded('a relay that refuses one lead’s name in the agency’s notices', () => {
  it('still reminds the agency of every deadline, the refused name left out', async () => {
    const { db, sink, mail } = await notices();
    // Wednesday 25 November 2026: both replies due at 17:30 (GMT).
    await insertLead(db, POISON, '2026-11-25T10:00:00Z');
    await insertLead(db, 'Real Rita', '2026-11-25T10:30:00Z');
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
      const id = await insertLead(db, name, '2026-11-25T10:00:00Z');
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
