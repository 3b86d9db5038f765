import { expect, it } from 'vitest';
import { defaultWorkingHours } from '../../server/leads/clocks/default-working-hours.ts';
import { responseDue } from '../../server/leads/clocks/deadlines.ts';
import { pushMessage, withArrival } from '../../server/leads/push/push-message.ts';
import { describeOnEmbedded, openFreshBackend } from './support/backends.ts';

/**
 * A lead's push names its reply time (docs/alerts.md). Sent before the clocks' worker has set
 * reply_due, it applies the clocks' rule itself, and must start it where the clocks will
 * (docs/lead-clocks.md): a lead released by "Not spam" arrives when released.
 */

const hours = defaultWorkingHours();

/** Friday 27 November 2026, 18:00 in London (GMT), stored and held as suspected spam. */
const STORED = '2026-11-27T18:00:00Z';
/** Released by "Not spam" on Monday 30 November at 10:00: the inbox shows it due 17:30 that day. */
const RELEASED = '2026-11-30T10:00:00Z';

describeOnEmbedded('the reply time a push names', () => {
  it('for a lead released by "Not spam" is the one its clock will show, not Friday\'s', async () => {
    const { db } = await openFreshBackend('embedded');
    const [lead] = await db.query(
      `insert into contact_submissions (name, email, message, created_at, suspected_spam)
       values ('Held Then Real', 'visitor@example.com', 'Our booking form is broken', $1, true)
       returning id, name, submission_key, created_at, reply_due`,
      [STORED],
    );
    // As inbox_not_spam does it, at a set time: released, and the release recorded.
    await db.query('update contact_submissions set suspected_spam = false where id = $1', [
      lead!.id,
    ]);
    await db.query(
      `insert into lead_activity (submission_id, actor, action, at)
       values ($1, 'owner@agency.example', 'not_spam', $2)`,
      [lead!.id, RELEASED],
    );
    // The claimed row as app_private.push_claim() returns it, before the clocks ran.
    const claimed = {
      kind: 'lead',
      lead_id: lead!.id,
      name: lead!.name,
      submission_key: lead!.submission_key,
      created_at: lead!.created_at,
      reply_due: null,
      take_token: 'token',
    };
    const message = pushMessage(
      await withArrival(db, claimed),
      hours,
      new Date('2026-11-30T10:00:05Z'),
    );
    expect(message?.payload).toMatchObject({
      replyBy: responseDue(new Date(RELEASED), hours).toISOString(),
      body: expect.stringContaining('17:30'),
    });
    expect(responseDue(new Date(RELEASED), hours).toISOString()).toBe('2026-11-30T17:30:00.000Z');

    // The same lead to a second device in the same round: its arrival is not read again.
    const arrivals = new Map<string, Promise<unknown>>();
    let reads = 0;
    const counting = {
      query: (sql: string, params?: unknown[]) => (reads++, db.query(sql, params)),
    };
    const [first, second] = await Promise.all([
      withArrival(counting, claimed, arrivals),
      withArrival(counting, { ...claimed, take_token: 'other' }, arrivals),
    ]);
    expect([first.arrived_at, second.arrived_at, reads]).toEqual([
      (await withArrival(db, claimed)).arrived_at,
      (await withArrival(db, claimed)).arrived_at,
      1,
    ]);

    // Once the clocks have set it, their reply_due is said as it is.
    const clocked = { ...claimed, reply_due: '2026-11-30T17:30:00Z' };
    expect(await withArrival(db, clocked)).toBe(clocked);
  });
});
