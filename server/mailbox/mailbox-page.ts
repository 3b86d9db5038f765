import { createHash } from 'node:crypto';
import { escapeHtml } from '../../shared/escape-html.ts';
import type { KeptMail } from '../leads/delivery/local-mailbox.ts';

/**
 * The local mailbox's one page: every kept email, newest first, each in full. Plain HTML, no
 * script; every word escaped, as a lead's words reach these emails.
 */

const STYLE = `:root{color-scheme:light dark}
body{font:16px/1.5 system-ui,sans-serif;max-width:50rem;margin:0 auto;padding:1rem}
article{border-top:1px solid #888;padding:1rem 0}dl{display:grid;grid-template-columns:auto 1fr;gap:0 1rem;margin:0}
dt{font-weight:600}dd{margin:0}pre{white-space:pre-wrap;overflow-wrap:anywhere;font:inherit}`;

/** The page's Content-Security-Policy: its own style, nothing else. */
export const MAILBOX_CSP =
  "default-src 'none'; " +
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; ` +
  "base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** When a mail was kept, in UK time as the lead emails name times: "Sun, 29 Nov 2026, 10:00:37". */
const KEPT_AT = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  timeZone: 'Europe/London',
});

/**
 * An address on this machine, such as a lead email's link to the lead in this server's inbox:
 * shown as a link, as a mail client would, so the owner opens the lead from its email. Any other
 * address stays text: a lead's words are in these emails, and nothing here leads off this machine.
 */
const LOCAL_LINK = /\bhttps?:\/\/(?:127\.0\.0\.1|localhost|\[::1\])(?::\d+)?\/[^\s<>"']*/g;

/** The text escaped, with its addresses on this machine as links. */
function withLocalLinks(text: string): string {
  let html = '';
  let from = 0;
  for (const match of text.matchAll(LOCAL_LINK)) {
    const link = escapeHtml(match[0]);
    html += `${escapeHtml(text.slice(from, match.index))}<a href="${link}">${link}</a>`;
    from = match.index + match[0].length;
  }
  return html + escapeHtml(text.slice(from));
}

function mailArticle(mail: KeptMail): string {
  const headingId = `mail-${mail.id}`;
  const fields: [string, string | undefined][] = [
    ['From', mail.from],
    ['To', mail.to.join(', ')],
    ['Reply-To', mail.replyTo],
    ['Kept', `${KEPT_AT.format(mail.keptAt)} (UK time)`],
  ];
  const rows = fields
    .filter((field): field is [string, string] => Boolean(field[1]))
    .map(([name, value]) => `<dt>${name}</dt><dd>${escapeHtml(value)}</dd>`)
    .join('');
  return (
    `<article id="${headingId}" aria-labelledby="${headingId}-subject">` +
    `<h2 id="${headingId}-subject">${escapeHtml(mail.subject)}</h2>` +
    `<dl>${rows}</dl><pre>${withLocalLinks(mail.text)}</pre></article>`
  );
}

export function mailboxPage(mails: readonly KeptMail[], maxKept: number): string {
  const count = mails.length === 1 ? '1 email' : `${mails.length} emails`;
  const body =
    mails.length === 0
      ? '<p>No email yet. Sign-in codes, lead emails and replies appear here.</p>'
      : mails.map(mailArticle).join('\n');
  return `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<meta name="robots" content="noindex"><title>Local mailbox (${count})</title><style>${STYLE}</style></head>
<body><header><h1>Local mailbox</h1>
<p>Every email the server sent while no relay (SMTP_URL) is set: nothing left this machine.
Newest first; the latest ${maxKept} are kept, in memory until the server stops.
<a href="./">Refresh</a></p></header>
<main>${body}</main></body></html>
`;
}
