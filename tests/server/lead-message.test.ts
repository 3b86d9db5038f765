import { describe, expect, it } from 'vitest';
import {
  headerText,
  isHeaderSafeAddress,
  parseMailbox,
} from '../../server/leads/delivery/mail-header.ts';
import { agencySenderOf, senderOf } from '../../server/leads/delivery/lead-mailer.ts';
import { escapeHtml } from '../../shared/escape-html.ts';
import { leadMessage, type Lead } from '../../server/leads/delivery/lead-message.ts';
import { retryDelay } from '../../server/leads/delivery/outbox-worker.ts';
import { summaryMessage } from '../../server/leads/delivery/summary-message.ts';

const LEAD: Lead = {
  id: '42',
  name: 'Jane Smith',
  email: 'jane@example.co.uk',
  message: 'Hello',
  receivedAt: new Date('2026-07-01T09:30:00Z'),
};
const ADDRESSING = {
  from: { name: 'Site', address: 'site@agency.example' },
  to: 'a@agency.example',
};

describe('addresses fit for a header', () => {
  it.each([
    'jane@example.co.uk',
    "o'brien+leads@mail.example.org",
    'zoë@bücher.example',
    'a.b.c@d-e.example',
  ])('accepts %s', (address) => expect(isHeaderSafeAddress(address)).toBe(true));

  it.each([
    'victim@example.com,eve@evil.example',
    'eve"@example.com',
    'eve<x>@example.com',
    'a..b@example.com',
    '.a@example.com',
    'a@example',
    'a@-example.com',
    'a;b@example.com',
    `${'x'.repeat(65)}@example.com`,
  ])('refuses %s', (address) => expect(isHeaderSafeAddress(address)).toBe(false));
});

describe('header text', () => {
  it('turns line breaks, controls and direction overrides into single spaces', () => {
    expect(headerText('Eve\r\nBcc: x@y.z\u0000\u2028\u202eevil  ', 100)).toBe(
      'Eve Bcc: x@y.z evil',
    );
  });

  it('keeps the joiners that are part of a name or an emoji, and drops other zero-width ones', () => {
    expect(headerText('Zoë 👩🏽\u200d💻', 60)).toBe('Zoë 👩🏽\u200d💻');
    expect(headerText('نرگس\u200cها', 60)).toBe('نرگس\u200cها');
    expect(headerText('Ada\u200bLovelace\ufeff', 60)).toBe('Ada Lovelace');
  });

  it('cuts to a length in characters, not UTF-16 units', () => {
    expect(headerText('😀'.repeat(10), 5)).toBe('😀😀😀😀…');
  });
});

describe('MAIL_FROM', () => {
  it.each([
    ['site@agency.example', { name: '', address: 'site@agency.example' }],
    [
      'Foreland Website <site@agency.example>',
      { name: 'Foreland Website', address: 'site@agency.example' },
    ],
    [
      '"Foreland, Leads" <site@agency.example>',
      { name: 'Foreland, Leads', address: 'site@agency.example' },
    ],
  ])('reads %s', (text, mailbox) => expect(parseMailbox(text)).toEqual(mailbox));

  it.each(['', 'Site', 'a@b.c, d@e.f', 'Site <a@b.c> x', 'Bad\nName <a@b.example>'])(
    'refuses %j',
    (text) => expect(parseMailbox(text)).toBeUndefined(),
  );

  it('defaults to the SMTP login when it is an address, else NOTIFY_EMAIL', () => {
    const notifyEmail = 'leads@agency.example';
    const login = 'smtps://web%40agency.example:secret@smtp.example.com';
    expect(senderOf({ smtpUrl: login, notifyEmail }).address).toBe('web@agency.example');
    expect(senderOf({ smtpUrl: 'smtp://apikey:secret@relay.example', notifyEmail }).address).toBe(
      notifyEmail,
    );
    expect(senderOf({ smtpUrl: login, notifyEmail, mailFrom: 'X <x@y.example>' })).toEqual({
      name: 'X',
      address: 'x@y.example',
    });
  });

  it("sends a reply to a lead under the agency's name, unless MAIL_FROM names another", () => {
    const notifyEmail = 'leads@agency.example';
    const smtpUrl = 'smtp://relay.example';
    expect(agencySenderOf({ smtpUrl, notifyEmail })).toEqual({
      name: 'Foreland Digital',
      address: notifyEmail,
    });
    expect(agencySenderOf({ smtpUrl, notifyEmail, brandName: 'Hastings Web\nCo' })).toEqual({
      name: 'Hastings Web Co',
      address: notifyEmail,
    });
    expect(
      agencySenderOf({ smtpUrl, notifyEmail, brandName: 'Hastings', mailFrom: 'x@y.example' }),
    ).toEqual({ name: 'Hastings', address: 'x@y.example' });
    expect(
      agencySenderOf({ smtpUrl, notifyEmail, brandName: 'Hastings', mailFrom: 'X <x@y.example>' }),
    ).toEqual({ name: 'X', address: 'x@y.example' });
  });
});

