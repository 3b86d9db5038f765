import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { writeDisposableDomains } from '../../server/db/disposable-domains.ts';
import { spamReason } from '../../shared/copy/spam-reasons.ts';
import { openDatabase } from '../../server/db/open-database.ts';
import {
  describeEachBackend,
  describePostgres,
  freshBackend,
  type Backend,
} from './support/backends.ts';
import { insertAsAnon } from './support/as-anon.ts';
import { supabaseLike, type SupabaseLike } from './support/supabase-like.ts';
import { until } from '../support/until.ts';

/**
 * The content spam score (supabase/schemas/55_spam_score.sql), as every
 * insert meets it: each signal tripped once and once not, the agency's marks
 * teaching it, a blast, and nothing refused for its words.
 */

interface Lead {
  name?: string;
  email?: string;
  message: string;
  honeypot?: boolean;
}

let n = 0;

/** Stores a lead as any insert does (the trigger runs whoever inserts) and reads its verdict. */
async function store(db: Database, lead: Lead) {
  const [row] = await db.query(
    `insert into public.contact_submissions (name, email, message, suspected_spam)
     values ($1, $2, $3, $4)
     returning id, suspected_spam as held, spam_reasons as reasons, spam_score as score`,
    [
      lead.name ?? `Visitor ${++n}`,
      lead.email ?? `visitor${++n}@example.co.uk`,
      lead.message,
      lead.honeypot ?? false,
    ],
  );
  return {
    id: Number(row!.id),
    held: Boolean(row!.held),
    reasons: (row!.reasons ?? []) as string[],
    score: Number(row!.score),
  };
}

const REAL =
  'Hi, we run a small bakery in Leeds and our website (https://example-bakery.co.uk) is slow ' +
  'and does not show up on Google. Could you quote for a redesign and some SEO? Thanks, Sam';

