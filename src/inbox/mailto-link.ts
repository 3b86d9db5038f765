import { isHeaderSafeAddress } from '../../shared/email-address';

/**
 * The "Reply by email" link: exactly one recipient, the lead, and our subject.
 * Only an address the lead email would use as its Reply-To gets one (the same
 * rule, shared/email-address.ts): the form lets through `a@b.co?bcc=…&body=…`,
 * `a,b@c.co` and `a;b@c.co`, which a mail client would read as a query or as
 * two recipients. What passes is still percent-encoded around its `@`, as
 * RFC 6068 asks, so `?`, `&`, `=`, `#`, `%` and `/` in a local part stay part
 * of the address. Null when there is no such link to give.
 */
export function mailtoHref(email: string, subject: string): string | null {
  if (!isHeaderSafeAddress(email)) return null;
  const at = email.lastIndexOf('@');
  const address = `${encodeURIComponent(email.slice(0, at))}@${encodeURIComponent(email.slice(at + 1))}`;
  return `mailto:${address}?subject=${encodeURIComponent(subject)}`;
}
