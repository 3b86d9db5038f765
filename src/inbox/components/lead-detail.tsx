import { useEffect, useRef } from 'react';
import { buttonClass } from '../../components/ui/button-styles';
import { Icon } from '../../components/ui/icon';
import { inboxCopy } from '../../content/inbox';
import { telHref } from '../../lib/tel-href';
import { formatDateTime } from '../format';
import type { Lead, LeadActivity } from '../lead';
import { closeLead } from '../lead-hash';
import { findPhoneNumber } from '../phone';
import { mailtoHref } from '../mailto-link';
import { useLead } from '../use-lead';
import { LeadFacts, StatusBadge } from './badges';
import { HeldReasons } from './held-reasons';
import { LeadActions } from './lead-actions';
import { LeadActivityLog } from './lead-activity';
import { LeadClocks } from './lead-clock';
import { useFocusKept } from '../use-focus-kept';
import { LeadNotes } from './lead-notes';
import { LeadReply } from './lead-reply';
import { LeadTake } from './lead-take';

const copy = inboxCopy.lead;

interface LeadDetailProps {
  id: number;
  /** The list is read again: after opening (unread changes) and after any change. */
  onListChanged: () => void;
  /** The lead was erased, just before it closes. */
  onErased: () => void;
}

/**
 * One lead opened: every word of the message as text (React escapes it, so
 * HTML or script in a lead shows as written), a reply by email and a call
 * when a number is found, the actions, notes and activity.
 */
export function LeadDetail({ id, onListChanged, onErased }: LeadDetailProps) {
  const open = useLead(id, onListChanged);
  // The lead's heading, or the words in its place while it loads or once it is gone.
  const heading = useRef<HTMLElement>(null);
  const holdHeading = (element: HTMLElement | null) => {
    heading.current = element;
  };
  const article = useRef<HTMLElement>(null);
  // A button gone once it has done its work ("I'm on it") leaves the keyboard user on the lead;
  // the whole lead gone (erased elsewhere, read again live), on the words that say so.
  useFocusKept(article, heading);
  const ready = open.state === 'ready';
  // Focus follows the opening, so a keyboard or screen-reader user lands on the lead.
  useEffect(() => {
    if (ready) heading.current?.focus();
  }, [ready, id]);

  return (
    <article
      ref={article}
      aria-labelledby="lead-heading"
      aria-busy={open.state === 'loading'}
      className="rounded-2xl border border-line bg-surface p-4 sm:p-6"
    >
      <button
        type="button"
        onClick={closeLead}
        className={buttonClass('ghost', '-ml-2 px-3 text-sm lg:hidden')}
      >
        <Icon name="arrow-right" className="size-4 rotate-180" />
        {copy.back}
      </button>
      {open.state === 'ready' ? (
        <LeadBody
          lead={open.lead}
          activity={open.activity}
          heading={holdHeading}
          after={() => {
            void open.reload();
            onListChanged();
          }}
          erased={() => {
            onErased();
            closeLead();
            onListChanged();
          }}
        >
          <LeadNotes leadId={id} notes={open.notes} onAdded={() => void open.reload()} />
          <LeadActivityLog activity={open.activity} replies={open.replies} />
        </LeadBody>
      ) : (
        <p
          ref={holdHeading}
          role="status"
          id="lead-heading"
          tabIndex={-1}
          className="py-6 text-muted focus:outline-none"
        >
          {open.state === 'loading'
            ? copy.loading
            : open.state === 'missing'
              ? copy.notFound
              : inboxCopy.list.failed}
        </p>
      )}
    </article>
  );
}

interface LeadBodyProps {
  lead: Lead;
  /** Who marked it spam, and when, for the held notice. */
  activity: LeadActivity[];
  heading: (element: HTMLElement | null) => void;
  after: () => void;
  erased: () => void;
  children: React.ReactNode;
}

function LeadBody({ lead, activity, heading, after, erased, children }: LeadBodyProps) {
  const phone = findPhoneNumber(lead.message);
  const reply = mailtoHref(lead.email, copy.replySubject(lead.reference));
  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <h2
          id="lead-heading"
          ref={heading}
          tabIndex={-1}
          dir="auto"
          className="break-words text-2xl font-bold tracking-tight text-ink focus:outline-none"
        >
          {lead.name}
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          <StatusBadge status={lead.status} />
          <LeadFacts lead={lead} />
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted">{copy.received}</dt>
          <dd className="text-ink">
            <time dateTime={lead.created_at}>{formatDateTime(lead.created_at)}</time>
          </dd>
          <dt className="text-muted">{copy.reference}</dt>
          <dd className="font-mono text-ink">{lead.reference}</dd>
        </dl>
        <LeadClocks lead={lead} />
        <div className="flex flex-wrap gap-2 pt-1">
          <LeadTake lead={lead} onTaken={after} />
          {reply ? (
            // The member's own mail app: a second way, drawn as Call is. The inbox's Reply
            // (below the message) is the one main reply button (docs/inbox.md).
            <a href={reply} className={buttonClass('outline', 'max-w-full px-4 text-sm')}>
              <Icon name="mail" className="size-4" />
              <span className="truncate">
                {copy.reply} <span className="sr-only">({lead.email})</span>
              </span>
            </a>
          ) : null}
          {phone ? (
            <a href={telHref(phone)} className={buttonClass('outline', 'px-4 text-sm')}>
              <Icon name="phone" className="size-4" />
              {copy.call(phone)}
            </a>
          ) : null}
        </div>
        <p className="break-all text-sm text-muted">{lead.email}</p>
        {reply ? null : <p className="text-sm text-ink">{copy.noReplyLink}</p>}
      </header>
      <HeldReasons lead={lead} activity={activity} />
      <section aria-labelledby="lead-message-heading">
        <h3 id="lead-message-heading" className="sr-only">
          {copy.message}
        </h3>
        <p
          data-testid="lead-message"
          dir="auto"
          className="whitespace-pre-wrap break-words rounded-xl bg-raised px-4 py-3 text-ink"
        >
          {lead.message}
        </p>
      </section>
      <LeadReply lead={lead} onSent={after} />
      <LeadActions lead={lead} onChanged={after} onErased={erased} />
      {children}
    </div>
  );
}
