import { asTyped } from '../../../shared/as-typed.ts';
import { FIGURE_LABELS } from '../../../shared/copy/figure-labels.ts';
import { spamReasons } from '../../../shared/copy/spam-reasons.ts';
import type { Row } from '../../db/database.ts';
import { escapeHtml } from '../../../shared/escape-html.ts';
import { inboxLink } from '../delivery/lead-message.ts';
import { clipped } from '../delivery/mail-header.ts';
import type { WorkingHours } from '../../../shared/working-hours.ts';
import { HTML_EMAIL_START } from '../delivery/html-email.ts';

/**
 * The clocks' emails to the agency: a reminder listing the leads whose reply
 * or diagnosis falls due soon, the weekly digest, and a working morning's note
 * of the leads held as suspected spam. Subjects are ours alone; visitors'
 * names reach the text as plain text and the HTML escaped, and each lead
 * links to the inbox, which is where the work is done.
 */

export interface Notice {
  subject: string;
  text: string;
  html: string;
}

interface Context {
  hours: WorkingHours;
  siteUrl?: string;
  at: Date;
  /** Leave the visitors' names out: the relay refused them (agency-notice.ts). Links stay. */
  unnamed?: boolean;
}

const DEADLINE_WORDS: Record<string, string> = { reply: 'Reply', diagnosis: 'Diagnosis' };
/** A name is a label here; the inbox has the whole lead. */
const MAX_NAME = 60;
/** The digest's Monday (a date, read at noon UTC) as a person reads it: "30 Nov 2026". */
const DIGEST_DAY = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

export function reminderNotice(due: Row[], context: Context): Notice {
  const count = due.length;
  const lines = due.map((row) => {
    const what = `${DEADLINE_WORDS[String(row.deadline)]} due ${localTime(row.due, context)}`;
    return { what, name: nameOf(row, context), link: leadLink(row.id, context) };
  });
  const intro = `${count} ${count === 1 ? 'deadline falls' : 'deadlines fall'} due soon. Mark each lead replied or diagnosed in the inbox once done.`;
  return {
    subject: `Reminder: ${count} lead ${count === 1 ? 'deadline' : 'deadlines'} due soon`,
    text: [
      intro,
      '',
      ...lines.map((l) => `- ${l.what}: ${l.name}${l.link ? `\n  ${l.link}` : ''}`),
    ].join('\n'),
    html: page([
      `<p>${escapeHtml(intro)}</p><ul>`,
      ...lines.map((l) => `<li>${escapeHtml(l.what)}: ${linked(l.name, l.link)}</li>`),
      '</ul>',
    ]),
  };
}

export function digestNotice(
  figures: Record<string, unknown>,
  overdue: Row[],
  context: Context & { monday: string },
): Notice {
  const n = (key: string) => Number(figures[key] ?? 0);
  const share = (part: string, whole: string) =>
    n(whole) === 0
      ? 'no leads yet counted'
      : `${Math.round((100 * n(part)) / n(whole))}% (${n(part)} of ${n(whole)})`;
  const median = figures.median_first_reply_seconds;
  const facts = [
    `${FIGURE_LABELS.leads}: ${n('leads')}, and ${n('held_as_spam')} held as suspected spam`,
    `${FIGURE_LABELS.medianReply}: ${median == null ? 'no replies yet' : duration(Number(median))}`,
    `${FIGURE_LABELS.withinPromise}: ${share('replied_within_promise', 'reply_counted')}`,
    `${FIGURE_LABELS.within5Minutes}: ${share('replied_within_5_minutes', 'reply_counted')}`,
    `${FIGURE_LABELS.within1Hour}: ${share('replied_within_1_hour', 'reply_counted')}`,
    `${FIGURE_LABELS.diagnosedInTime}: ${share('diagnosed_within_24_hours', 'diagnosis_counted')}`,
    // Alerts (docs/alerts.md): how long a lead waited before anyone saw it or took it.
    `Time to first seen: ${spread(figures, 'first_seen', 'no lead seen yet')}`,
    `${FIGURE_LABELS.seenWithin5Minutes}: ${share('seen_within_5_minutes', 'seen_counted')}`,
    `Time to "I'm on it": ${spread(figures, 'taken', 'no lead taken yet')}`,
  ];
  const open = overdue.map((row) => {
    const late = [
      row.reply_overdue === true && `reply was due ${localTime(row.reply_due, context)}`,
      row.diagnosis_overdue === true &&
        `diagnosis was due ${localTime(row.diagnosis_due, context)}`,
    ].filter(Boolean);
    return { what: late.join('; '), name: nameOf(row, context), link: leadLink(row.id, context) };
  });
  const openTitle =
    open.length === 0
      ? 'No open lead is overdue.'
      : `${open.length} open ${open.length === 1 ? 'lead is' : 'leads are'} overdue:`;
  return {
    subject: `Weekly leads digest: the 7 days to ${DIGEST_DAY.format(new Date(`${context.monday}T12:00:00Z`))}`,
    text: [
      'The last 7 days:',
      ...facts.map((fact) => `- ${fact}`),
      '',
      openTitle,
      ...open.map((l) => `- ${l.name}: ${l.what}${l.link ? `\n  ${l.link}` : ''}`),
    ].join('\n'),
    html: page([
      '<p>The last 7 days:</p><ul>',
      ...facts.map((fact) => `<li>${escapeHtml(fact)}</li>`),
      `</ul><p>${escapeHtml(openTitle)}</p><ul>`,
      ...open.map((l) => `<li>${linked(l.name, l.link)}: ${escapeHtml(l.what)}</li>`),
      '</ul>',
    ]),
  };
}

