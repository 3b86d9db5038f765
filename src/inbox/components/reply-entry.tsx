import { inboxCopy } from '../../content/inbox';
import type { ReplyState } from '../../../shared/lead-status';
import { formatDateTime } from '../format';
import type { LeadReply } from '../lead';

const copy = inboxCopy.reply;

const STATE_TONE: Record<ReplyState, string> = {
  waiting: 'border-line text-muted',
  sent: 'border-cool/40 text-cool',
  refused: 'border-danger/40 text-danger',
};

/**
 * A reply in the lead's activity: its words as written (React escapes them),
 * and where its delivery stands: sending, sent (when the mail server
 * accepted it, or the local mailbox kept it), or refused, in the mail server's own words.
 */
export function ReplyEntry({ reply }: { reply: LeadReply }) {
  const kept = reply.state === 'sent' && reply.kept_locally;
  return (
    <div data-reply-state={reply.state} className="mt-1 space-y-1">
      <p
        dir="auto"
        className="whitespace-pre-wrap break-words rounded-xl bg-raised px-3 py-2 text-sm text-ink"
      >
        {reply.body}
      </p>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted">
        <span
          className={`inline-flex items-center rounded-full border px-2 py-0.5 font-semibold ${STATE_TONE[reply.state]}`}
        >
          {kept ? copy.kept.state : copy.state[reply.state]}
        </span>
        {reply.state === 'sent' && reply.sent_at ? (
          <time dateTime={reply.sent_at}>
            {(kept ? copy.kept.at : copy.sentAt)(formatDateTime(reply.sent_at))}
          </time>
        ) : null}
      </p>
      {reply.state === 'refused' ? (
        <p className="break-words text-sm font-semibold text-danger">
          {copy.refusedBy(reply.refusal ?? '')}
        </p>
      ) : null}
    </div>
  );
}
