import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, expect, it } from 'vitest';
import { addMembers, removeMember } from '../../server/auth/members.ts';
import { describeEachBackend, describeOnEmbedded, sharedPerBackend } from './support/backends.ts';
import { OWNER, startInboxServer } from './support/inbox.ts';
import { PARTNER, signedIn } from './support/push-inbox.ts';
import { deviceArgs, testSubscription } from './support/push-subscription.ts';

/**
 * Devices with alerts on (20261126100000_web_push.sql): a member's own only,
 * on a known push service only, and gone with the member or a sign-out
 * everywhere. Hostile input gets PostgREST's 4xx and stores nothing.
 */

const FCM = 'https://fcm.googleapis.com/fcm/send/';
/** A host:port the test adds through WEB_PUSH_HOSTS, as a local push service would be. */
const LISTED = 'localhost:8443';

const pushInbox = sharedPerBackend(async (kind) => {
  const inbox = await startInboxServer(kind, { webPushHosts: [LISTED] });
  await addMembers(inbox.server.database, [PARTNER]);
  return {
    inbox,
    owner: await signedIn(inbox, OWNER),
    partner: await signedIn(inbox, PARTNER),
    close: () => inbox.close(),
  };
});

type Shared = ReturnType<ReturnType<typeof pushInbox>>;

const devicesOf = async (inbox: Shared['inbox'], member: string) =>
  (
    await inbox.server.query('select endpoint from public.push_devices where member = $1', [member])
  ).map((row) => String(row.endpoint));

async function add(client: SupabaseClient, endpoint: string, changes: object = {}) {
  return client.rpc('inbox_add_push_device', {
    ...deviceArgs(testSubscription(endpoint)),
    ...changes,
  });
}

describeOnEmbedded('alerts: a member’s devices', (kind) => {
  const shared = pushInbox(kind);
  let inbox: Shared['inbox'];
  let owner: Shared['owner'];
  let partner: Shared['partner'];
  beforeAll(() => void ({ inbox, owner, partner } = shared()));

  it('gives a member the VAPID public key, and a visitor nothing', async () => {
    const { data, error } = await owner.rpc('inbox_push_key');
    expect(error).toBeNull();
    expect(data).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const anon = await inbox.client().rpc('inbox_push_key');
    expect(anon.status).toBe(401);
  });

  it('stores a device on a known push service, readable by its own member without its keys', async () => {
    const endpoint = `${FCM}own-device`;
    const { data: id, error } = await add(owner, endpoint);
    expect(error).toBeNull();
    const own = await owner.from('push_devices').select('*');
    expect(own.data).toEqual([
      expect.objectContaining({ id, member: OWNER, endpoint, browser: 'Chrome on Android' }),
    ]);
    expect(Object.keys(own.data![0]!)).not.toContain('p256dh');
    const theirs = await partner.from('push_devices').select('*').eq('id', id);
    expect(theirs.data).toEqual([]);
    // Subscribing again (new keys, same endpoint) is the same device.
    const again = await add(owner, endpoint, { browser: 'Chrome' });
    expect(again.data).toBe(id);
  });

  it('accepts Microsoft’s hosts under notify.windows.com and a WEB_PUSH_HOSTS entry', async () => {
    for (const endpoint of [
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB',
      `https://${LISTED}/push/one`,
      'https://updates.push.services.mozilla.com:443/wpush/v2/gAAAA',
    ]) {
      const { error } = await add(partner, endpoint);
      expect(error, endpoint).toBeNull();
    }
  });

  it('refuses any other endpoint with a 400 that says why, storing nothing', async () => {
    const before = await devicesOf(inbox, OWNER);
    const refused = [
      'https://evil.example.com/push',
      'http://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com@evil.example.com/x',
      'https://fcm.googleapis.com.evil.example.com/x',
      'https://evil\\@fcm.googleapis.com/x',
      'https://notify.windows.com/x',
      'https://evilnotify.windows.com/x',
      'https://fcm.googleapis.com:8443/x',
      'https://localhost:8444/push',
      'https://localhost/push',
      'https://127.0.0.1/push',
      'https://10.0.0.7/push',
      'https://169.254.169.254/latest/meta-data/',
      'https://[::1]:8443/push',
      'https://fcm.googleapis.com/x y',
      `${FCM}${'a'.repeat(1100)}`,
      'fcm.googleapis.com/fcm/send/x',
      '',
    ];
    for (const endpoint of refused) {
      const { error, status } = await add(owner, endpoint);
      expect(status, endpoint).toBe(400);
      expect(error, endpoint).toMatchObject({ code: '22023' });
      expect(error!.message, endpoint).toMatch(/push service|https URL/);
    }
    expect(await devicesOf(inbox, OWNER)).toEqual(before);
  });

  it('refuses a malformed subscription with a 400, storing nothing', async () => {
    const before = await devicesOf(inbox, OWNER);
    const endpoint = `${FCM}malformed`;
    const bad = {
      'a short key': { p256dh: 'BAAA' },
      'a compressed key': { p256dh: `A${'B'.repeat(86)}` },
      'a key of other characters': { p256dh: `B${'+'.repeat(86)}` },
      'a long auth': { auth: 'a'.repeat(40) },
      'no auth': { auth: null },
      'an empty browser': { browser: ' ' },
      'a long browser': { browser: 'x'.repeat(101) },
      'a control character': { browser: 'Chrome\u0007' },
    };
    for (const [what, changes] of Object.entries(bad)) {
      const { error, status } = await add(owner, endpoint, changes);
      expect(status, what).toBe(400);
      expect(error, what).toMatchObject({ code: '22023' });
    }
    const huge = await inbox.fetch(`${inbox.url}/rest/v1/rpc/inbox_add_push_device`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ endpoint: 'x'.repeat(200_000) }),
    });
    expect(huge.status).toBeGreaterThanOrEqual(400);
    expect(huge.status).toBeLessThan(500);
    expect(await devicesOf(inbox, OWNER)).toEqual(before);
  });
});