describeEachBackend('the content spam score', (kind) => {
  let db: Database;
  let backend: Backend;
  beforeAll(async () => {
    backend = await freshBackend(kind);
    db = await openDatabase(backend.options);
    await writeDisposableDomains(db, ['mailinator.com']);
  });
  afterAll(async () => {
    await db.close();
    await backend.dispose();
  });

  it('scores a lead the page inserts as anon, the index of its signature included', async () => {
    const email = `anon-${Date.now()}@example.co.uk`;
    await insertAsAnon(db, {
      name: 'Page Visitor',
      email,
      message: 'Hello, we run a florist in York and need a new website with online orders, please.',
    });
    const [row] = await db.query(
      'select spam_score, spam_signature is not null as signed from public.contact_submissions where email = $1',
      [email],
    );
    expect(row).toEqual({ spam_score: 0, signed: true });
  });

  it('lets a real enquiry about a website, Google, SEO and prices through, with its own link', async () => {
    const lead = await store(db, { message: REAL });
    expect(lead).toMatchObject({ held: false, reasons: [] });
    const prices = await store(db, {
      message: 'What would a chatbot for our dental practice cost? Your hourly rate is fine too.',
    });
    expect(prices.held).toBe(false);
  });

  it('counts links: three weigh, two are named but weigh little, one is nothing', async () => {
    const many = await store(db, {
      message: 'See https://a.example.com and https://b.example.com and www.c.example.com now',
    });
    expect(many.reasons).toContain('links:3');
    const two = await store(db, {
      message: 'Our old site https://old.example.com and the new one https://new.example.com',
    });
    expect(two).toMatchObject({ held: false, reasons: ['links:2'], score: 1 });
    const one = await store(db, { message: 'Our site is https://old.example.com, sadly.' });
    expect(one).toMatchObject({ reasons: [], score: 0 });
    // The scheme and its www. are one link, as a visitor pastes it, not two.
    const pasted = await store(db, {
      message: 'Ours is https://www.bakery.co.uk, and we like HTTP://WWW.RIVAL.CO.UK',
    });
    expect(pasted).toMatchObject({ reasons: ['links:2'], score: 1 });
    const alone = await store(db, { message: 'Our site is https://www.bakery.co.uk, sadly.' });
    expect(alone).toMatchObject({ reasons: [], score: 0 });
  });

  it('counts the sites linked to, each once, and never the sender’s own', async () => {
    // A builder lists the pages of its own site: four links, none counted.
    const ownPages = await store(db, {
      email: 'darren@pikebuild.example.co.uk',
      message:
        'Our pages now: https://www.pikebuild.example.co.uk https://pikebuild.example.co.uk/roofing ' +
        'https://www.pikebuild.example.co.uk/gallery https://shop.pikebuild.example.co.uk',
    });
    expect(ownPages).toMatchObject({ reasons: [], score: 0 });
    // Four links to one site from a free-mail address: one site, once.
    const onePlace = await store(db, {
      email: 'darren.pike@gmail.example.com',
      message:
        'Keep https://www.joinery.example.co.uk and https://joinery.example.co.uk/doors, drop ' +
        'https://www.joinery.example.co.uk/blog and https://joinery.example.co.uk/news please.',
    });
    expect(onePlace).toMatchObject({ reasons: [], score: 0 });
    // Four sites that are not the sender's are four links, from its own domain too.
    const sold = await store(db, {
      email: 'sales@links.example.com',
      message:
        'Placements on https://a.example.net https://b.example.org www.c.example.info and ' +
        'https://links.example.com/prices',
    });
    expect(sold.reasons).toContain('links:3');
  });

  it('holds a link in the address before the @, not a www in its domain', async () => {
    const linked = await store(db, {
      email: 'www.rank-first@example.com',
      message: 'Hello, can we talk about your website?',
    });
    expect(linked.reasons).toContain('link_in_email');
    const plain = await store(db, {
      email: 'webmaster@www.bakery.example.co.uk',
      message: 'Hello, can we talk about our website?',
    });
    expect(plain.reasons).toEqual([]);
  });

  it('holds a link in the name, not a name with a full stop', async () => {
    const linked = await store(db, {
      name: 'Cheap SEO https://rank.example.com',
      message: 'Hello, we can get you more visitors.',
    });
    expect(linked.reasons).toContain('link_in_name');
    const plain = await store(db, { name: 'Dr. J. Smith', message: 'Hello, can we talk?' });
    expect(plain.reasons).toEqual([]);
    // A charity signs with its own domain, the one it writes from: a signature, not a link.
    const signed = await store(db, {
      name: 'Sue Baker - hastingsfoodbank.example.org.uk',
      email: 'sue@hastingsfoodbank.example.org.uk',
      message: 'Hello, could you quote for a volunteer rota page?',
    });
    expect(signed.reasons).toEqual([]);
    const another = await store(db, {
      name: 'Sue Baker - rank-first.example.org',
      email: 'sue@hastingsfoodbank.example.org.uk',
      message: 'Hello, could you quote for a volunteer rota page?',
    });
    expect(another.reasons).toEqual(['link_in_name']);
    const scheme = await store(db, {
      name: 'https://hastingsfoodbank.example.org.uk',
      email: 'sue@hastingsfoodbank.example.org.uk',
      message: 'Hello, could you quote for a volunteer rota page?',
    });
    expect(scheme.reasons).toEqual(['link_in_name']);
  });

  it('names a pitch by its phrases, never by a single word a client uses', async () => {
    const pitch = await store(db, {
      message: 'Dear website owner, we sell high quality backlinks and guest posts on DA 50 sites.',
    });
    expect(pitch.held).toBe(true);
    expect(pitch.reasons).toEqual(expect.arrayContaining(['pitch:seo', 'pitch:owner']));
    const client = await store(db, {
      message: 'Our old agency bought us backlinks that hurt our ranking. Can you fix our SEO?',
    });
    expect(client.reasons).toEqual(['pitch:seo']);
    expect(client.held).toBe(false);
  });

  it('counts a pitch about the reader’s business, not a client writing of its own', async () => {
    const pitch = await store(db, {
      message: 'We can improve your website and grow your business with our monthly packages.',
    });
    expect(pitch).toMatchObject({ reasons: ['second_person'], score: 2.5, held: false });
    const client = await store(db, {
      message:
        'Your website says you build chatbots for your clients. We run a dental practice ' +
        'and our website needs one.',
    });
    expect(client).toMatchObject({ reasons: [], held: false });
  });

  it('counts a cold greeting’s “your website” once, as the greeting, not again as a pitch', async () => {
    const formal = await store(db, {
      message:
        'Dear Sir/Madam, I came across your website and your agency looks right for us. We would ' +
        'like a site like https://www.a.example.com or https://www.b.example.com. What would it cost?',
    });
    expect(formal).toMatchObject({ reasons: ['links:2', 'pitch:greeting'], score: 2, held: false });
    const pitch = await store(db, {
      message:
        'I came across your website. Your rankings and your traffic are falling; we can help.',
    });
    expect(pitch.reasons).toEqual(['pitch:greeting', 'second_person']);
  });

  it('weighs a formal opening less than a cold one, as clients write formally too', async () => {
    const broker = await store(db, {
      message:
        'Dear Sir/Madam, we are a mortgage broker in Kent and need a new website explaining ' +
        'business loans and remortgages, with an enquiry form. Could you quote?',
    });
    expect(broker).toMatchObject({
      reasons: ['pitch:greeting', 'pitch:loans'],
      score: 4,
      held: false,
    });
    const offer = await store(db, {
      message: 'Dear friend, we can offer you a business loan today. Reply to apply.',
    });
    expect(offer).toMatchObject({ reasons: ['pitch:cold', 'pitch:loans'], score: 5, held: true });
  });

  it('words every kind of pitch it knows for the inbox', async () => {
    const kinds = await db.query(
      'select distinct category from app_private.spam_phrases order by category',
    );
    expect(kinds.length).toBeGreaterThan(10);
    // 'greeting': a cold greeting that is only a formal opening.
    for (const kind of [...kinds.map((row) => String(row.category)), 'greeting']) {
      expect(spamReason(`pitch:${kind}`)).not.toBe(`a ${kind} pitch`);
    }
  });

  it('weighs “Are you the owner of …?” as a cold greeting, not as a pitch of its own', async () => {
    const visitor = await store(db, {
      message:
        'Hi, I came across your website. Are you the owner of Foreland Digital? I would like ' +
        'a site for my café in Margate and would rather speak to the owner.',
    });
    expect(visitor).toMatchObject({ reasons: ['pitch:cold'], score: 2, held: false });
    const pitch = await store(db, {
      message:
        'Are you the owner of margatecafe.co.uk? Your site is not on page 1 of Google. ' +
        'We can fix that this week.',
    });
    expect(pitch).toMatchObject({ reasons: ['pitch:cold', 'pitch:seo'], held: true });
  });

  it('lets a client quote the pitch it received, writing of its own business', async () => {
    const quoted = 'Got this today: "high quality backlinks and guest posts for your site". Real?';
    const alone = await store(db, { message: quoted });
    const ours = await store(db, {
      message: `${quoted} We run a bakery in Hull and our website is new.`,
    });
    expect(alone.reasons).toEqual(['pitch:seo']);
    expect(ours.reasons).toEqual(['pitch:seo']);
    expect(alone.score - ours.score).toBe(3);
  });

  it('takes a client asking whether a pitch it got is genuine for a client', async () => {
    const pitch =
      '"Dear website owner, we noticed your website is not mobile friendly and your site has errors that are ' +
      'costing you customers. We offer a free SEO audit and can get your website on the first ' +
      'page of Google in 30 days."';
    const alone = await store(db, { message: pitch });
    expect(alone).toMatchObject({ held: true, reasons: ['pitch:owner', 'pitch:seo'] });
    const asked = await store(db, {
      message: `Hello, I'm a builder in Peterborough and an agency sent me this, is it a scam? ${pitch}`,
    });
    // What it quotes when it asks is the pitch's words, not its own: not read for phrases at all.
    expect(asked).toMatchObject({ held: false, reasons: [], score: -3 });
    const notice =
      '"FINAL NOTICE - DOMAIN SERVICE EXPIRATION. Dear Business Owner, your domain ' +
      'heslop.example.co.uk search engine registration expires today."';
    const quoted = await store(db, {
      message: `Hi, is this genuine?? I got it this morning. ${notice}`,
    });
    expect(quoted).toMatchObject({ held: false, reasons: [], score: -3 });
    const unasked = await store(db, { message: `Please read: ${notice}` });
    expect(unasked.held).toBe(true);
    expect(unasked.reasons).toEqual(expect.arrayContaining(['pitch:owner', 'pitch:renewal']));
    const lastAgency = await store(db, {
      message:
        'Our last SEO agency spent a year on link building, and half the backlinks are on ' +
        'online casino sites. Do you do penalty clean-up?',
    });
    expect(lastAgency).toMatchObject({ held: false, reasons: ['pitch:casino', 'pitch:seo'] });
  });

  it('takes the other ways a client asks about a pitch, and the email it forwards whole', async () => {
    // Three pitches, not one: copies of one from several visitors would be a blast.
    const asked = await store(db, {
      message:
        'Should I reply or just ignore? "Hello Website Owner, I was checking your website and ' +
        'found errors on your website that are hurting your business."',
    });
    expect(asked).toMatchObject({ held: false, reasons: [], score: -3 });
    const forward =
      '---------- Forwarded message ---------\nDear business owner, your domain listing will ' +
      'expire today. Secure your listing now or your business will be removed from search.';
    const forwarded = await store(db, { message: `Legit or not? Got it twice.\n\n${forward}` });
    expect(forwarded).toMatchObject({ held: false, reasons: [], score: -3 });
    const headers = await store(db, {
      message:
        'Do you know anything about this?\nFrom: Daniel <d@example.net>\nSubject: Ranking\n' +
        'Hi website owner, we rank your website on page 1 of Google with high quality backlinks.',
    });
    expect(headers).toMatchObject({ held: false, reasons: [], score: -3 });
    // Unasked, a forwarded email is read whole: the marker alone lets nothing through.
    const unasked = await store(db, { message: `Please see below.\n${forward}` });
    expect(unasked.held).toBe(true);
    expect(unasked.reasons).toEqual(expect.arrayContaining(['pitch:owner', 'pitch:renewal']));
  });

  it("lets a hacked site's owner quote WordPress's Site Health and its scanner", async () => {
    const hacked = await store(db, {
      message:
        'WordPress Site Health says there are 3 critical issues, and Wordfence says 14 ' +
        'vulnerabilities found. Can you look at it today?',
    });
    expect(hacked).toMatchObject({ held: false, reasons: ['pitch:seo'], score: 3 });
  });

  it('reads “your website on the first page” from a client as a generic you, counted once', async () => {
    const client = await store(db, {
      message:
        'How long does it take to get your website on the first page of Google? And is it ' +
        'worth paying for Google ads for your business in the meantime?',
    });
    expect(client).toMatchObject({ held: false, reasons: ['pitch:seo'] });
    const pitch = await store(db, {
      message: 'We put your website on the first page of Google, grow your traffic and your brand.',
    });
    expect(pitch).toMatchObject({ held: true, reasons: ['pitch:seo', 'second_person'] });
  });

  it('lets a client count its own followers and want a mailing list, and holds a seller of them', async () => {
    const trainer = await store(db, {
      message:
        'I am a personal trainer with about 15k Instagram followers and want a mailing list ' +
        'sign-up with an opt out for my programme.',
    });
    expect(trainer).toMatchObject({ held: false, reasons: ['pitch:bulk'] });
    const seller = await store(db, {
      message: 'Buy Instagram followers today: our social media package starts at $49.',
    });
    expect(seller).toMatchObject({ held: true, reasons: ['pitch:followers', 'dollars'] });
  });

  it('counts a mailing-list footer, not a client asking about its newsletter', async () => {
    const footer = await store(db, {
      message: 'We offer design templates. To stop receiving these emails, reply STOP.',
    });
    expect(footer).toMatchObject({ reasons: ['pitch:bulk'], score: 2.5 });
    const client = await store(db, {
      message: 'Could people subscribe to our newsletter from the new site?',
    });
    expect(client.reasons).toEqual([]);
  });

  it('counts developers sold by the hour in dollars, not wages in pounds, nor offshore wind', async () => {
    const hourly = await store(db, {
      message: 'Skilled React developers available from $18/hr, start this week.',
    });
    expect(hourly.reasons).toEqual(['pitch:outsourcing', 'dollars']);
    expect(hourly.held).toBe(true);
    const wages = await store(db, {
      message: 'Our staff earn £12 per hour, and we need a rota app.',
    });
    expect(wages.reasons).toEqual([]);
    const wind = await store(db, {
      message:
        'We service offshore wind farms and sell to US buyers at $40,000 a turbine blade: ' +
        'we need a new website.',
    });
    expect(wind).toMatchObject({ reasons: ['dollars'], held: false });
  });

  it('counts prices in US dollars, not in pounds, and a cold greeting below a pitch', async () => {
    const dollars = await store(db, {
      message: 'We can build your app for $1,500, or USD 2000 with a year of support.',
    });
    expect(dollars.reasons).toEqual(['dollars']);
    expect(dollars.held).toBe(false);
    const pounds = await store(db, { message: 'Our budget is about £1,500 for the new site.' });
    expect(pounds.reasons).toEqual([]);
    // Beside a price in pounds, dollars are a client with customers in both.
    const both = await store(db, {
      message: 'I charge £40 a lesson here and $50 a lesson to US families; I need booking.',
    });
    expect(both.reasons).toEqual([]);
    const greeting = await store(db, { message: 'Dear friend, can we talk about a website?' });
    expect(greeting.reasons).toEqual(['pitch:cold']);
    expect(greeting.score).toBe(2);
    const owner = await store(db, {
      message: 'Is this the website owner? Can we talk about a website?',
    });
    expect(owner.reasons).toEqual(['pitch:owner']);
    expect(owner.score).toBe(3);
  });

  it('holds a message in another script, not an English one from a name in that script', async () => {
    const cyrillic = await store(db, {
      message: 'Здравствуйте! Предлагаем продвижение вашего сайта в поисковых системах недорого.',
    });
    expect(cyrillic).toMatchObject({ held: true, reasons: ['script'] });
    const english = await store(db, {
      name: 'Олена Коваль',
      message: 'Hello, I would like a new website for my cleaning business in Bristol.',
    });
    expect(english.reasons).toEqual([]);
  });

  it('knows the scripts beyond Cyrillic, and takes no emoji for a script', async () => {
    const bengali = await store(db, {
      message: 'আমরা আপনার ওয়েবসাইটের জন্য সস্তায় এসইও পরিষেবা দিই, আজই যোগাযোগ করুন।',
    });
    expect(bengali.reasons).toEqual(['script']);
    const georgian = await store(db, {
      message: 'გამარჯობა, ჩვენ გთავაზობთ თქვენი ვებსაიტის დაწინაურებას იაფად.',
    });
    expect(georgian.reasons).toEqual(['script']);
    const cheers = await store(db, { message: `Thanks! ${'🎉👍🚀'.repeat(10)}` });
    expect(cheers.reasons).toEqual([]);
  });

  it('learns Han by the words its punctuation bounds, and no emoji as a word, as Supabase reads them', async () => {
    // Hosted Supabase's locale, C.UTF-8, is the embedded database's and the test cluster's; in
    // the C locale all of the Han would be one word and each emoji run another.
    const words = async (message: string) => {
      const [row] = await db.query(
        `select w.lexeme from pg_catalog.unnest(pg_catalog.to_tsvector('simple', $1)) as w
         order by w.lexeme`,
        [message],
      );
      const tokens = await db.query(
        `select pg_catalog.cardinality(app_private.spam_tokens_of('', 'a@example.co.uk', $1)) as n`,
        [message],
      );
      return { first: row?.lexeme, learned: Number(tokens[0]!.n) - 1 };
    };
    expect(await words('你好世界，我们需要网站。谢谢')).toEqual({ first: '你好世界', learned: 3 });
    expect(await words('Thanks 🎉👍 great 🚀')).toEqual({ first: 'great', learned: 2 });
  });

  it('counts a throwaway address from the maintained list, not a common one', async () => {
    const throwaway = await store(db, { email: 'x@mailinator.com', message: 'Hi there' });
    expect(throwaway.reasons).toEqual(['disposable']);
    expect(throwaway.held).toBe(false);
    const common = await store(db, { email: 'x@gmail.com', message: 'Hi there' });
    expect(common.reasons).toEqual([]);
  });

  it('holds a blast: the first of four near-identical texts passes, the others are held', async () => {
    const pitch = (who: string, figure: number) =>
      `Hi ${who}, I help agencies like yours get ${figure} more leads every month with our ` +
      'proven outreach system that books calls straight into your calendar while you sleep.';
    const sent = [];
    for (const [i, who] of ['Anna', 'Ben', 'Cara', 'Dev'].entries()) {
      sent.push(await store(db, { name: `Sender ${who}`, message: pitch(who, 20 + i) }));
    }
    expect(sent.map((lead) => lead.held)).toEqual([false, true, true, true]);
    expect(sent[3]!.reasons).toContain('blast:3');
    // One person sending their enquiry again from a corrected address is no blast.
    const enquiry =
      'Hello, we are opening a second physiotherapy clinic in Derby in March and need the ' +
      'website to take bookings for both sites, with reminders by text message.';
    await store(db, { name: 'Priya Shah', email: 'priya@exmaple.co.uk', message: enquiry });
    const again = await store(db, {
      name: 'Priya Shah',
      email: 'priya@example.co.uk',
      message: enquiry,
    });
    expect(again).toMatchObject({ held: false, reasons: [] });
  });

  it('holds a blast sent under one name from many addresses, from the third address on', async () => {
    const pitch =
      'Hi there, I place your brand in front of thousands of local buyers every single ' +
      'week through our partner newsletters, with no setup fee at all.';
    const sent = [];
    for (const inbox of ['john', 'j.smith', 'johnsmith', 'sales']) {
      sent.push(
        await store(db, { name: 'John Smith', email: `${inbox}@example.net`, message: pitch }),
      );
    }
    expect(sent.map((lead) => lead.held)).toEqual([false, false, true, true]);
    expect(sent[2]!.reasons).toContain('blast:2');
  });

  it('forgets a text after three days: an older copy makes no blast', async () => {
    const text =
      'Hello, could you tell me whether you also look after hosting, email accounts and ' +
      'backups once the new website for our joinery workshop is live?';
    const old = await store(db, { name: 'Old Sender', message: text });
    await db.query(
      `update public.contact_submissions set created_at = now() - interval '3 days 1 minute'
       where id = $1`,
      [old.id],
    );
    expect(await store(db, { name: 'New Sender', message: text })).toMatchObject({
      held: false,
      reasons: [],
    });
    expect(await store(db, { name: 'Third Sender', message: text })).toMatchObject({
      held: true,
      reasons: ['blast:1'],
    });
  });

  it('holds a short blast too, and not short notes that differ', async () => {
    // Nine words, seven three-word runs to sign: a short note from several
    // people is a blast too, and one that differs in half its words is not.
    const note = 'Quick question, do you offer monthly retainers for maintenance?';
    const sent = [];
    for (const who of ['Eve', 'Finn', 'Gus']) {
      sent.push(await store(db, { name: `Asker ${who}`, message: note }));
    }
    expect(sent.map((lead) => lead.held)).toEqual([false, true, true]);
    expect(sent[2]!.reasons).toContain('blast:2');
    const other = await store(db, {
      message: 'Quick question, do you offer payment plans for a new website?',
    });
    expect(other).toMatchObject({ held: false, reasons: [] });
  });

  it('counts a large blast to ten other senders and no further', async () => {
    const pitch = (who: string) =>
      `Hello ${who}, we place sponsored articles for small firms on busy regional news ` +
      'sites every week, with a fixed monthly fee and no contract to sign.';
    const reasons = [];
    for (let i = 0; i < 13; i++) {
      reasons.push((await store(db, { name: `Placer ${i}`, message: pitch(`team ${i}`) })).reasons);
    }
    expect(reasons[10]).toContain('blast:10');
    expect(reasons[11]).toContain('blast:10+');
    expect(reasons[12]).toContain('blast:10+');
  });

  it('keeps the honeypot as a reason, and holds without refusing anything', async () => {
    const trapped = await store(db, { message: 'Hello', honeypot: true });
    expect(trapped).toMatchObject({ held: true, reasons: ['honeypot'] });
  });

  const learn = (id: number, spam: boolean) =>
    db.query('select app_private.spam_learn($1, $2)', [id, spam]);
  const spamText = (i: number) =>
    `Exclusive offer ${i}: premium widgets wholesale, container pricing, ` +
    'distributor margins, bulk shipment discounts today.';

  it('learns from the agency’s marks, and the opposite mark undoes one', async () => {
    const realText = (i: number) =>
      `Hello, we are a family ${['cafe', 'garage', 'florist', 'salon'][i % 4]} and want a new ` +
      'website with online booking and a chatbot for common questions. What would it cost?';
    const before = await store(db, { message: spamText(99) });
    expect(before.reasons).not.toContain('learned');
    const marked = [];
    for (let i = 0; i < 4; i++) {
      const spam = await store(db, { message: spamText(i), name: `Trader ${i}` });
      await learn(spam.id, true);
      marked.push(spam.id);
      await learn((await store(db, { message: realText(i) })).id, false);
    }
    // The marked texts' words in another order: no blast of them, so only the model holds it.
    const after = await store(db, {
      name: 'Trader 100',
      message:
        'Distributor margins today: bulk shipment discounts, container pricing and premium ' +
        'widgets wholesale, an exclusive offer.',
    });
    expect(after).toMatchObject({ held: true, reasons: ['learned'] });
    const like = await store(db, {
      message:
        'Could a chatbot answer common questions for our family salon, beside online booking ' +
        'on a new website? And what would that cost?',
    });
    expect(like).toMatchObject({ held: false, reasons: [] });

    // "Not spam" on each: the lesson is undone, and the next one is not held for it.
    for (const id of marked) await learn(id, false);
    const undone = await store(db, { message: spamText(101), name: 'Trader 101' });
    expect(undone.reasons).not.toContain('learned');
    const [model] = await db.query('select spam_docs, ham_docs from app_private.spam_model');
    expect(model).toEqual({ spam_docs: 0, ham_docs: 8 });
  });

  it('lets through the next lead like one released with "Not spam"', async () => {
    for (let i = 0; i < 3; i++) {
      await learn((await store(db, { message: spamText(200 + i), name: `Dealer ${i}` })).id, true);
    }
    // A client of its own: its signals alone hold it (a loans phrase and a price in dollars).
    const enquiry = (town: string) => ({
      name: 'Ada Clerk',
      email: 'ada@clerks.example.co.uk',
      message:
        `Accountancy practice in ${town}: clients ask about working capital, so pages ` +
        'explaining cashflow could help. Budget around $5,000.',
    });
    const first = await store(db, enquiry('Leeds'));
    expect(first).toMatchObject({ held: true, reasons: ['pitch:loans', 'dollars'], score: 5 });
    await learn(first.id, false);
    expect(await store(db, enquiry('York'))).toMatchObject({
      held: false,
      reasons: ['pitch:loans', 'dollars'],
      score: 3,
    });
  });

  it('queues no push for a held lead, and one for a real lead', async () => {
    await db.query(`insert into app_private.inbox_members (email) values ('owner@example.co.uk')`);
    await db.query(
      `insert into public.push_devices (member, endpoint, browser)
       values ('owner@example.co.uk', 'https://fcm.googleapis.com/fcm/send/spam-test', 'Chrome')`,
    );
    const held = await store(db, {
      message: 'Здравствуйте! Предлагаем продвижение вашего сайта в поисковых системах недорого.',
    });
    expect(held.held).toBe(true);
    const real = await store(db, {
      message: 'Could you move our florist’s site from Wix to something faster? We are in Bath.',
    });
    expect(real.held).toBe(false);
    const pushes = (id: number) =>
      db.query('select kind from app_private.push_queue where submission_id = $1', [id]);
    expect(await pushes(held.id)).toEqual([]);
    expect(await pushes(real.id)).toEqual([{ kind: 'lead' }]);
  });
});

