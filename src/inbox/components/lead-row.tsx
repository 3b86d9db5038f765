import { leadFragment } from '../../../shared/paths';
import { inboxCopy } from '../../content/inbox';
import { leadingClock } from '../clock';
import { formatDateTime } from '../format';
import { preview, type Lead } from '../lead';
import { useNow } from '../use-now';
import { LeadFacts, StatusBadge } from './badges';
import { ClockText } from './lead-clock';

/**
 * One lead of the list, drawn as GOV.UK's task list draws a task: the link is the name alone,
 * stretched over the row (its ::after) so the whole row is still what is clicked or tapped. A
 * screen reader tabbing the rows hears who and their state ("Unread: Priya Shah, New"), then, as
 * the link's description, when it came, what falls due, who took it and its first line. The
 * rest (reference, bot check, delivery) is text beside the link, for the reading keys, and is all
 * on the opened lead. A link holding the whole row was read whole on every Tab.
 */
export function LeadRow({ lead, open }: { lead: Lead; open: boolean }) {
  const clock = leadingClock(lead, useNow());
  const id = (part: string) => `lead-${lead.id}-${part}`;
  const described = [
    id('received'),
    clock ? id('due') : null,
    lead.taken_by ? id('taken') : null,
    id('preview'),
  ];
  return (
    <li
      data-unread={lead.unread}
      data-current={open}
      className="group relative px-4 py-3 hover:bg-raised data-[current=true]:bg-raised"
    >
      <div className="flex items-start gap-2">
        <span
          aria-hidden="true"
          className="mt-2 size-2 shrink-0 rounded-full bg-transparent group-data-[unread=true]:bg-warm"
        />
        <div className="min-w-0 flex-1">
          <div className="flex items-baseline justify-between gap-2">
            <span className="truncate text-ink group-data-[unread=true]:font-bold">
              <a
                href={leadFragment(lead.id)}
                aria-current={open ? 'true' : undefined}
                aria-label={inboxCopy.list.row(
                  lead.name,
                  inboxCopy.status[lead.status],
                  lead.unread,
                )}
                aria-describedby={described.filter(Boolean).join(' ')}
                className="outline-none after:absolute after:inset-0 focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-warm"
              >
                <bdi>{lead.name}</bdi>
              </a>
            </span>
            <time
              id={id('received')}
              dateTime={lead.created_at}
              className="shrink-0 text-xs text-muted"
            >
              {formatDateTime(lead.created_at)}
            </time>
          </div>
          <p id={id('preview')} dir="auto" className="truncate text-sm text-muted">
            {preview(lead.message)}
          </p>
          <div className="mt-1.5 flex flex-wrap items-center gap-2">
            <StatusBadge status={lead.status} />
            <span className="font-mono text-xs text-muted">{lead.reference}</span>
          </div>
          <div className="mt-1 space-y-1">
            {clock ? (
              <p id={id('due')} className="text-xs">
                <ClockText clock={clock} />
              </p>
            ) : null}
            <LeadFacts lead={lead} takenId={id('taken')} />
          </div>
        </div>
      </div>
    </li>
  );
}
