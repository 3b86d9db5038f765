import { SignJWT } from 'jose';
import { beforeAll, expect, it } from 'vitest';
import { addMembers } from '../../server/auth/members.ts';
import { until } from '../support/until.ts';
import { UNSAFE_ADDRESS } from '../../server/leads/delivery/reply-message.ts';
import { describeEachBackend, describeOnEmbedded } from './support/backends.ts';
import { AGENCY, signIn, storeLead, type Reach } from './support/inbox.ts';
import { workingWednesday } from '../support/working-wednesday.ts';
import {
  leadRow,
  mailTo,
  replyInbox,
  type ReplyInbox,
  sendReply,
  settledReply,
} from './support/replies.ts';

/** This file's reply inbox, one per backend. */
const replyServer = replyInbox();

/** A relay's refusal and hostile calls to inbox_send_reply (docs/inbox.md). */

const call = (server: Reach, token: string | undefined, body: object) =>
  server.fetch(`${server.url}/rest/v1/rpc/inbox_send_reply`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token && { authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify(body),
  });

describeOnEmbedded('a reply the relay refuses', (kind) => {
  const shared = replyServer(kind);
  let t: ReplyInbox;
  beforeAll(() => void (t = shared()));

  it('is marked refused with the relay’s words; the lead and its clocks are as they were', async () => {
    const address = 'nobody@example.co.uk';
    t.sink.refuseRecipients.add(address);
    // Arrived on a working morning, so its reply falls due before its diagnosis on any day the
    // suite runs.
    const lead = await storeLead(t.server, {
      name: 'Nobody',
      email: address,
      message: 'Hi',
      created_at: workingWednesday(),
    });
    const before = await leadRow(t.server, lead);
    const id = await sendReply(t.member, lead, 'This will bounce');
    const reply = await settledReply(t.server, id);
    expect(reply).toMatchObject({ state: 'refused', sent_at: null, attempts: 1 });
    expect(reply.refusal).toMatch(/554 5\.1\.1 Recipient address rejected/);
    expect(mailTo(t.sink, address)).toEqual([]);

    // The member sees it on the lead.
    const { data } = await t.member
      .from('lead_replies')
      .select('state, refusal')
      .eq('id', id)
      .single();
    expect(data).toEqual({ state: 'refused', refusal: reply.refusal });
    // Nothing else changed, and the reply clock still runs: it gets its deadline, unmet.
    const after = await leadRow(t.server, lead);
    expect(after).toMatchObject({ status: before.status, replied_at: null, reply_method: null });
    const clock = await until(
      async () =>
        (
          await t.member
            .from('inbox_leads')
            .select('replied_at, reply_due, next_due')
            .eq('id', lead)
            .single()
        ).data!,
      20_000,
      'the lead’s reply deadline',
      (row) => row.reply_due !== null,
    );
    expect(clock.replied_at).toBeNull();
    expect(clock.next_due).toBe(clock.reply_due);
  });
});

describeOnEmbedded('a reply to an address no header may hold', (kind) => {
  const shared = replyServer(kind);
  let t: ReplyInbox;
  beforeAll(() => void (t = shared()));

  it('is refused without a send, in our words', async () => {
    // The form's rule (x@y.z, no whitespace) lets quotes and commas through; a header does not.
    const address = 'a",bcc:victim,"b@example.co.uk';
    const lead = await storeLead(t.server, { name: 'Odd', email: address, message: 'Hi' });
    const before = t.sink.received.length;
    const body = 'Hello from the agency: never sent';
    const reply = await settledReply(t.server, await sendReply(t.member, lead, body));
    expect(reply).toMatchObject({ state: 'refused', refusal: UNSAFE_ADDRESS });
    // Nothing went out with the reply, nor to anyone but the agency (whose email about an
    // earlier lead may land now, on a busy machine).
    const sent = t.sink.received
      .slice(before)
      .filter(
        (mail) =>
          mail.envelopeTo.some((to) => to !== AGENCY) ||
          Object.values(mail.bodies).some((text) => text.includes(body)),
      );
    expect(sent).toEqual([]);
    expect(await leadRow(t.server, lead)).toMatchObject({ replied_at: null, reply_method: null });
  });
});

