import { describe, expect, it } from 'vitest';
import { isEmailAddress } from '../../shared/email-address.ts';
import { inboxCopy } from '../../src/content/inbox.ts';
import { mailtoHref } from '../../src/inbox/mailto-link.ts';

/**
 * The inbox's "Reply by email" link, read as a mail client reads a mailto:
 * (RFC 6068): recipients before the first `?`, split on `,` (and `;`, which
 * Outlook takes too), then `&`-separated headers, each percent-decoded.
 */
function asMailClient(href: string): { to: string[]; headers: Record<string, string> } {
  expect(href.startsWith('mailto:')).toBe(true);
  const [path = '', query = ''] = href.slice('mailto:'.length).split(/\?(.*)/s);
  const to = path.split(/[,;]/).map(decodeURIComponent);
  const headers: Record<string, string> = {};
  for (const pair of query.split('&').filter(Boolean)) {
    const [name = '', value = ''] = pair.split(/=(.*)/s);
    headers[decodeURIComponent(name).toLowerCase()] = decodeURIComponent(value);
  }
  return { to, headers };
}

const SUBJECT = inboxCopy.lead.replySubject('FD-ABCD-EFGH');

describe('the reply link', () => {
  it('has the lead as its one recipient and our subject', () => {
    const href = mailtoHref('ada@example.co.uk', SUBJECT)!;
    expect(href).toBe(`mailto:ada@example.co.uk?subject=${encodeURIComponent(SUBJECT)}`);
    expect(asMailClient(href)).toEqual({
      to: ['ada@example.co.uk'],
      headers: { subject: SUBJECT },
    });
  });

  // Each passes the form's rule, so each can be a stored lead's address.
  it.each([
    'a?bcc=mallory%40evil.example&subject=Pay&body=Now@example.co.uk',
    'a&cc=mallory%40evil.example@example.co.uk',
    'a#body=hi@example.co.uk',
    'a%2Cmallory%40evil.example@example.co.uk',
    'o/brien=x%3F@example.co.uk',
    'ünïcode@exämple.co.uk',
  ])('keeps %s one recipient, with no header of its own', (email) => {
    expect(isEmailAddress(email)).toBe(true);
    const href = mailtoHref(email, SUBJECT);
    expect(href).not.toBeNull();
    expect(asMailClient(href!)).toEqual({ to: [email], headers: { subject: SUBJECT } });
  });

  it.each([
    'victim@example.co.uk?bcc=mallory%40evil.example&subject=Pay&body=Now',
    'victim@example.co.uk&bcc=mallory%40evil.example',
    'victim,mallory@evil.example',
    'victim;mallory@evil.example',
    '"victim"@example.co.uk',
    '<mallory>victim@example.co.uk',
  ])('gives no link for %s, which a mail client would read as more', (email) => {
    expect(isEmailAddress(email)).toBe(true);
    expect(mailtoHref(email, SUBJECT)).toBeNull();
  });
});
