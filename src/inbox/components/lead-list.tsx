import { useRef } from 'react';
import { buttonClass } from '../../components/ui/button-styles';
import { inboxCopy } from '../../content/inbox';
import type { Lead } from '../lead';
import { LeadRow } from './lead-row';
import { useFocusKept } from '../use-focus-kept';

interface LeadListProps {
  leads: Lead[];
  total: number;
  state: 'loading' | 'ready' | 'failed';
  searching: boolean;
  openId: number | null;
  onMore: () => void;
  /** A line about the folder above its leads. */
  note?: string;
}

const copy = inboxCopy.list;

/** The list's heading: where the skip link and a lost focus land. */
export const LIST_HEADING_ID = 'inbox-list-heading';

/** The leads of the view, newest first; each one a link to `#lead=<id>`. */
export function LeadList({ leads, total, state, searching, openId, onMore, note }: LeadListProps) {
  const section = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // A row taken out of the view under the keyboard user (archived, erased or marked spam
  // elsewhere, as the list is read again live), or "Show more" once the last are shown: they go
  // back to the list's heading, not to the page.
  useFocusKept(section, heading);
  return (
    <section ref={section} aria-labelledby={LIST_HEADING_ID} aria-busy={state === 'loading'}>
      <h2 ref={heading} id={LIST_HEADING_ID} tabIndex={-1} className="sr-only">
        {copy.label}
      </h2>
      {note ? <p className="px-1 pb-2 text-sm text-ink">{note}</p> : null}
      <p role="status" className="px-1 pb-2 text-sm text-muted">
        {state === 'loading' && leads.length === 0
          ? copy.loading
          : state === 'failed'
            ? copy.failed
            : leads.length === 0
              ? searching
                ? copy.emptySearch
                : copy.empty
              : copy.count(leads.length, total)}
      </p>
      {/* Empty (no lead in the view), its border alone drew a stray line under the words above. */}
      <ul className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface empty:hidden">
        {leads.map((lead) => (
          <LeadRow key={lead.id} lead={lead} open={lead.id === openId} />
        ))}
      </ul>
      {leads.length < total ? (
        <button type="button" onClick={onMore} className={buttonClass('outline', 'mt-4 w-full')}>
          {copy.more}
        </button>
      ) : null}
    </section>
  );
}
