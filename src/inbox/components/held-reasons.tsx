import { spamReasons } from '../../../shared/copy/spam-reasons';
import { inboxCopy } from '../../content/inbox';
import type { Lead } from '../lead';

/**
 * Why a held lead was held, in plain words (shared/copy/spam-reasons.ts), so
 * a member can judge it before pressing "Not spam". Nothing for a lead in the
 * inbox, or one held before the score kept its reasons.
 */
export function HeldReasons({ lead }: { lead: Lead }) {
  const reasons = lead.suspected_spam ? spamReasons(lead.spam_reasons) : [];
  if (reasons.length === 0) return null;
  return (
    <section
      aria-labelledby="lead-held-heading"
      className="rounded-xl border border-warm/40 px-4 py-3 text-sm"
    >
      <h3 id="lead-held-heading" className="font-semibold text-ink">
        {inboxCopy.heldBecause}
      </h3>
      <ul className="mt-1 list-disc space-y-0.5 pl-5 text-ink">
        {reasons.map((reason, index) => (
          <li key={index}>{reason}</li>
        ))}
      </ul>
    </section>
  );
}