describeOnEmbedded('alerts: one member cannot touch another’s devices', (kind) => {
  const shared = pushInbox(kind);
  let inbox: Shared['inbox'];
  let owner: Shared['owner'];
  let partner: Shared['partner'];
  beforeAll(() => void ({ inbox, owner, partner } = shared()));

  it('refuses a member’s token for another member’s endpoint, and their device ids', async () => {
    const endpoint = `${FCM}owners-phone`;
    const { data: id } = await add(owner, endpoint);
    const takeover = await add(partner, endpoint);
    expect(takeover.status).toBe(409);
    const removal = await partner.rpc('inbox_remove_push_device', { device_id: id });
    expect(removal.status).toBe(404);
    expect(await devicesOf(inbox, OWNER)).toContain(endpoint);
    // The function takes no member: an extra argument names no function at all.
    const named = await partner.rpc('inbox_add_push_device', {
      ...deviceArgs(testSubscription(`${FCM}as-owner`)),
      member: OWNER,
    });
    expect(named.status).toBe(404);
    expect(await devicesOf(inbox, OWNER)).not.toContain(`${FCM}as-owner`);
  });

  it('removes a member’s own device on request', async () => {
    const { data: id } = await add(partner, `${FCM}to-remove`);
    const { status } = await partner.rpc('inbox_remove_push_device', { device_id: id });
    expect(status).toBe(204);
    expect(await devicesOf(inbox, PARTNER)).not.toContain(`${FCM}to-remove`);
  });

  it('removes every device of a member who signs out everywhere', async () => {
    const leaving = await signedIn(inbox, PARTNER);
    await add(leaving, `${FCM}partner-laptop`);
    expect(await devicesOf(inbox, PARTNER)).toContain(`${FCM}partner-laptop`);
    const { error } = await leaving.auth.signOut({ scope: 'global' });
    expect(error).toBeNull();
    expect(await devicesOf(inbox, PARTNER)).toEqual([]);
  });

  it('removes a removed member’s devices', async () => {
    const temp = 'temp@example.co.uk';
    await addMembers(inbox.server.database, [temp]);
    const client = await signedIn(inbox, temp);
    await add(client, `${FCM}temp-phone`);
    expect(await devicesOf(inbox, temp)).toHaveLength(1);
    await removeMember(inbox.server.database, temp);
    expect(await devicesOf(inbox, temp)).toEqual([]);
  });
});

describeEachBackend('alerts: an endpoint compared as a URL', (kind) => {
  const shared = pushInbox(kind);
  let inbox: Shared['inbox'];
  let owner: Shared['owner'];
  let partner: Shared['partner'];
  const PARTNER = `spelling-${kind}@example.co.uk`;
  // Sessions of their own: the tests above sign members out and remove them.
  beforeAll(async () => {
    ({ inbox } = shared());
    await addMembers(inbox.server.database, [PARTNER]);
    owner = await signedIn(inbox, OWNER);
    partner = await signedIn(inbox, PARTNER);
  });

  it('refuses another member’s endpoint spelt with :443 or an upper-case host, and stores one spelling', async () => {
    const endpoint = `${FCM}spelt-${kind}`;
    const mine = await add(owner, endpoint);
    expect(mine.error).toBeNull();
    for (const spelling of [
      endpoint.replace('fcm.googleapis.com', 'fcm.googleapis.com:443'),
      endpoint.replace('fcm.googleapis.com', 'FCM.GoogleAPIs.com'),
      endpoint.replace('fcm.googleapis.com', 'Fcm.googleapis.com:00443'),
    ]) {
      const theirs = await add(partner, spelling);
      expect(theirs.status, spelling).toBe(409);
      expect(theirs.error, spelling).toMatchObject({ code: 'PT409' });
      // The owner's own device under another spelling is the same device.
      expect((await add(owner, spelling)).data, spelling).toBe(mine.data);
    }
    expect(await devicesOf(inbox, PARTNER)).not.toContain(endpoint);
    expect(
      (await devicesOf(inbox, OWNER)).filter((stored) => stored.toLowerCase().includes('spelt')),
    ).toEqual([endpoint]);
    // A listed host keeps a port of its own: another port is another endpoint.
    const listed = `https://${LISTED}/push/port-${kind}`;
    expect((await add(owner, listed)).error).toBeNull();
    expect((await add(partner, listed.replace(':8443', ':8444'))).status).toBe(400);
  });
});
