import { useRef } from 'react';
import { leadFragment } from '../../../shared/paths';
import { buttonClass } from '../../components/ui/button-styles';
import { inboxCopy } from '../../content/inbox';
import { formatDateTime } from '../format';
import { preview, type Lead } from '../lead';
import { LeadFacts, StatusBadge } from './badges';
import { LeadClock } from './lead-clock';
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

/** The leads of the view, newest first; each one a link to `#lead=<id>`. */
export function LeadList({ leads, total, state, searching, openId, onMore, note }: LeadListProps) {
  const section = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // A row taken out of the view under the keyboard user (archived, erased or marked spam
  // elsewhere, as the list is read again live), or "Show more" once the last are shown: they go
  // back to the list's heading, not to the page.
  useFocusKept(section, heading);
  return (
    <section ref={section} aria-labelledby="inbox-list-heading" aria-busy={state === 'loading'}>
      <h2 ref={heading} id="inbox-list-heading" tabIndex={-1} className="sr-only">
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
          <li key={lead.id}>
            <LeadRow lead={lead} open={lead.id === openId} />
          </li>
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

function LeadRow({ lead, open }: { lead: Lead; open: boolean }) {
  return (
    <a
      href={leadFragment(lead.id)}
      aria-current={open ? 'true' : undefined}
      data-unread={lead.unread}
      className="group block px-4 py-3 outline-offset-[-2px] hover:bg-raised focus-visible:outline-2 focus-visible:outline-warm aria-[current=true]:bg-raised"
    >
      <div className="flex items-start gap-2">
        <span
          aria-hidden="true"
          className="mt-2 size-2 shrink-0 rounded-full bg-transparent group-data-[unread=true]:bg-warm"
        />
        <div className="min-w-0 flex-1">
          <div className="flex items-baseline justify-between gap-2">
            <span className="truncate text-ink group-data-[unread=true]:font-bold">
              {lead.unread ? <span className="sr-only">{inboxCopy.list.unread}: </span> : null}
              <bdi>{lead.name}</bdi>
            </span>
            <time dateTime={lead.created_at} className="shrink-0 text-xs text-muted">
              {formatDateTime(lead.created_at)}
            </time>
          </div>
          <p dir="auto" className="truncate text-sm text-muted">
            {preview(lead.message)}
          </p>
          <div className="mt-1.5 flex flex-wrap items-center gap-2">
            <StatusBadge status={lead.status} />
            <span className="font-mono text-xs text-muted">{lead.reference}</span>
          </div>
          <div className="mt-1 space-y-1">
            <LeadClock lead={lead} />
            <LeadFacts lead={lead} />
          </div>
        </div>
      </div>
    </a>
  );
}
