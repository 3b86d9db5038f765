import { beforeAll, expect, it } from 'vitest';
import { submissionReference } from '../../shared/reference.ts';
import { readSubmissions } from '../../server/leads/stored-leads.ts';
import { until } from '../support/until.ts';
import { describeOnEmbedded } from './support/backends.ts';
import { AGENCY, OWNER, storeLead } from './support/inbox.ts';
import {
  leadRow,
  mailTo,
  millis,
  replyInbox,
  type ReplyInbox,
  sendReply,
  settledReply,
} from './support/replies.ts';

/** This file's reply inbox, one per backend. */
const replyServer = replyInbox();

/**
 * A reply from the inbox reaches the lead, and the relay's acceptance answers it (docs/inbox.md).
 */

const LEAD = {
  // The To header's display name: an address and a comma in it add no recipient.
  name: 'Ada Lovelace <victim@example.net>, Bcc: victim@example.net',
  email: 'ada@example.co.uk',
  message: 'Hello,\nI need a <b>new site</b> & a chatbot.\n\nThanks',
};
/**
 * The file's other leads, from other addresses: under the 8 words a blast is looked for in, as
 * five copies of LEAD's text from five addresses would be one (docs/spam.md) and be held.
 */
const another = (email: string) => ({ ...LEAD, email, message: 'Could you quote for a new site?' });
const WORDS =
  'Hi Ada,\r\n\r\nThanks for writing. <script>alert(1)</script>\r\nBcc: evil@example.net';

/** A Message-ID's left side in the parts a counter would be set off by (a dot, a dash). */
const partsOf = (messageId: unknown) =>
  String(messageId)
    .replace(/^<|@.*$/g, '')
    .split(/[^0-9a-z]+/i);

describeOnEmbedded('a reply from the inbox, as the lead receives it', (kind) => {
  const shared = replyServer(kind);
  let t: ReplyInbox;
  beforeAll(() => void (t = shared()));

  it('reaches the lead once: subject, Message-ID, Reply-To, the quote and escaped HTML', async () => {
    const lead = await storeLead(t.server, LEAD);
    const before = Date.now();
    const id = await sendReply(t.member, lead, WORDS);
    const reply = await settledReply(t.server, id);
    expect(reply.state).toBe('sent');
    const mails = mailTo(t.sink, LEAD.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.envelopeTo).toEqual([LEAD.email]);

    const [{ submission_key: key } = {}] = await t.server.query(
      'select submission_key::text from public.contact_submissions where id = $1',
      [lead],
    );
    expect(mail.header('subject')).toBe(`Re: your enquiry ${submissionReference(String(key))}`);
    expect(mail.header('message-id')).toBe(reply.message_id);
    expect(reply.message_id).toMatch(/^<reply-[0-9a-f]{32}@[^<>@\s]+>$/);
    expect(mail.header('reply-to')).toBe(OWNER);
    // From the agency by its name (VITE_BRAND_NAME's default here), not "Website contact form".
    expect(mail.header('from')).toBe(`Foreland Digital <${AGENCY}>`);
    expect(mail.header('to')).toContain(`<${LEAD.email}>`);
    expect(mail.header('in-reply-to')).toBeUndefined();
    // Line breaks never reach a header: no header was added by the name or the words.
    const names = mail.headers.map(([name]) => name.toLowerCase());
    expect(names).not.toContain('bcc');
    expect(mail.headers.every(([, value]) => !/[\r\n]/.test(value))).toBe(true);

    const text = mail.bodies['text/plain']!;
    expect(text).toContain('Hi Ada,\n\nThanks for writing. <script>alert(1)</script>\nBcc: evil');
    expect(text).toMatch(/\nOn \d{1,2} \w{3} \d{4}, \d{2}:\d{2} \(UK time\), you wrote:\n/);
    expect(text).toContain('> Hello,\n> I need a <b>new site</b> & a chatbot.\n>\n> Thanks');
    expect(text.indexOf('Thanks for writing')).toBeLessThan(text.indexOf('> Hello'));
    const html = mail.bodies['text/html']!;
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('I need a &lt;b&gt;new site&lt;/b&gt; &amp; a chatbot.');
    expect(html).not.toMatch(/<script|<b>|<img|src=|href=/i);
    expect(mail.raw).not.toMatch(/content-disposition:\s*attachment/i);

    // The relay's acceptance is the proof: Replied at that moment, by email.
    const answered = await leadRow(t.server, lead);
    expect(answered).toMatchObject({ status: 'replied', reply_method: 'email' });
    expect(millis(answered.replied_at)).toBe(millis(reply.sent_at));
    expect(millis(answered.replied_at)).toBeGreaterThanOrEqual(mail.acceptedAt.getTime());
    expect(millis(answered.replied_at)).toBeGreaterThanOrEqual(before);
    const { data: view } = await t.member
      .from('inbox_leads')
      .select('status, reply_method')
      .eq('id', lead);
    expect(view).toEqual([{ status: 'replied', reply_method: 'email' }]);
  });

  it('threads a second reply on the first, and leaves the first answer as it was', async () => {
    const lead = await storeLead(t.server, another('grace@example.co.uk'));
    const firstId = await sendReply(t.member, lead, 'First');
    const first = await settledReply(t.server, firstId);
    const answered = await leadRow(t.server, lead);
    const secondId = await sendReply(t.member, lead, 'Second');
    const second = await settledReply(t.server, secondId);
    expect(second.state).toBe('sent');
    // Nothing in a Message-ID counts, so a lead cannot tell how many replies the agency sends:
    // no part is a reply's id or any number, and two share nothing but the fixed "reply".
    const [mine, next] = [partsOf(first.message_id), partsOf(second.message_id)];
    expect(mine.filter((part) => next.includes(part))).toEqual(['reply']);
    expect([...mine, ...next].filter((part) => /^\d+$/.test(part))).toEqual([]);
    expect([...mine, ...next]).not.toContain(String(firstId));
    expect([...mine, ...next]).not.toContain(String(secondId));

    const [, mail] = mailTo(t.sink, 'grace@example.co.uk');
    expect(mail!.header('message-id')).toBe(second.message_id);
    expect(mail!.header('in-reply-to')).toBe(first.message_id);
    expect(mail!.header('references')).toBe(first.message_id);
    expect(await leadRow(t.server, lead)).toEqual(answered);

    const { data: activity } = await t.member
      .from('lead_activity')
      .select('actor, action, detail')
      .eq('submission_id', lead)
      .order('id');
    expect(activity!.filter((entry) => entry.action !== 'read')).toEqual([
      { actor: OWNER, action: 'reply', detail: { reply_id: expect.any(Number) } },
      {
        actor: OWNER,
        action: 'status',
        detail: { from: 'new', to: 'replied', reply_id: expect.any(Number) },
      },
      { actor: OWNER, action: 'reply', detail: { reply_id: expect.any(Number) } },
    ]);
    const { data: replies } = await t.member
      .from('lead_replies')
      .select('author, body, state')
      .eq('submission_id', lead)
      .order('id');
    expect(replies).toEqual([
      { author: OWNER, body: 'First', state: 'sent' },
      { author: OWNER, body: 'Second', state: 'sent' },
    ]);
  });
});

