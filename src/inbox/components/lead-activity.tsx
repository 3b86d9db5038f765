import { inboxCopy } from '../../content/inbox';
import { formatDateTime } from '../format';
import type { LeadActivity as Activity, LeadReply } from '../lead';
import { ReplyEntry } from './reply-entry';

const copy = inboxCopy.activity;

const statusName = (value: unknown) =>
  typeof value === 'string' && value in inboxCopy.status
    ? inboxCopy.status[value as keyof typeof inboxCopy.status]
    : String(value);

/** The detail as words: a status change names both statuses; a note or a read needs none. */
function detailText(action: string, detail: unknown): string {
  if (action !== 'status' || typeof detail !== 'object' || detail === null) return '';
  const { from, to } = detail as { from?: unknown; to?: unknown };
  return to === undefined ? '' : copy.statusChange(statusName(from), statusName(to));
}

/** The reply an activity entry names (detail.reply_id), if it is still there. */
function replyOf(entry: Activity, replies: LeadReply[]): LeadReply | undefined {
  if (entry.action !== 'reply' || typeof entry.detail !== 'object' || entry.detail === null) {
    return undefined;
  }
  const id = (entry.detail as { reply_id?: unknown }).reply_id;
  return replies.find((reply) => reply.id === id);
}

function EntryReply({ entry, replies }: { entry: Activity; replies: LeadReply[] }) {
  const reply = replyOf(entry, replies);
  return reply ? <ReplyEntry reply={reply} /> : null;
}

/** Who changed what, when: the lead's activity, oldest first, with each reply's words and state. */
export function LeadActivityLog({
  activity,
  replies = [],
}: {
  activity: Activity[];
  replies?: LeadReply[];
}) {
  return (
    <section aria-labelledby="lead-activity-heading">
      <h3 id="lead-activity-heading" className="text-base font-semibold text-ink">
        {copy.heading}
      </h3>
      {activity.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{copy.empty}</p>
      ) : (
        <ol className="mt-2 space-y-2 border-l border-line pl-4">
          {activity.map((entry) => (
            <li key={entry.id} className="text-sm">
              <span className="text-ink">
                {entry.actor}{' '}
                {copy.describe(
                  copy.actions[entry.action] ?? entry.action,
                  detailText(entry.action, entry.detail),
                )}
              </span>
              <br />
              <time dateTime={entry.at} className="text-xs text-muted">
                {formatDateTime(entry.at)}
              </time>
              <EntryReply entry={entry} replies={replies} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
