import { beforeAll, expect, it } from 'vitest';
import { describeEachBackend, sharedPerBackend } from './support/backends.ts';
import { OWNER, storeLead } from './support/inbox.ts';
import { addDevice, PUSH_WITHIN_MS, pushFor, startPushInbox } from './support/push-inbox.ts';
import { until } from '../support/until.ts';

/**
 * Every real lead on every device within 10 s, through a push service that
 * checks and decrypts each message (tests/support/push-service.ts). The
 * server's poll is set far beyond 10 s: the insert itself wakes the worker.
 */

const LEAD = { name: 'Jane Doe', email: 'jane@example.co.uk', message: 'Secret plans for a site' };

const pushInbox = sharedPerBackend((kind) => startPushInbox(kind));
type Shared = ReturnType<ReturnType<typeof pushInbox>>;

// per backend: the insert wakes the worker by NOTIFY, which PGlite and pg's listener deliver differently.
describeEachBackend('alerts: pushing a lead', (kind) => {
  const shared = pushInbox(kind);
  let inbox: Shared['inbox'];
  let service: Shared['service'];
  let owner: Shared['owner'];
  let partner: Shared['partner'];
  beforeAll(() => void ({ inbox, service, owner, partner } = shared()));

  it('pushes a stored lead to every member’s device within 10 s, as the contract says', async () => {
    const [mine, theirs] = [await addDevice(owner, service), await addDevice(partner, service)];
    const stored = performance.now();
    const id = await storeLead(inbox.server, LEAD);
    for (const device of [mine, theirs]) {
      const push = (await pushFor(service, device.id, id))!;
      expect(push.at - stored).toBeLessThan(PUSH_WITHIN_MS);
      expect(push).toMatchObject({ urgency: 'high', topic: `lead-${id}` });
      expect(push.ttl).toBeLessThanOrEqual(86_400);
      expect(push.claims.sub).toBe('mailto:agency@example.co.uk');
      expect(push.payload).toMatchObject({
        kind: 'lead',
        leadId: id,
        name: LEAD.name,
        reference: expect.stringMatching(/^FD-[0-9A-Z]{4}-[0-9A-Z]{4}$/),
        title: `New lead: ${LEAD.name}`,
        body: expect.stringMatching(/^FD-.{9} · reply by /),
        url: `/inbox/#lead=${id}`,
        replyBy: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        takeToken: expect.any(String),
      });
      // The lock screen shows the push: never the visitor's message or address.
      expect(JSON.stringify(push.payload)).not.toMatch(/Secret plans|jane@/);
    }
    expect(service.problems).toEqual([]);
  });

  it('does not push suspected spam, and pushes it once released with "Not spam"', async () => {
    const device = await addDevice(owner, service);
    const spam = await storeLead(inbox.server, { ...LEAD, suspected_spam: true });
    const real = await storeLead(inbox.server, LEAD);
    await pushFor(service, device.id, real);
    expect(service.pushesTo(device.id).map((push) => push.payload.leadId)).toEqual([real]);
    expect((await owner.rpc('inbox_not_spam', { lead_id: spam })).error).toBeNull();
    await pushFor(service, device.id, spam);
  });

  it('replaces the other members’ notification with "Taken by", by the same topic', async () => {
    const [mine, theirs] = [await addDevice(owner, service), await addDevice(partner, service)];
    const id = await storeLead(inbox.server, LEAD);
    await pushFor(service, theirs.id, id);
    const token = (await pushFor(service, mine.id, id))!.payload.takeToken;
    const taken = await inbox.fetch(`${inbox.url}/rest/v1/rpc/inbox_take_from_alert`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    expect(taken.status).toBe(204);
    const news = (await pushFor(service, theirs.id, id, 'taken'))!;
    expect(news).toMatchObject({ topic: `lead-${id}`, urgency: 'high' });
    expect(news.payload).toMatchObject({ takenBy: OWNER, body: `Taken by ${OWNER}` });
    // Not to the member who took it: the take queues every "Taken by" in its own transaction, so
    // by now the queue says all that will be sent (a sent push could still be on its way).
    const queued = await inbox.server.query(
      `select q.device_id, d.member from app_private.push_queue q
       join public.push_devices d on d.id = q.device_id
       where q.kind = 'taken' and q.submission_id = $1`,
      [id],
    );
    expect(queued.map((row) => Number(row.device_id))).toContain(theirs.rowId);
    expect(queued.filter((row) => row.member === OWNER)).toEqual([]);
    expect(service.pushesTo(mine.id).filter((push) => push.payload.kind === 'taken')).toEqual([]);
  });

  it('forgets a device at once when its push service answers 410', async () => {
    const device = await addDevice(owner, service);
    service.answers.set(device.id, 410);
    await storeLead(inbox.server, LEAD);
    await until(
      async () =>
        (
          await inbox.server.query('select 1 from public.push_devices where id = $1', [
            device.rowId,
          ])
        ).length,
      PUSH_WITHIN_MS,
      'the device to be forgotten',
      (rows) => rows === 0,
    );
  });
});

// per backend: as above.
describeEachBackend('alerts: a flood', (kind) => {
  const shared = pushInbox(kind);
  let inbox: Shared['inbox'];
  let service: Shared['service'];
  let owner: Shared['owner'];
  beforeAll(() => void ({ inbox, service, owner } = shared()));

  it('pushes 10 leads a minute one by one, then one "waiting" push that counts the rest', async () => {
    const device = await addDevice(owner, service);
    const ids: number[] = [];
    for (let i = 0; i < 15; i++)
      ids.push(await storeLead(inbox.server, { ...LEAD, name: `Lead ${i}` }));
    const waiting = await until(
      () =>
        service
          .pushesTo(device.id)
          .filter((push) => push.payload.kind === 'waiting')
          .at(-1),
      PUSH_WITHIN_MS * 2,
      'a waiting push counting 5',
      (push) => push?.payload.count === 5,
    );
    expect(waiting).toMatchObject({ topic: 'waiting', urgency: 'high' });
    expect(waiting!.payload).toMatchObject({ title: '5 new leads waiting', url: '/inbox/' });
    const single = service.pushesTo(device.id).filter((push) => push.payload.kind === 'lead');
    // The first ten, in order of arrival, each on its own.
    expect(single.map((push) => push.payload.leadId).sort((a, b) => Number(a) - Number(b))).toEqual(
      ids.slice(0, 10),
    );
    expect(service.problems).toEqual([]);
  });
});