describeOnEmbedded('a reply while the relay is away', (kind) => {
  const shared = replyServer(kind);
  let t: ReplyInbox;
  beforeAll(() => void (t = shared()));

  it('is tried again with the Message-ID of its first attempt, so the lead gets one message', async () => {
    const address = 'later@example.co.uk';
    const lead = await storeLead(t.server, another(address));
    await t.sink.down();
    let id: number;
    let firstAttempt: unknown;
    try {
      id = await sendReply(t.member, lead, 'Once the relay is back');
      const [failed] = await until(
        () =>
          t.server.query('select attempts, message_id from public.lead_replies where id = $1', [
            id,
          ]),
        10_000,
        'two failed attempts',
        ([row]) => Number(row?.attempts) >= 2,
      );
      firstAttempt = failed!.message_id;
    } finally {
      await t.sink.up();
    }
    const reply = await settledReply(t.server, id);
    expect(reply).toMatchObject({ state: 'sent', message_id: firstAttempt });
    expect(mailTo(t.sink, address).map((mail) => mail.header('message-id'))).toEqual([
      firstAttempt,
    ]);
  });
});

describeOnEmbedded('a reply sent and one marked, told apart', (kind) => {
  const shared = replyServer(kind);
  let t: ReplyInbox;
  beforeAll(() => void (t = shared()));

  it('records "Mark replied" as marked, and the figures and the export tell the two apart', async () => {
    const figuresNow = async () => (await t.member.rpc('lead_figures', { days: 7 })).data;
    const before = await figuresNow();
    const emailed = await storeLead(t.server, another('e@example.co.uk'));
    const marked = await storeLead(t.server, another('m@example.co.uk'));
    await settledReply(t.server, await sendReply(t.member, emailed, 'By email'));
    const { error } = await t.member.rpc('inbox_set_status', {
      lead_id: marked,
      new_status: 'replied',
    });
    expect(error).toBeNull();
    expect(await leadRow(t.server, marked)).toMatchObject({
      status: 'replied',
      reply_method: 'marked',
    });

    const after = await figuresNow();
    expect(after.replied_by_email - before.replied_by_email).toBe(1);
    expect(after.replied_marked - before.replied_marked).toBe(1);
    const exported = await readSubmissions(t.server.database);
    const methods = Object.fromEntries(exported.map((row) => [row.id, row.reply_method]));
    expect(methods).toMatchObject({ [emailed]: 'email', [marked]: 'marked' });
  });

  it('erases a lead’s replies with it', async () => {
    const lead = await storeLead(t.server, another('gone@example.co.uk'));
    const id = await sendReply(t.member, lead, 'Soon forgotten');
    await settledReply(t.server, id);
    expect((await t.member.rpc('inbox_erase', { lead_id: lead })).error).toBeNull();
    expect(await t.server.query('select id from public.lead_replies where id = $1', [id])).toEqual(
      [],
    );
  });
});
