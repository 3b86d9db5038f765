import { expect, it } from 'vitest';
import { NEXT_DUE_MS } from '../../server/leads/push/push-queries.ts';
import { describeEachBackend, openFreshBackend } from './support/backends.ts';

/**
 * An idle push worker waits its poll (2 s), woken sooner only by a NOTIFY or a push that falls
 * due: with nothing queued, no push is due. PostgreSQL's greatest(0, NULL) is 0, which once made
 * an empty queue "due now", so every idle server ran the worker's round every 10 ms: about 90
 * claims a second, an eighth of a core on the embedded database.
 */
describeEachBackend('alerts: the push worker at rest', (kind) => {
  it('finds no push due in an empty queue, and a queued one when it falls due', async () => {
    const { db } = await openFreshBackend(kind);
    expect(await db.query(NEXT_DUE_MS)).toEqual([{ ms: null }]);

    await db.query(`insert into app_private.inbox_members (email) values ('a@example.co.uk')`);
    const [device] = await db.query(
      `insert into public.push_devices (member, endpoint, browser)
       values ('a@example.co.uk', 'https://push.example/idle', 'Firefox') returning id`,
    );
    await db.query(
      `insert into app_private.push_queue (device_id, kind, next_attempt_at)
       values ($1, 'waiting', now() + interval '60 seconds')`,
      [device!.id],
    );
    const [{ ms } = {}] = await db.query(NEXT_DUE_MS);
    expect(Number(ms)).toBeGreaterThan(0);
    expect(Number(ms)).toBeLessThanOrEqual(60_000);
  });
});
