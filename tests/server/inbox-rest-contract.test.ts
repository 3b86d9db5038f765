import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, expect, it } from 'vitest';
import { submissionReference } from '../../shared/reference.ts';
import { SEARCH_CONFIG, searchQuery } from '../../shared/search.ts';
import { describeOnEmbedded, sharedPerBackend } from './support/backends.ts';
import { until } from '../support/until.ts';
import {
  AGENCY,
  inboxClient,
  SITE_URL,
  signIn,
  startInboxServer,
  storeLead,
  type InboxServer,
} from './support/inbox.ts';

interface Sent {
  method: string;
  url: string;
}

/**
 * Every read and change the inbox makes, through postgrest-js (supabase-js)
 * against our /rest/v1 as a signed-in member, pinned as it goes over the wire.
 */
/** One inbox server, a member signed in, and three leads stored, for the whole file. */
const signedIn = sharedPerBackend(async (kind) => {
  const inbox = await startInboxServer(kind);
  const sent: Sent[] = [];
  const client = inboxClient(inbox.url, async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    sent.push({ method: init?.method ?? 'GET', url: url.pathname + url.search });
    return inbox.fetch(input, init);
  });
  await signIn(client, inbox.sink);
  const ada = await storeLead(inbox.server, {
    name: 'Ada Lovelace',
    email: 'ada@example.co.uk',
    message: 'Engines\nSecond line',
  });
  const bob = await storeLead(inbox.server, {
    name: 'Bob',
    email: 'bob@example.co.uk',
    message: 'A quote for a website',
  });
  const spam = await storeLead(inbox.server, {
    name: 'Autofill',
    email: 'auto@example.co.uk',
    message: 'Hidden field filled',
    suspected_spam: true,
  });
  return { inbox, client, sent, ada, bob, spam, close: () => inbox.close() };
});