const prepared = supabaseLike();

describePostgres('the content spam score on a Supabase-like PostgreSQL', () => {
  const shared = prepared('postgres');
  let client: SupabaseLike['client'];
  beforeAll(() => void ({ client } = shared()));

  it('holds a pitch with its reasons, from the same SQL, beside Supabase’s own schemas', async () => {
    await client.query('begin');
    try {
      await client.query(
        `insert into public.contact_submissions (name, email, message) values ($1, $2, $3)`,
        [
          'Rank Boost',
          'rank@example.com',
          'Dear website owner, we sell high quality backlinks and guest posts for your website.',
        ],
      );
      const { rows } = await client.query(
        `select suspected_spam, spam_reasons from public.contact_submissions
         where email = 'rank@example.com'`,
      );
      expect(rows).toEqual([
        {
          suspected_spam: true,
          spam_reasons: expect.arrayContaining(['pitch:seo', 'pitch:owner']),
        },
      ]);
    } finally {
      await client.query('rollback');
    }
  });
});

describePostgres('a blast sent all at once', () => {
  let backend: Backend;
  let first: pg.Client;
  let second: pg.Client;
  beforeAll(async () => {
    backend = await freshBackend('postgres');
    await (await openDatabase(backend.options)).close();
    first = new pg.Client({ connectionString: backend.options.databaseUrl });
    second = new pg.Client({ connectionString: backend.options.databaseUrl });
    await Promise.all([first.connect(), second.connect()]);
  });
  afterAll(async () => {
    await first?.end();
    await second?.end();
    await backend?.dispose();
  });

  it('holds the copy stored while the first is still uncommitted', async () => {
    const text =
      'Hello, we help local firms win more five star reviews every month with a simple card ' +
      'that customers tap with their phones at the till.';
    const insert = (client: pg.Client, name: string) =>
      client.query(
        `insert into public.contact_submissions (name, email, message) values ($1, $2, $3)
         returning suspected_spam as held, spam_reasons as reasons`,
        [name, `${name.toLowerCase()}@example.net`, text],
      );
    // Two requests at once, as PostgREST runs each: a transaction each, neither committed yet.
    await first.query('begin');
    expect((await insert(first, 'Ann')).rows).toEqual([{ held: false, reasons: [] }]);
    const [{ pid }] = (await second.query('select pg_backend_pid() as pid')).rows;
    await second.query('begin');
    const copy = insert(second, 'Bob');
    // It waits for the first to end (waited for as a state, never a time); then it sees it.
    await until(
      async () =>
        (
          await first.query(
            `select 1 from pg_stat_activity where pid = $1 and wait_event = 'advisory'`,
            [pid],
          )
        ).rowCount === 1,
      10_000,
      'the copy to wait for the first',
    );
    await first.query('commit');
    expect((await copy).rows).toEqual([{ held: true, reasons: ['blast:1'] }]);
    await second.query('commit');
  });
});
