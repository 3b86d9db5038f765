import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { spamReason } from '../../shared/copy/spam-reasons.ts';
import { inboxCopy } from '../../src/content/inbox.ts';
import { HeldReasons } from '../../src/inbox/components/held-reasons.tsx';
import { formatDateTime } from '../../src/inbox/format.ts';
import type { Lead, LeadActivity } from '../../src/inbox/lead.ts';

/**
 * What an opened lead in Spam says put it there (docs/inbox.md): what held it, and a member's
 * "Spam" by name and time; the score's signals are called the reasons only when it held the lead.
 */

const copy = inboxCopy.held;
const MEMBER = 'sam@agency.example';
const MARKED_AT = '2026-11-30T10:02:00Z';

/** The notice's words, one line per heading or reason. */
function notice(lead: Partial<Lead>, activity: Partial<LeadActivity>[] = []): string[] {
  const html = renderToStaticMarkup(
    <HeldReasons
      lead={{ suspected_spam: true, held_by_score: false, spam_reasons: [], ...lead } as Lead}
      activity={activity as LeadActivity[]}
    />,
  );
  return html
    .split(/<\/(?:h3|p|li)>/)
    .map((part) => part.replace(/<[^>]+>/g, '').trim())
    .filter(Boolean);
}

const marks = [
  { action: 'spam', actor: 'first@agency.example', at: '2026-11-29T09:00:00Z' },
  { action: 'not_spam', actor: 'first@agency.example', at: '2026-11-29T09:05:00Z' },
  { action: 'spam', actor: MEMBER, at: MARKED_AT },
];

describe('why a lead is in Spam', () => {
  it('says a member marked it, by whom and when, and the score’s signals only as counted', () => {
    expect(notice({ spam_reasons: ['pitch:seo', 'marked'] }, marks)).toEqual([
      copy.marked(MEMBER, formatDateTime(MARKED_AT)),
      copy.noted,
      spamReason('pitch:seo'),
    ]);
  });

  it('gives the score’s signals as the reasons when the score held it', () => {
    expect(notice({ spam_reasons: ['pitch:owner', 'pitch:seo'], held_by_score: true })).toEqual([
      copy.because,
      spamReason('pitch:owner'),
      spamReason('pitch:seo'),
    ]);
  });

  it('says a member marked it after the score had held it', () => {
    const lead = { spam_reasons: ['links:4', 'marked'], held_by_score: true };
    expect(notice(lead, marks)).toEqual([
      copy.marked(MEMBER, formatDateTime(MARKED_AT)),
      copy.before,
      spamReason('links:4'),
    ]);
  });

  it('gives the hidden field as the reason, and a low score’s signals as only counted', () => {
    expect(notice({ spam_reasons: ['honeypot', 'links:2'] })).toEqual([
      copy.because,
      spamReason('honeypot'),
      copy.noted,
      spamReason('links:2'),
    ]);
  });

  it('names nobody for a mark the activity does not hold, and says nothing of a lead not held', () => {
    expect(notice({ spam_reasons: ['marked'] })).toEqual([copy.marked()]);
    expect(notice({ spam_reasons: ['pitch:seo'], suspected_spam: false })).toEqual([]);
    expect(notice({ spam_reasons: null })).toEqual([]);
  });
});
