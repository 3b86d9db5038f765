import { expect, it } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { CLAIM_PUSHES } from '../../server/leads/push/push-queries.ts';
import { PUSH_CLAIM_ARGUMENTS, PUSHES_PER_MINUTE } from '../../server/leads/push/push-worker.ts';
import { describeOnEmbedded, openFreshBackend } from './support/backends.ts';

/**
 * The flood's "waiting" push, claimed the way the push worker claims it
 * (app_private.push_claim), one call at a time, with the rows of one call in a
 * set order. Under load the worker's calls met this order now and then, and
 * the phone showed a short count (push-delivery.test.ts's flood, a loaded run).
 */

/** The worker's claim, with its own arguments: each row's kind and count. */
const claim = async (db: Database) =>
  (await db.query(CLAIM_PUSHES, [...PUSH_CLAIM_ARGUMENTS])).map(({ kind, waiting }) => ({
    kind,
    waiting,
  }));

async function lead(db: Database, name: string) {
  await db.query(
    `insert into public.contact_submissions (name, email, message)
     values ($1, 'lead@example.co.uk', 'A message long enough')`,
    [name],
  );
}

// The claim is SQL, the same on either database; the order of its rows is what is tested.
describeOnEmbedded('alerts: the waiting count', (kind) => {
  it('counts a lead collapsed after the waiting push was claimed in the next waiting push', async () => {
    const { db } = await openFreshBackend(kind);
    await db.query(`insert into app_private.inbox_members (email) values ('owner@example.co.uk')`);
    await db.query(`insert into app_private.push_hosts (host) values ('push.example')`);
    const [device] = await db.query(
      `insert into public.push_devices (member, endpoint, browser)
       values ('owner@example.co.uk', 'https://push.example/d1', 'Chrome on Android') returning id`,
    );
    await db.query(
      `insert into app_private.push_device_keys (device_id, p256dh, auth) values ($1, $2, $3)`,
      [device!.id, 'B'.repeat(87), 'a'.repeat(22)],
    );
    // Ten leads pushed one by one in the last minute: the device is at its pace.
    for (let i = 0; i < PUSHES_PER_MINUTE; i++) await lead(db, `Lead ${i}`);
    expect(await claim(db)).toHaveLength(PUSHES_PER_MINUTE);
    await db.query(`update app_private.push_queue set sent_at = now(), locked_until = null`);

    // In one call: a lead that collapses, then the waiting push it queued, then a lead after it.
    await lead(db, 'Eleventh');
    await db.query(`insert into app_private.push_queue (device_id, kind) values ($1, 'waiting')`, [
      device!.id,
    ]);
    await lead(db, 'Twelfth');
    expect(await claim(db)).toEqual([{ kind: 'waiting', waiting: 1 }]);
    await db.query(`update app_private.push_queue set sent_at = now(), locked_until = null
                    where kind = 'waiting' and locked_until is not null`);

    // The twelfth was not in that count: the next waiting push, once its gap is over, has both.
    await db.query(`update app_private.push_queue set next_attempt_at = now()
                    where kind = 'waiting' and sent_at is null`);
    expect(await claim(db)).toEqual([{ kind: 'waiting', waiting: 2 }]);
  });
});