describeOnEmbedded('hostile calls to inbox_send_reply', (kind) => {
  const shared = replyServer(kind);
  let t: ReplyInbox;
  let lead: number;
  beforeAll(async () => {
    t = shared();
    lead = await storeLead(t.server, { name: 'H', email: 'h@example.co.uk', message: 'Hi' });
  });
  const replies = async () =>
    Number(
      (
        await t.server.query(
          'select count(*) as n from public.lead_replies where submission_id = $1',
          [lead],
        )
      )[0]!.n,
    );

  it('refuses an empty reply and one of 10,001 characters with 400, storing nothing', async () => {
    const token = (await t.member.auth.getSession()).data.session!.access_token;
    for (const body of ['', ' \r\n ', 'x'.repeat(10_001)]) {
      const response = await call(t, token, { lead_id: lead, body });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: '22023', details: null, hint: null });
    }
    const ok = await call(t, token, { lead_id: lead, body: 'y'.repeat(10_000) });
    expect(ok.status).toBe(200);
    expect(await replies()).toBe(1);
  });

  it('refuses anon (401) and a signed-in non-member (403)', async () => {
    const anon = await call(t, undefined, { lead_id: lead, body: 'Hi' });
    expect(anon.status).toBe(401);
    expect(await anon.json()).toMatchObject({ code: '42501' });
    const [{ secret } = {}] = await t.server.query(
      'select secret from app_private.auth_signing_key',
    );
    const stranger = await new SignJWT({
      sub: crypto.randomUUID(),
      email: 'stranger@example.co.uk',
      role: 'authenticated',
      aud: 'authenticated',
      session_id: crypto.randomUUID(),
    })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(String(secret)));
    const refused = await call(t, stranger, { lead_id: lead, body: 'Hi' });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: '42501' });
    const unknown = await t.member.rpc('inbox_send_reply', { lead_id: 999_999, body: 'Hi' });
    expect(unknown.status).toBe(404);
    expect(await replies()).toBe(1);
  });

  it('refuses the 31st reply of a member’s hour with PostgREST’s 429', async () => {
    const busy = `busy-${kind}@example.co.uk`;
    await addMembers(t.server.database, [busy]);
    const client = t.client();
    await signIn(client, t.sink, busy);
    // 30 sent in the last hour, as the cap records them.
    await t.server.query(
      `insert into app_private.reply_sends (member, sent_at)
       select $1, now() - interval '59 minutes' from generate_series(1, 30)`,
      [busy],
    );
    const token = (await client.auth.getSession()).data.session!.access_token;
    const response = await call(t, token, { lead_id: lead, body: 'One more' });
    expect(response.status).toBe(429);
    expect(await response.json()).toMatchObject({
      code: 'PT429',
      details: null,
      message: 'at most 30 replies an hour per member',
      hint: expect.stringMatching(/^Try again in \d+ seconds\.$/),
    });
    expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
    // Another member is not held back by this one's hour.
    expect(await sendReply(t.member, lead, 'Still mine to send')).toEqual(expect.any(Number));
  });
});

describeEachBackend('the hourly reply cap', (kind) => {
  const shared = replyServer(kind);
  let t: ReplyInbox;
  beforeAll(() => void (t = shared()));

  it('holds when the lead replied to is erased: a new lead from the same address gets no more', async () => {
    const runaway = `runaway-${kind}@example.co.uk`;
    await addMembers(t.server.database, [runaway]);
    const client = t.client();
    await signIn(client, t.sink, runaway);
    // The relay refuses the address: the cap counts what was sent to the relay, not what it took.
    const address = `target-${kind}@example.co.uk`;
    t.sink.refuseRecipients.add(address);
    const first = await storeLead(t.server, { name: 'Target', email: address, message: 'Hi' });
    for (let i = 1; i <= 30; i++) {
      const { error } = await client.rpc('inbox_send_reply', { lead_id: first, body: `No ${i}` });
      expect(error, `reply ${i}`).toBeNull();
    }
    expect((await client.rpc('inbox_erase', { lead_id: first })).error).toBeNull();
    expect(
      await t.server.query('select 1 from public.lead_replies where submission_id = $1', [first]),
    ).toEqual([]);

    const again = await storeLead(t.server, {
      name: 'Target',
      email: address,
      message: 'Hi again',
    });
    const refused = await client.rpc('inbox_send_reply', { lead_id: again, body: 'No 31' });
    expect(refused.status).toBe(429);
    expect(refused.error).toMatchObject({ code: 'PT429' });
    expect(
      await t.server.query('select 1 from public.lead_replies where submission_id = $1', [again]),
    ).toEqual([]);
    // The record keeps who sent and when, nothing of the erased lead.
    const columns = await t.server.query(
      `select column_name from information_schema.columns
       where table_schema = 'app_private' and table_name = 'reply_sends' order by column_name`,
    );
    expect(columns.map((row) => row.column_name)).toEqual(['member', 'sent_at']);
  });

  it('gives a slot back an hour after a send', async () => {
    const member = `hourly-${kind}@example.co.uk`;
    await addMembers(t.server.database, [member]);
    const client = t.client();
    await signIn(client, t.sink, member);
    await t.server.query(
      `insert into app_private.reply_sends (member, sent_at)
       select $1, now() - interval '61 minutes' from generate_series(1, 30)`,
      [member],
    );
    const lead = await storeLead(t.server, {
      name: 'Later',
      email: 'later@example.co.uk',
      message: 'Hi',
    });
    expect(
      (await client.rpc('inbox_send_reply', { lead_id: lead, body: 'An hour on' })).error,
    ).toBeNull();
  });
});
