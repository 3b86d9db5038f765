import { beforeAll, expect, it } from 'vitest';
import { describeOnEmbedded, sharedPerBackend } from './support/backends.ts';
import { OWNER, signIn, startInboxServer, storeLead } from './support/inbox.ts';
import { READ_TABLES } from '../../server/rest/inbox/read-tables.ts';
import { deviceArgs, testSubscription } from './support/push-subscription.ts';
import { sendReply, settledReply } from './support/replies.ts';
import { expectEnded, leadsRead, rowsRead } from './support/session-reach.ts';

/**
 * A session that ended reads nothing and changes nothing, although its access
 * token is still signed and unexpired (docs/inbox.md, "Signing in"): the
 * database's rule wants the token's session_id to name a live session.
 */

/**
 * One inbox server for the file, with a lead in the inbox and one in Spam, and a
 * row in every table the inbox reads that a live session of OWNER's reads.
 */
const endedInbox = sharedPerBackend(async (kind) => {
  const inbox = await startInboxServer(kind);
  const lead = await storeLead(inbox.server, {
    name: 'Lead',
    email: 'l@example.co.uk',
    message: 'Hi',
  });
  const held = await storeLead(inbox.server, {
    name: 'Held',
    email: 'h@example.co.uk',
    message: 'Buy now',
    suspected_spam: true,
  });
  // A live member's note, read marker, reply and device (added after the leads, so nothing is
  // queued to push to it), so each table the inbox reads has rows to hide.
  const keeper = inbox.client();
  const kept = await signIn(keeper, inbox.sink);
  expect(
    (await keeper.rpc('inbox_add_note', { lead_id: lead, body: 'Called back' })).error,
  ).toBeNull();
  expect((await keeper.rpc('inbox_mark_read', { lead_id: lead })).error).toBeNull();
  // Sent before the checks begin: its sending marks the lead replied, which a check comparing
  // the state before and after an ended session's calls would take for that session's doing.
  await settledReply(inbox.server, await sendReply(keeper, lead, 'Thanks, we will call you today'));
  const device = deviceArgs(testSubscription('https://fcm.googleapis.com/fcm/send/keeper'));
  expect((await keeper.rpc('inbox_add_push_device', device)).error).toBeNull();
  for (const table of Object.keys(READ_TABLES)) {
    expect(await rowsRead(inbox.server, kept.access_token, table), table).not.toEqual([]);
  }
  return { inbox, lead, held, close: () => inbox.close() };
});

type Ended = ReturnType<ReturnType<typeof endedInbox>>;

describeOnEmbedded('inbox: an access token after its session is signed out', (kind) => {
  const shared = endedInbox(kind);
  let inbox: Ended['inbox'];
  let lead: Ended['lead'];
  let held: Ended['held'];
  beforeAll(() => void ({ inbox, lead, held } = shared()));

  /** Two sessions of one member, as on a laptop and a phone, both reading the lead. */
  const twoDevices = async () => {
    const laptop = inbox.client();
    const phone = inbox.client();
    const onLaptop = await signIn(laptop, inbox.sink);
    const onPhone = await signIn(phone, inbox.sink);
    for (const session of [onLaptop, onPhone]) {
      expect(await leadsRead(inbox.server, session.access_token)).toContainEqual({ id: lead });
    }
    return { laptop, onLaptop, onPhone };
  };

  it('reads nothing after signOut({ scope: local }); the other device reads on', async () => {
    const { laptop, onLaptop, onPhone } = await twoDevices();
    expect((await laptop.auth.signOut({ scope: 'local' })).error).toBeNull();
    await expectEnded(inbox.server, onLaptop.access_token, lead, held);
    expect(await leadsRead(inbox.server, onPhone.access_token)).toContainEqual({ id: lead });
  });

  it('reads nothing on any device after signOut(), global as supabase-js sends it', async () => {
    const { laptop, onLaptop, onPhone } = await twoDevices();
    expect((await laptop.auth.signOut()).error).toBeNull();
    for (const session of [onLaptop, onPhone]) {
      await expectEnded(inbox.server, session.access_token, lead, held);
    }
  });

  it('ends only the other devices after signOut({ scope: others })', async () => {
    const { laptop, onLaptop, onPhone } = await twoDevices();
    expect((await laptop.auth.signOut({ scope: 'others' })).error).toBeNull();
    await expectEnded(inbox.server, onPhone.access_token, lead, held);
    expect(await leadsRead(inbox.server, onLaptop.access_token)).toContainEqual({ id: lead });
  });

  it('refuses a scope GoTrue does not know, ending nothing', async () => {
    const { onLaptop } = await twoDevices();
    const response = await inbox.fetch(`${inbox.url}/auth/v1/logout?scope=everyone`, {
      method: 'POST',
      headers: { authorization: `Bearer ${onLaptop.access_token}` },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error_code: 'validation_failed' });
    expect(await leadsRead(inbox.server, onLaptop.access_token)).toContainEqual({ id: lead });
  });
});

describeOnEmbedded('inbox: an access token after its session is ended for it', (kind) => {
  const shared = endedInbox(kind);
  let inbox: Ended['inbox'];
  let lead: Ended['lead'];
  let held: Ended['held'];
  beforeAll(() => void ({ inbox, lead, held } = shared()));

  it('reads nothing once a reused refresh token has ended the session', async () => {
    const client = inbox.client();
    const first = await signIn(client, inbox.sink);
    const { data, error } = await client.auth.refreshSession();
    expect(error).toBeNull();
    const second = data.session!;
    const third = (await client.auth.refreshSession()).data.session!;
    expect(await leadsRead(inbox.server, third.access_token)).toContainEqual({ id: lead });

    // Two tokens behind the live one and used longer ago than GoTrue's reuse interval.
    await inbox.server.query(
      `update app_private.auth_refresh_tokens set used_at = used_at - interval '1 minute'
       where used_at is not null`,
    );
    const reused = await inbox.client().auth.refreshSession({
      refresh_token: first.refresh_token,
    });
    expect(reused.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });
    for (const session of [first, second, third]) {
      await expectEnded(inbox.server, session.access_token, lead, held);
    }
  });

  it('reads nothing after removal, even once the address is added again', async () => {
    const member = 'leaving@example.co.uk';
    await inbox.server.query('insert into app_private.inbox_members (email) values ($1)', [member]);
    const session = await signIn(inbox.client(), inbox.sink, member);
    expect(await leadsRead(inbox.server, session.access_token)).toContainEqual({ id: lead });

    await inbox.server.query('delete from app_private.inbox_members where email = $1', [member]);
    await expectEnded(inbox.server, session.access_token, lead, held);
    // As a restart with the address still in INBOX_EMAILS once did: the old session stays ended.
    await inbox.server.query('insert into app_private.inbox_members (email) values ($1)', [member]);
    await expectEnded(inbox.server, session.access_token, lead, held);
  });

  it('still reads for the member whose session lives', async () => {
    const session = await signIn(inbox.client(), inbox.sink, OWNER);
    expect(await leadsRead(inbox.server, session.access_token)).toContainEqual({ id: lead });
  });
});