describeOnEmbedded('inbox data: the postgrest-js contract, reading three stored leads', (kind) => {
  const shared = signedIn(kind);
  let inbox: InboxServer;
  let client: SupabaseClient;
  let sent: Sent[];
  let ada: number;
  let bob: number;
  let spam: number;
  beforeAll(() => void ({ inbox, client, sent, ada, bob, spam } = shared()));

  const lastSent = () => sent.at(-1)!;

  it('lists the Inbox tab newest first, with a count and a page', async () => {
    const { data, error, count, status } = await client
      .from('inbox_leads')
      .select('*', { count: 'exact' })
      .eq('suspected_spam', false)
      .neq('status', 'archived')
      .order('created_at', { ascending: false })
      .range(0, 49);
    expect(error).toBeNull();
    expect(lastSent().url).toBe(
      '/rest/v1/inbox_leads?select=*&suspected_spam=eq.false&status=neq.archived&order=created_at.desc&offset=0&limit=50',
    );
    expect(status).toBe(200);
    expect(count).toBe(2);
    expect(data!.map((lead) => lead.id)).toEqual([bob, ada]);
    const [keyRow] = await inbox.server.query(
      'select submission_key::text as key from public.contact_submissions where id = $1',
      [bob],
    );
    expect(data![0]).toMatchObject({
      id: bob,
      reference: submissionReference(String(keyRow!.key)),
      name: 'Bob',
      status: 'new',
      suspected_spam: false,
      verified: true,
      unread: true,
      email_state: 'queued',
      email_error: null,
      webhook_state: 'none',
      replied_at: null,
      diagnosed_at: null,
    });
  });

  it('answers a page of a larger set with 206 and its Content-Range', async () => {
    const { data, count, status } = await client
      .from('inbox_leads')
      .select('id', { count: 'exact' })
      .order('created_at', { ascending: false })
      .range(1, 1);
    expect(status).toBe(206);
    expect(count).toBe(3);
    expect(data).toHaveLength(1);
  });

  it('shows the Spam tab and the Archived tab', async () => {
    const spamTab = await client.from('inbox_leads').select('id').eq('suspected_spam', true);
    expect(spamTab.data).toEqual([{ id: spam }]);
    const archived = await client
      .from('inbox_leads')
      .select('id')
      .eq('suspected_spam', false)
      .eq('status', 'archived');
    expect(archived.data).toEqual([]);
  });

  it('searches the words of name, email and message with fts(simple), as the page does', async () => {
    const { data, error } = await client
      .from('inbox_list')
      .select('id')
      .textSearch('search', searchQuery('engin'), { config: SEARCH_CONFIG });
    expect(error).toBeNull();
    expect(data).toEqual([{ id: ada }]);
    expect(lastSent().url).toBe('/rest/v1/inbox_list?select=id&search=fts%28simple%29.engin%3A*');
  });

  it('refuses a filter the inbox does not send with PostgREST’s error', async () => {
    const { error, status } = await client.from('inbox_leads').select('*').gt('id', 0);
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: 'PGRST127' });
    const unknown = await client.from('inbox_leads').select('nope');
    expect(unknown.error).toMatchObject({ code: '42703' });
  });

  it('marks every answer that carries leads no-store', async () => {
    const session = (await client.auth.getSession()).data.session!;
    const response = await inbox.fetch(`${inbox.url}/rest/v1/inbox_leads?select=id`, {
      headers: { authorization: `Bearer ${session.access_token}`, apikey: 'x' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});

describeOnEmbedded('inbox data: the postgrest-js contract, working the leads', (kind) => {
  const shared = signedIn(kind);
  let inbox: InboxServer;
  let client: SupabaseClient;
  let sent: Sent[];
  let ada: number;
  let bob: number;
  let spam: number;
  beforeAll(() => void ({ inbox, client, sent, ada, bob, spam } = shared()));

  const lastSent = () => sent.at(-1)!;

  it('opens one lead with .single(), marks it read and sees the marker go', async () => {
    const { data } = await client.from('inbox_leads').select('*').eq('id', ada).single();
    expect(data).toMatchObject({ id: ada, message: 'Engines\nSecond line', unread: true });
    const marked = await client.rpc('inbox_mark_read', { lead_id: ada });
    expect(marked).toMatchObject({ error: null, status: 204 });
    const again = await client.from('inbox_leads').select('unread').eq('id', ada).single();
    expect(again.data).toEqual({ unread: false });
  });

  it('sets a status, adds a note, and shows both in the activity', async () => {
    expect(
      (await client.rpc('inbox_set_status', { lead_id: ada, new_status: 'replied' })).error,
    ).toBeNull();
    expect(
      (await client.rpc('inbox_add_note', { lead_id: ada, body: 'Called back' })).error,
    ).toBeNull();
    const lead = await client
      .from('inbox_leads')
      .select('status, replied_at')
      .eq('id', ada)
      .single();
    expect(lead.data!.status).toBe('replied');
    expect(lead.data!.replied_at).not.toBeNull();

    const notes = await client
      .from('lead_notes')
      .select('*')
      .eq('submission_id', ada)
      .order('created_at', { ascending: true });
    expect(lastSent().url).toBe(
      `/rest/v1/lead_notes?select=*&submission_id=eq.${ada}&order=created_at.asc`,
    );
    expect(notes.data).toMatchObject([
      { submission_id: ada, author: 'owner@example.co.uk', body: 'Called back' },
    ]);

    const activity = await client
      .from('lead_activity')
      .select('*')
      .eq('submission_id', ada)
      .order('at', { ascending: true });
    expect(activity.data!.map((row) => row.action)).toEqual(['read', 'status', 'note']);
    expect(activity.data![1]).toMatchObject({
      actor: 'owner@example.co.uk',
      detail: { from: 'new', to: 'replied' },
    });
  });

  it('refuses a bad status with 400 and an unknown lead with 404, changing nothing', async () => {
    const bad = await client.rpc('inbox_set_status', { lead_id: bob, new_status: 'spam' });
    expect(bad).toMatchObject({ status: 400, error: { code: '22023' } });
    const missing = await client.rpc('inbox_set_status', { lead_id: 999_999, new_status: 'won' });
    expect(missing).toMatchObject({ status: 404, error: { code: 'PT404' } });
    const lead = await client.from('inbox_leads').select('status').eq('id', bob).single();
    expect(lead.data).toEqual({ status: 'new' });
  });

  it('refuses a note or reply holding text no UTF-8 column holds, as the insert does, storing nothing', async () => {
    // Lone surrogates reach the database as U+FFFD unless refused first: a reply would go out changed.
    const loneSurrogate = {
      code: '22P02',
      message: 'invalid input syntax for type json',
      details: 'Unicode low surrogate must follow a high surrogate.',
    };
    const nul = { code: '22P05', details: '\\u0000 cannot be converted to text.' };
    const cases = [
      ['inbox_add_note', 'Called \ud800back', loneSurrogate],
      ['inbox_send_reply', 'Thanks\udc00', loneSurrogate],
      ['inbox_add_note', 'Called\u0000back', nul],
      ['inbox_send_reply', 'Thanks\u0000', nul],
    ] as const;
    for (const [name, body, refusal] of cases) {
      const answer = await client.rpc(name, { lead_id: bob, body });
      expect(answer, `${name} ${JSON.stringify(body)}`).toMatchObject({
        status: 400,
        error: refusal,
      });
    }
    const stored = async (table: string) =>
      (await client.from(table).select('id').eq('submission_id', bob)).data;
    expect(await stored('lead_notes')).toEqual([]);
    expect(await stored('lead_replies')).toEqual([]);
  });

  it('refuses a call that accepts no JSON with PostgREST’s 406, running nothing', async () => {
    const token = (await client.auth.getSession()).data.session!.access_token;
    const call = (name: string, args: object, accept: string) =>
      inbox.fetch(`${inbox.url}/rest/v1/rpc/${name}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          accept,
        },
        body: JSON.stringify(args),
      });
    for (const [name, args, accept] of [
      ['inbox_mark_read', { lead_id: bob }, 'image/png'],
      ['lead_figures', { days: 7 }, 'text/csv'],
    ] as const) {
      const response = await call(name, args, accept);
      // As text: a call that ran answers 204 with no body at all.
      expect([response.status, await response.text()], name).toEqual([
        406,
        JSON.stringify({
          code: 'PGRST107',
          details: null,
          hint: null,
          message: `None of these media types are available: ${accept}`,
        }),
      ]);
    }
    const lead = await client.from('inbox_leads').select('unread').eq('id', bob).single();
    expect(lead.data).toEqual({ unread: true });
  });

  it('"Not spam" moves a lead to the inbox and emails it once, linking to it', async () => {
    expect((await client.rpc('inbox_not_spam', { lead_id: spam })).error).toBeNull();
    expect((await client.rpc('inbox_not_spam', { lead_id: spam })).error).toBeNull();
    const lead = await until(
      async () => (await client.from('inbox_leads').select('*').eq('id', spam).single()).data,
      20_000,
      'the released lead emailed',
      (row) => row?.email_state === 'sent',
    );
    expect(lead).toMatchObject({ suspected_spam: false });
    const emails = inbox.sink.received.filter((mail) =>
      mail.header('subject')?.startsWith('New enquiry from Autofill'),
    );
    expect(emails).toHaveLength(1);
    expect(emails[0]!.envelopeTo).toEqual([AGENCY]);
    expect(emails[0]!.bodies['text/plain']).toContain(`${SITE_URL}/inbox/#lead=${spam}`);
  });

  it('"Spam" holds a lead with a member\'s mark as its reason, not the score, and "Not spam" takes the mark back', async () => {
    const reasons = async () =>
      (
        await client
          .from('inbox_leads')
          .select('suspected_spam,spam_reasons,held_by_score')
          .eq('id', bob)
          .single()
      ).data;
    expect((await client.rpc('inbox_mark_spam', { lead_id: bob })).error).toBeNull();
    expect(await reasons()).toEqual({
      suspected_spam: true,
      spam_reasons: ['marked'],
      held_by_score: false,
    });
    expect((await client.rpc('inbox_not_spam', { lead_id: bob })).error).toBeNull();
    expect(await reasons()).toEqual({
      suspected_spam: false,
      spam_reasons: [],
      held_by_score: false,
    });
  });

  it('"Erase" deletes the lead, its delivery rows, notes and activity', async () => {
    expect((await client.rpc('inbox_erase', { lead_id: ada })).error).toBeNull();
    const gone = await client.from('inbox_leads').select('id').eq('id', ada);
    expect(gone.data).toEqual([]);
    for (const table of ['contact_submissions', 'lead_outbox', 'lead_notes', 'lead_reads']) {
      const column = table === 'contact_submissions' ? 'id' : 'submission_id';
      const rows = await inbox.server.query(
        `select count(*)::int as n from public.${table} where ${column} = $1`,
        [ada],
      );
      expect(rows[0]!.n, table).toBe(0);
    }
    const erased = await inbox.server.query(
      "select actor, detail from public.lead_activity where action = 'erase'",
    );
    expect(erased).toEqual([{ actor: 'owner@example.co.uk', detail: { lead_id: ada } }]);
  });
});
