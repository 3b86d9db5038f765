import { useState } from 'react';
import { buttonClass } from '../../components/ui/button-styles';
import { alertsCopy } from '../alerts/alerts-copy';
import { takeLead } from '../alerts/push-api';
import type { Lead } from '../lead';
import { notify } from '../inbox-toast';
import { InboxRequestError } from '../api';

const copy = alertsCopy.take;

/**
 * "I'm on it": this member takes the lead, so the others' alerts for it say
 * "Taken by …" and nobody waits on someone else. Shown until someone has
 * taken it (the list and the lead then say who, in LeadFacts).
 */
export function LeadTake({ lead, onTaken }: { lead: Lead; onTaken: () => void }) {
  const [busy, setBusy] = useState(false);
  if (lead.taken_by || lead.suspected_spam) return null;
  const take = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await takeLead(lead.id);
      void notify('success', copy.done);
      onTaken();
    } catch (error) {
      // 409: another member was first; the lead read again says who.
      const first = error instanceof InboxRequestError && error.status === 409;
      if (!first) console.warn('Inbox: not taken', error);
      void notify('error', first ? copy.alreadyTaken : copy.failed);
      if (first) onTaken();
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      // aria-disabled, not disabled: a disabled button drops the focus to the page.
      aria-disabled={busy}
      aria-busy={busy}
      onClick={() => void take()}
      className={buttonClass(
        'warm',
        'px-4 text-sm aria-disabled:cursor-not-allowed aria-disabled:opacity-70',
      )}
    >
      {copy.button}
    </button>
  );
}
