import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, expect, it } from 'vitest';
import { addMembers, removeMember } from '../../server/auth/members.ts';
import { describeEachBackend, sharedPerBackend } from './support/backends.ts';
import { OWNER, startInboxServer, storeLead, type Reach } from './support/inbox.ts';
import { PARTNER, signedIn } from './support/push-inbox.ts';
import { deviceArgs, testSubscription } from './support/push-subscription.ts';

/**
 * "I'm on it" from a notification (docs/alerts.md): the push's token names the
 * lead and the device it went to, and works only while that device is
 * registered and the session that registered it lives. A lost phone whose
 * member signed out takes no lead.
 */

/** A push host the test lists through WEB_PUSH_HOSTS; nothing needs to answer there. */
const LISTED = 'localhost:8443';
const LEAD = { name: 'Jane Doe', email: 'jane@example.co.uk', message: 'A new site, please' };

const takeInbox = sharedPerBackend(async (kind) => {
  const inbox = await startInboxServer(kind, { webPushHosts: [LISTED] });
  await addMembers(inbox.server.database, [PARTNER]);
  return { inbox, owner: await signedIn(inbox, OWNER), close: () => inbox.close() };
});

type Shared = ReturnType<ReturnType<typeof takeInbox>>;

/** The service worker's call: no session, and on our server no key (src/inbox/supabase.ts). */
async function takeFromAlert(server: Reach, token: unknown) {
  const response = await server.fetch(`${server.url}/rest/v1/rpc/inbox_take_from_alert`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  const text = await response.text();
  return {
    status: response.status,
    error: text ? (JSON.parse(text) as { code?: string; message?: string }) : null,
  };
}

let devices = 0;

/** Alerts turned on by `client` for a new device, as the inbox's button does; its row id. */
async function addDevice(client: SupabaseClient, endpoint = `https://${LISTED}/push/${++devices}`) {
  const { data, error } = await client.rpc(
    'inbox_add_push_device',
    deviceArgs(testSubscription(endpoint)),
  );
  expect(error).toBeNull();
  return Number(data);
}

describeEachBackend('alerts: the token of "I’m on it" from a notification', (kind) => {
  const shared = takeInbox(kind);
  let inbox: Shared['inbox'];
  let owner: Shared['owner'];
  beforeAll(() => void ({ inbox, owner } = shared()));

  /** The token the push worker puts in the push of `lead` to `device` (app_private.push_claim). */
  const tokenFor = async (lead: number, device: number) =>
    String(
      (
        await inbox.server.query('select app_private.push_take_token($1, $2) as token', [
          lead,
          device,
        ])
      )[0]!.token,
    );
  const takenBy = async (lead: number) =>
    (
      await inbox.server.query(
        'select taken_by from public.lead_attention where submission_id = $1',
        [lead],
      )
    )[0]?.taken_by ?? null;
  /** A refusal in PostgREST's shape that tells the member to open the inbox, with nothing taken. */
  const expectRefused = async (lead: number, token: string, what: string) => {
    const answer = await takeFromAlert(inbox, token);
    expect(answer.status, what).toBe(403);
    expect(answer.error, what).toMatchObject({ code: 'PT403', message: /open the inbox/ });
    expect(await takenBy(lead), what).toBeNull();
  };

  it('takes the lead for the device’s member, with no session of its own', async () => {
    const partner = await signedIn(inbox, PARTNER);
    const lead = await storeLead(inbox.server, LEAD);
    const answer = await takeFromAlert(inbox, await tokenFor(lead, await addDevice(partner)));
    expect(answer).toEqual({ status: 204, error: null });
    expect(await takenBy(lead)).toBe(PARTNER);
  });

  it('refuses a malformed, forged, other-lead, other-device or later-expiry token', async () => {
    const device = await addDevice(owner);
    const lead = await storeLead(inbox.server, LEAD);
    const other = await storeLead(inbox.server, LEAD);
    const [, exp, , signature] = (await tokenFor(lead, device)).split('.');
    const malformed = await takeFromAlert(inbox, 'hello');
    expect(malformed.status).toBe(400);
    for (const [what, token] of [
      ['a forged signature', `${lead}.${exp}.${device}.${'0'.repeat(64)}`],
      ['another lead', `${other}.${exp}.${device}.${signature}`],
      ['another device', `${lead}.${exp}.${device + 1}.${signature}`],
      ['a later expiry', `${lead}.${Number(exp) + 1}.${device}.${signature}`],
    ] as const) {
      await expectRefused(lead, token, what);
    }
  });

  it('dies when the session that turned alerts on signs out, locally or from another device', async () => {
    const lead = await storeLead(inbox.server, LEAD);
    const phone = await signedIn(inbox, PARTNER);
    const laptop = await signedIn(inbox, PARTNER);
    const lost = await tokenFor(lead, await addDevice(phone));
    expect((await phone.auth.signOut({ scope: 'local' })).error).toBeNull();
    await expectRefused(lead, lost, 'signed out on the phone');

    const tablet = await signedIn(inbox, PARTNER);
    const stolen = await tokenFor(lead, await addDevice(tablet));
    expect((await laptop.auth.signOut({ scope: 'others' })).error).toBeNull();
    await expectRefused(lead, stolen, 'signed out from the laptop, scope others');

    // The laptop's own session lives: a device it registers takes the lead.
    const kept = await tokenFor(lead, await addDevice(laptop));
    expect((await takeFromAlert(inbox, kept)).status).toBe(204);
    expect(await takenBy(lead)).toBe(PARTNER);
  });

  it('works again once the inbox, signed in anew, registers the device again', async () => {
    const lead = await storeLead(inbox.server, LEAD);
    const endpoint = `https://${LISTED}/push/renewed-${kind}`;
    const before = await signedIn(inbox, PARTNER);
    const device = await addDevice(before, endpoint);
    expect((await before.auth.signOut({ scope: 'local' })).error).toBeNull();
    await expectRefused(
      lead,
      await tokenFor(lead, device),
      'before the device is registered again',
    );
    // The same subscription registered from the new session: the same device, bound anew.
    expect(await addDevice(await signedIn(inbox, PARTNER), endpoint)).toBe(device);
    expect((await takeFromAlert(inbox, await tokenFor(lead, device))).status).toBe(204);
  });

  it('dies with the device, with sign-out everywhere, and with the member', async () => {
    const lead = await storeLead(inbox.server, LEAD);
    const removing = await signedIn(inbox, PARTNER);
    const removed = await addDevice(removing);
    const token = await tokenFor(lead, removed);
    expect(
      (await removing.rpc('inbox_remove_push_device', { device_id: removed })).error,
    ).toBeNull();
    await expectRefused(lead, token, 'the device removed');

    const everywhere = await signedIn(inbox, PARTNER);
    const forgotten = await tokenFor(lead, await addDevice(everywhere));
    expect((await everywhere.auth.signOut({ scope: 'global' })).error).toBeNull();
    await expectRefused(lead, forgotten, 'signed out everywhere');

    const leaving = `leaving-${kind}@example.co.uk`;
    await addMembers(inbox.server.database, [leaving]);
    const theirs = await tokenFor(lead, await addDevice(await signedIn(inbox, leaving)));
    await removeMember(inbox.server.database, leaving);
    await expectRefused(lead, theirs, 'the member removed');
  });
});
