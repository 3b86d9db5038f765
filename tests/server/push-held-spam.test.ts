import { beforeAll, expect, it } from 'vitest';
import { describeEachBackend, sharedPerBackend } from './support/backends.ts';
import { storeLead } from './support/inbox.ts';
import { addDevice, pushFor, startPushInbox, type PushInbox } from './support/push-inbox.ts';

/**
 * A lead held as suspected spam is named on no phone (docs/alerts.md): it is
 * not taken, so no "Taken by" push carries its name, and a push queued before
 * it was held is dropped, not sent. "Not spam" pushes it as a new lead.
 */

const pushInbox = sharedPerBackend((kind) => startPushInbox(kind));

describeEachBackend('alerts: a lead held as suspected spam', (kind) => {
  const shared = pushInbox(kind);
  let t: PushInbox;
  let device: Awaited<ReturnType<typeof addDevice>>;
  let partnerDevice: Awaited<ReturnType<typeof addDevice>>;
  beforeAll(async () => {
    t = shared();
    device = await addDevice(t.owner, t.service);
    partnerDevice = await addDevice(t.partner, t.service);
  });

  const queued = (lead: number) =>
    t.inbox.server.query('select kind from app_private.push_queue where submission_id = $1', [
      lead,
    ]);

  it('cannot be taken, in the inbox or from an alert, and nothing is queued about it', async () => {
    const lead = await storeLead(t.inbox.server, {
      name: 'Cheap SEO',
      email: 'seo@example.com',
      message: 'Backlinks',
      suspected_spam: true,
    });
    const fromInbox = await t.partner.rpc('inbox_take', { lead_id: lead });
    expect(fromInbox.status).toBe(400);
    expect(fromInbox.error).toMatchObject({ code: '22023', message: /suspected spam/ });

    const [{ token } = {}] = await t.inbox.server.query(
      'select app_private.push_take_token($1, $2) as token',
      [lead, device.rowId],
    );
    const fromAlert = await t.inbox.fetch(`${t.inbox.url}/rest/v1/rpc/inbox_take_from_alert`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    expect(fromAlert.status).toBe(400);
    expect(
      await t.inbox.server.query('select 1 from public.lead_attention where submission_id = $1', [
        lead,
      ]),
    ).toEqual([]);
    expect(await queued(lead)).toEqual([]);
  });

  it('is never pushed once held, though queued before; "Not spam" pushes it', async () => {
    // Stored as a real lead (queued for each device), then held before any worker claims it:
    // in one transaction, so the claim below is the first to see the queue.
    const lead = await t.inbox.server.database.transaction(async (session) => {
      const [row] = await session.query(
        `insert into public.contact_submissions (name, email, message)
         values ('Casino Royale', 'win@example.com', 'Free spins') returning id`,
      );
      const id = Number(row!.id);
      expect(
        await session.query('select 1 from app_private.push_queue where submission_id = $1', [id]),
      ).toHaveLength(2);
      await session.query(
        'update public.contact_submissions set suspected_spam = true where id = $1',
        [id],
      );
      const claimed = await session.query(
        'select lead_id from app_private.push_claim(100, 60, 1000, 60) where lead_id = $1',
        [id],
      );
      expect(claimed).toEqual([]);
      return id;
    });
    expect(await queued(lead)).toEqual([]);

    // A real lead after it is pushed: the worker has been past the held one.
    const real = await storeLead(t.inbox.server, {
      name: 'Real Enquiry',
      email: 'real@example.com',
      message: 'A quote for a new site, please',
    });
    await pushFor(t.service, device.id, real);
    expect(t.service.pushesTo(device.id).filter((p) => p.payload.leadId === lead)).toEqual([]);

    expect((await t.owner.rpc('inbox_not_spam', { lead_id: lead })).error).toBeNull();
    const released = await pushFor(t.service, partnerDevice.id, lead);
    expect(released?.payload).toMatchObject({ kind: 'lead', name: 'Casino Royale' });
  });
});