/**
 * Anything a mail client could make a link of: a scheme, "www.", an address, a path, or a word, a
 * dot and two letters (cheap-seo.co.uk), in any script (café.com, пример.рф) and with the dots
 * that domain names read as one (example．com). Such a name is left out of our own email.
 */
const LINK_LIKE = /\/\/|www[.．。｡]|[@＠]|\/|[\p{L}\p{N}-][.．。｡]\p{L}{2,}/iu;

/**
 * The leads held as suspected spam between `since` and `until`, each with why: no alert went
 * out for them, so this is where a real enquiry the score held is seen. `total` counts those
 * beyond the listed. `unnamed`: the count and where to look alone, for a relay that refused
 * the list for a spammer's words.
 */
export function heldNotice(held: Row[], context: Context & { since: Date; until: Date }): Notice {
  const total = Number(held[0]?.total ?? held.length);
  const lines = context.unnamed
    ? []
    : held.map((row) => {
        const reasons = (row.spam_reasons ?? []) as string[];
        const name = nameOf(row);
        return {
          // A lead the honeypot held before reasons were kept has none.
          what: spamReasons(reasons).join('; ') || 'suspected spam',
          name: LINK_LIKE.test(name) ? 'a name that looks like a link' : name,
          link: leadLink(row.id, context),
        };
      });
  const some = total === 1 ? 'lead was' : 'leads were';
  const them = total === 1 ? 'it' : 'them';
  const intro =
    `${total} ${some} held as suspected spam between ${localTime(context.since, context)} and ` +
    `${localTime(context.until, context)}, and no alert went out for ${them}. If one is a real ` +
    'enquiry, open it in the inbox and press "Not spam": it arrives as new, and its deadlines ' +
    'start then.';
  const rest = total - lines.length;
  const more =
    rest === 0
      ? []
      : [`${lines.length === 0 ? 'They are' : `…and ${rest} more are`} under Spam in the inbox.`];
  return {
    subject: `${total} ${total === 1 ? 'lead' : 'leads'} held as suspected spam`,
    text: [
      intro,
      '',
      ...lines.map((l) => `- ${l.name}: ${l.what}${l.link ? `\n  ${l.link}` : ''}`),
      ...more,
    ].join('\n'),
    html: page([
      `<p>${escapeHtml(intro)}</p>`,
      ...(lines.length === 0
        ? []
        : [
            '<ul>',
            ...lines.map((l) => `<li>${linked(l.name, l.link)}: ${escapeHtml(l.what)}</li>`),
            '</ul>',
          ]),
      ...more.map((line) => `<p>${escapeHtml(line)}</p>`),
    ]),
  };
}

/** Leads nobody has seen or taken in ALERT_ESCALATE_MINUTES of working time (docs/alerts.md). */
export function escalationNotice(leads: Row[], context: Context & { minutes: number }): Notice {
  const count = leads.length;
  const lines = leads.map((row) => ({
    name: nameOf(row, context),
    link: leadLink(row.id, context),
  }));
  const intro = `Nobody has seen ${count === 1 ? 'this lead' : 'these leads'} yet, ${context.minutes} working minutes after ${count === 1 ? 'it' : 'they'} arrived. Open ${count === 1 ? 'it' : 'each'} in the inbox, or press "I'm on it" on the alert.`;
  return {
    subject: `Nobody has seen ${count === 1 ? 'a new lead' : `${count} new leads`} yet`,
    text: [intro, '', ...lines.map((l) => `- ${l.name}${l.link ? `\n  ${l.link}` : ''}`)].join(
      '\n',
    ),
    html: page([
      `<p>${escapeHtml(intro)}</p><ul>`,
      ...lines.map((l) => `<li>${linked(l.name, l.link)}</li>`),
      '</ul>',
    ]),
  };
}

/** "median 4 min, 90% within 12 min" from median_<what>_seconds and p90_<what>_seconds. */
function spread(figures: Record<string, unknown>, what: string, none: string): string {
  const median = figures[`median_${what}_seconds`];
  const p90 = figures[`p90_${what}_seconds`];
  if (median == null || p90 == null) return none;
  return `median ${duration(Number(median))}, 90% within ${duration(Number(p90))}`;
}

function nameOf(row: Row, context?: Pick<Context, 'unnamed'>): string {
  if (context?.unnamed) return 'a lead';
  // Shown as typed: an override in a name would reverse it in the email (shared/as-typed.ts).
  const name = asTyped(String(row.name ?? ''))
    .replace(/\s+/g, ' ')
    .trim();
  return clipped(name, MAX_NAME) || 'a visitor';
}

function leadLink(id: unknown, { siteUrl }: Context): string | undefined {
  return inboxLink(siteUrl, String(id));
}

function linked(text: string, href: string | undefined): string {
  return href ? `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>` : escapeHtml(text);
}

function localTime(value: unknown, { hours }: Context): string {
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone: hours.timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
  return format.format(new Date(value as string | Date));
}

function duration(seconds: number): string {
  if (seconds < 90) return `${Math.round(seconds)} s`;
  if (seconds < 90 * 60) return `${Math.round(seconds / 60)} min`;
  if (seconds < 48 * 3600) return `${Math.round(seconds / 360) / 10} h`;
  return `${Math.round(seconds / 8640) / 10} days`;
}

function page(parts: string[]): string {
  return [HTML_EMAIL_START, ...parts, '</body></html>'].join('\n');
}
