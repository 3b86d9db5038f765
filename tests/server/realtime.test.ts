import { afterAll, beforeAll, expect, it } from 'vitest';
import { REALTIME_TABLES } from '../../shared/realtime.ts';
import { removeMember } from '../../server/auth/members.ts';
import { until } from '../support/until.ts';
import { describeEachBackend } from './support/backends.ts';
import { OWNER, signIn, startInboxServer, storeLead, type InboxServer } from './support/inbox.ts';
import { listen, tokenFor, type Ear } from './support/realtime.ts';

/** Patience for a busy machine; the inbox's promise (2 s) is measured by bench/realtime-latency.ts. */
const HEARD_MS = 5_000;
const COLLEAGUE = 'colleague@example.co.uk';

describeEachBackend('Realtime postgres_changes', (kind) => {
  let site: InboxServer;
  const ears: Ear[] = [];
  const ear = async (...args: Parameters<typeof listen>) => {
    const made = await listen(...args);
    ears.push(made);
    return made;
  };
  beforeAll(async () => {
    site = await startInboxServer(kind, { listen: true });
    await site.server.query('insert into app_private.inbox_members (email) values ($1)', [
      COLLEAGUE,
    ]);
  });
  afterAll(async () => {
    for (const each of ears) await each.close();
    await site?.close();
  });

  const lead = (name: string) =>
    storeLead(site.server, { name, email: 'ada@example.co.uk', message: 'Hello there' });
  /** Changes are read in the order announced: once `control` hears a later lead, every ear has had its chance at the earlier ones. */
  const settle = async (control: Ear) => {
    const marker = await lead('Marker');
    await until(() => control.heardRow('contact_submissions', marker), HEARD_MS, 'the marker lead');
  };

  it('announces exactly the live tables of shared/realtime.ts, each by its key', async () => {
    const triggers = await site.server.query(
      `select c.relname as table, encode(t.tgargs, 'escape') as key
       from pg_trigger t join pg_class c on c.oid = t.tgrelid
       where t.tgfoid = 'app_private.notify_realtime'::regproc order by c.relname`,
    );
    const declared = Object.entries(REALTIME_TABLES)
      .map(([table, key]) => ({ table, key: `${key}\\000` }))
      .sort((a, b) => a.table.localeCompare(b.table));
    expect(triggers).toEqual(declared);
  });

  it('a member hears a new lead and a reply going from Sending to Sent', async () => {
    const session = await signIn(site.client(), site.sink);
    const member = await ear(site.url, session.access_token);
    const oldClient = await ear(site.url, session.access_token, { vsn: '1.0.0' });
    expect(member.statuses).toEqual(['SUBSCRIBED']);

    const id = await lead('Ada');
    await until(() => member.heardRow('contact_submissions', id), HEARD_MS, 'the new lead');
    const inserted = member.heard.find((c) => c.table === 'contact_submissions');
    expect(inserted).toMatchObject({
      eventType: 'INSERT',
      schema: 'public',
      new: { id, name: 'Ada' },
    });

    const [reply] = await site.server.query(
      `insert into public.lead_replies (submission_id, author, body) values ($1, $2, 'Thanks') returning id`,
      [id, OWNER],
    );
    await site.server.query(
      `update public.lead_replies set state = 'sent', sent_at = now() where id = $1`,
      [reply!.id],
    );
    const sent = await until(
      () =>
        member.heard.find(
          (c) =>
            c.table === 'lead_replies' &&
            c.eventType === 'UPDATE' &&
            (c.new as { state?: string }).state === 'sent',
        ),
      HEARD_MS,
      'the reply marked sent',
      Boolean,
    );
    expect(sent).toMatchObject({ eventType: 'UPDATE', old: { id: Number(reply!.id) } });
    await until(
      () => oldClient.heardRow('contact_submissions', id),
      HEARD_MS,
      'the lead, over vsn 1.0.0',
    );
  });

  it('a stranger, no token, an anon key and a signed-out session hear nothing', async () => {
    const session = await signIn(site.client(), site.sink, COLLEAGUE);
    const control = await ear(site.url, session.access_token);
    const stranger = await ear(
      site.url,
      await tokenFor(site.server, { email: 'stranger@example.co.uk' }),
    );
    const nobody = await ear(site.url, null);
    const anonKey = await ear(site.url, 'anon-key-for-tests');
    const leaving = await signIn(site.client(), site.sink);
    const signedOut = await ear(site.url, leaving.access_token);
    await fetch(`${site.url}/auth/v1/logout?scope=local`, {
      method: 'POST',
      headers: { authorization: `Bearer ${leaving.access_token}` },
    });

    const id = await lead('Grace');
    await until(
      () => control.heardRow('contact_submissions', id),
      HEARD_MS,
      'the lead, by a member',
    );
    await settle(control);
    expect(stranger.statuses).toEqual(['SUBSCRIBED']);
    expect(anonKey.statuses[0]).toMatch(/^CHANNEL_ERROR: MalformedJWT: /);
    for (const [who, heard] of Object.entries({ stranger, nobody, anonKey, signedOut })) {
      expect(heard.heard, who).toEqual([]);
    }
  });

  it('a member removed while connected stops hearing at once', async () => {
    const colleague = await signIn(site.client(), site.sink, COLLEAGUE);
    const owner = await signIn(site.client(), site.sink);
    const control = await ear(site.url, owner.access_token);
    const removed = await ear(site.url, colleague.access_token);
    const before = await lead('Before');
    await until(
      () => removed.heardRow('contact_submissions', before),
      HEARD_MS,
      'a lead before removal',
    );

    await removeMember(site.server.database, COLLEAGUE);
    const after = await lead('After');
    await until(
      () => control.heardRow('contact_submissions', after),
      HEARD_MS,
      'the lead, by the owner',
    );
    await settle(control);
    expect(
      removed.heard.filter(
        (c) => c.table === 'contact_submissions' && Number((c.new as { id: number }).id) > before,
      ),
    ).toEqual([]);
  });
});
