import { alertsCopy } from '../alerts/alerts-copy';
import { inboxCopy } from '../../content/inbox';
import type { LeadStatus } from '../../../shared/lead-status';
import type { Lead } from '../lead';

const STATUS_TONE: Record<LeadStatus, string> = {
  new: 'border-warm/40 text-warm',
  replied: 'border-cool/40 text-cool',
  diagnosed: 'border-cool/40 text-cool',
  won: 'border-line text-ink',
  lost: 'border-line text-muted',
  archived: 'border-line text-muted',
};

const pill = 'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold';

export function StatusBadge({ status }: { status: LeadStatus }) {
  return (
    <span data-status={status} className={`${pill} ${STATUS_TONE[status]}`}>
      {inboxCopy.status[status]}
    </span>
  );
}

/** The bot check (a proof of work came with it), suspected spam, who took it, and each channel's delivery state (the webhook's when it has one). */
export function LeadFacts({ lead, takenId }: { lead: Lead; takenId?: string }) {
  const { email, webhook, verified, spam } = inboxCopy;
  const failed = 'font-semibold text-danger';
  return (
    <ul className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted">
      <li data-verified={lead.verified}>{lead.verified ? verified.yes : verified.no}</li>
      {lead.suspected_spam ? <li className="font-semibold text-warm">{spam}</li> : null}
      {lead.taken_by ? (
        <li id={takenId} data-taken-by={lead.taken_by} className="font-semibold text-cool">
          {alertsCopy.take.takenBy(lead.taken_by)}
        </li>
      ) : null}
      <li
        data-email-state={lead.email_state}
        className={lead.email_state === 'failed' ? failed : ''}
      >
        {email.label}: {email[lead.email_state] ?? lead.email_state}
      </li>
      {/* No webhook set up, no word of it: most agencies never post leads elsewhere. */}
      {lead.webhook_state === 'none' ? null : (
        <li
          data-webhook-state={lead.webhook_state}
          className={lead.webhook_state === 'failed' ? failed : ''}
        >
          {webhook.label}: {webhook[lead.webhook_state] ?? lead.webhook_state}
        </li>
      )}
    </ul>
  );
}
