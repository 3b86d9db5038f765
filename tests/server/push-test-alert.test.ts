import { beforeAll, expect, it } from 'vitest';
import { describeEachBackend, sharedPerBackend } from './support/backends.ts';
import { addDevice, PUSH_WITHIN_MS, signedIn, startPushInbox } from './support/push-inbox.ts';
import { until } from '../support/until.ts';
import { addMembers } from '../../server/auth/members.ts';

/**
 * "Send a test alert" (docs/alerts.md): one push to each of the member's own
 * devices through the real worker and a push service that decrypts it, and
 * each device's answer read back: accepted, refused with its status, or gone.
 */

const pushInbox = sharedPerBackend((kind) => startPushInbox(kind));
type Shared = ReturnType<ReturnType<typeof pushInbox>>;
const NEWCOMER = 'newcomer@example.co.uk';
type Result = { device_id: number; browser: string; outcome: string; status: number | null };

// per backend: the RPC wakes the worker by NOTIFY, which PGlite and pg's listener deliver differently.
describeEachBackend('alerts: a test alert', (kind) => {
  const shared = pushInbox(kind);
  let inbox: Shared['inbox'];
  let service: Shared['service'];
  let owner: Shared['owner'];
  let partner: Shared['partner'];
  beforeAll(() => void ({ inbox, service, owner, partner } = shared()));

  const resultsOf = (client: Shared['owner'], batch: string) =>
    until(
      async () => (await client.rpc('inbox_test_alert_results', { batch })).data as Result[],
      PUSH_WITHIN_MS,
      `every device's answer to test alert ${batch}`,
      (rows) => rows.length > 0 && rows.every((row) => row.outcome !== 'waiting'),
    );

  it('pushes to the member’s own devices only and says which push service accepted it', async () => {
    const phone = await addDevice(owner, service, 'Chrome on Android');
    const unsubscribed = await addDevice(owner, service, 'Firefox on Linux');
    const broken = await addDevice(owner, service, 'Edge on Windows');
    const theirs = await addDevice(partner, service);
    service.answers.set(unsubscribed.id, 410);
    service.answers.set(broken.id, 400);

    const sent = await owner.rpc('inbox_send_test_alert');
    expect(sent.error).toBeNull();
    expect(await resultsOf(owner, sent.data)).toEqual([
      { device_id: phone.rowId, browser: 'Chrome on Android', outcome: 'accepted', status: 201 },
      { device_id: unsubscribed.rowId, browser: 'Firefox on Linux', outcome: 'gone', status: 410 },
      { device_id: broken.rowId, browser: 'Edge on Windows', outcome: 'refused', status: 400 },
    ]);
    const [push, ...more] = service.pushesTo(phone.id);
    expect(more).toEqual([]);
    expect(push!.payload).toEqual({
      kind: 'test',
      title: 'Test alert',
      body: expect.stringContaining('no new lead'),
      url: '/inbox/',
    });
    expect(service.pushesTo(theirs.id)).toEqual([]);
    // A gone subscription is forgotten, as for a lead's push; the others stay.
    const devices = await owner.from('push_devices').select('id');
    expect(devices.data).toEqual([{ id: phone.rowId }, { id: broken.rowId }]);
    // Another member cannot read the answers.
    expect((await partner.rpc('inbox_test_alert_results', { batch: sent.data })).data).toEqual([]);
    expect(service.problems).toEqual([]);
  });

  it('sends one batch per member every 10 seconds', async () => {
    const first = await partner.rpc('inbox_send_test_alert');
    expect(first.error).toBeNull();
    const again = await partner.rpc('inbox_send_test_alert');
    expect(again.status).toBe(429);
    expect(again.error).toMatchObject({ code: 'PT429', hint: expect.stringMatching(/Try again/) });
    await resultsOf(partner, first.data);
  });

  it('refuses a visitor who is no member, and a member with no device', async () => {
    const visitor = await inbox.client().rpc('inbox_send_test_alert');
    expect(visitor.status).toBe(401);
    await addMembers(inbox.server.database, [NEWCOMER]);
    const newcomer = await signedIn(inbox, NEWCOMER);
    const none = await newcomer.rpc('inbox_send_test_alert');
    expect(none.status).toBe(400);
    expect(none.error?.message).toMatch(/turn alerts on first/);
  });
});