describe('the lead email', () => {
  it('links to the lead in the inbox, with no action in the link', () => {
    const message = leadMessage(LEAD, { ...ADDRESSING, siteUrl: 'https://www.example.co.uk' });
    const link = 'https://www.example.co.uk/inbox/#lead=42';
    expect(message.text).toContain(`In the inbox: ${link}`);
    expect(message.html).toContain(`<a href="${link}">`);
    expect(leadMessage(LEAD, ADDRESSING).text).not.toContain('/inbox/');
  });

  it('links each lead of a summary to the inbox, and the held ones to its Spam folder', () => {
    const summary = { id: '7', leads: [LEAD, { ...LEAD, id: '43' }], heldAsSpam: 2 };
    const message = summaryMessage(summary, { ...ADDRESSING, siteUrl: 'https://x.example' });
    for (const id of ['42', '43']) {
      expect(message.text).toContain(`In the inbox: https://x.example/inbox/#lead=${id}`);
      expect(message.html).toContain(`<a href="https://x.example/inbox/#lead=${id}">`);
    }
    expect(message.text).toContain(
      '2 held as suspected spam in the last hour (not listed here: they are under Spam in the inbox: https://x.example/inbox/).',
    );
    // No command line for the owner to type.
    expect(message.text).not.toContain('npm run');
  });

  it('escapes all five HTML specials', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });

  it('keeps the visitor in Reply-To and the reference in a stable Message-ID', () => {
    const message = leadMessage(LEAD, ADDRESSING);
    expect(message).toMatchObject({
      from: ADDRESSING.from,
      to: 'a@agency.example',
      replyTo: { name: 'Jane Smith', address: 'jane@example.co.uk' },
      subject: 'New enquiry from Jane Smith',
      messageId: `<lead-42-${LEAD.receivedAt.getTime()}@agency.example>`,
    });
    expect(message.text).toContain('Received: 1 Jul 2026, 10:30 (UK time)');
    expect(message.text).toContain('Reference: #42');
  });

  it('leaves out Reply-To for an address a header cannot carry, and says so', () => {
    const message = leadMessage({ ...LEAD, email: 'a,b@example.com' }, ADDRESSING);
    expect(message.replyTo).toBeUndefined();
    expect(message.text).toContain('cannot be used as Reply-To');
  });

  it('drops control characters from the body but keeps its lines', () => {
    const message = leadMessage({ ...LEAD, message: 'one\r\ntwo\u001b[31m\u0007' }, ADDRESSING);
    expect(message.text).toContain('one\ntwo[31m\n');
  });

  it("keeps a name on one line, so it cannot forge the body's own lines", () => {
    const name = 'Eve\nEmail: ceo@bank.example\r\nReceived: yesterday\u2028Message:\tpay now';
    const { text, html } = leadMessage({ ...LEAD, name }, ADDRESSING);
    const lines = String(text).split('\n');
    for (const label of ['Email:', 'Received:', 'Message:']) {
      expect(lines.filter((line) => line.startsWith(label))).toHaveLength(1);
    }
    expect(lines).toContain(
      'Name: Eve Email: ceo@bank.example Received: yesterday Message: pay now',
    );
    expect(String(html)).toContain('<td>Eve Email: ceo@bank.example Received: yesterday');
  });

  it('breaks up RFC 2047 encoded words in a name before it reaches a header', () => {
    const name = '=?UTF-8?B?4oCuZXZpbA==?= Smith';
    const message = leadMessage({ ...LEAD, name }, ADDRESSING);
    expect(message.subject).toBe('New enquiry from = ?UTF-8?B?4oCuZXZpbA== ?= Smith');
    expect(message.replyTo).toMatchObject({ address: LEAD.email });
    expect((message.replyTo as { name: string }).name).not.toContain('=?');
    expect(String(message.text)).not.toContain('=?');
  });

  it('names a visitor whose name is only control characters', () => {
    expect(leadMessage({ ...LEAD, name: '\u202e' }, ADDRESSING).subject).toBe(
      'New enquiry from a visitor',
    );
  });
});

describe('retry backoff', () => {
  it('doubles from the base, with up to 20 % jitter, and stops at an hour', () => {
    expect(retryDelay(0, 5_000, 0)).toBe(5_000);
    expect(retryDelay(3, 5_000, 0)).toBe(40_000);
    expect(retryDelay(3, 5_000, 1)).toBe(32_000);
    expect(retryDelay(20, 5_000, 0)).toBe(3_600_000);
    expect(retryDelay(5_000, 5_000, 0)).toBe(3_600_000);
  });
});
