import { spamReasons } from '../../../shared/copy/spam-reasons';
import { inboxCopy } from '../../content/inbox';
import { formatDateTime } from '../format';
import type { Lead, LeadActivity } from '../lead';

const copy = inboxCopy.held;

/** A part of the notice: its words, and the reasons listed under them. */
interface Part {
  heading: string;
  reasons: string[];
}

/**
 * What put the lead in Spam, in the order it happened: the hidden field, or the score's signals
 * when the score held it (held_by_score); then a member's "Spam" ('marked'), who and when from the
 * lead's activity. Signals of a score below 5 are listed as only counted, never as what held it.
 */
function partsOf(lead: Lead, activity: readonly LeadActivity[]): Part[] {
  const codes = lead.spam_reasons ?? [];
  const signals = codes.filter((code) => code !== 'honeypot' && code !== 'marked');
  const trap = codes.includes('honeypot') ? ['honeypot'] : [];
  const held = spamReasons(lead.held_by_score ? [...trap, ...signals] : trap);
  const noted = lead.held_by_score ? [] : spamReasons(signals);
  const parts: Part[] = [];
  if (codes.includes('marked')) {
    // The mark in force is the latest: a "Not spam" between two marks took the first away.
    const mark = activity.findLast((entry) => entry.action === 'spam');
    parts.push({ heading: copy.marked(mark?.actor, mark && formatDateTime(mark.at)), reasons: [] });
    if (held.length > 0) parts.push({ heading: copy.before, reasons: held });
  } else if (held.length > 0) {
    parts.push({ heading: copy.because, reasons: held });
  }
  if (noted.length > 0) parts.push({ heading: copy.noted, reasons: noted });
  return parts;
}

/**
 * Why a held lead is in Spam, in plain words (shared/copy/spam-reasons.ts), so a member can
 * judge it before pressing "Not spam". Nothing for a lead in the inbox, or one held before the
 * score kept its reasons. The first part's words name the region.
 */
export function HeldReasons({ lead, activity }: { lead: Lead; activity: readonly LeadActivity[] }) {
  const parts = lead.suspected_spam ? partsOf(lead, activity) : [];
  if (parts.length === 0) return null;
  return (
    <section
      aria-labelledby="lead-held-heading"
      className="space-y-2 rounded-xl border border-warm/40 px-4 py-3 text-sm"
    >
      {parts.map(({ heading, reasons }, index) => (
        <div key={heading}>
          {index === 0 ? (
            <h3 id="lead-held-heading" className="font-semibold text-ink">
              {heading}
            </h3>
          ) : (
            <p className="text-ink">{heading}</p>
          )}
          {reasons.length > 0 ? (
            <ul className="mt-1 list-disc space-y-0.5 pl-5 text-ink">
              {reasons.map((reason, at) => (
                <li key={at}>{reason}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ))}
    </section>
  );
}
