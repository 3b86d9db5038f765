import { useEffect, useLayoutEffect, useRef, type FormEvent } from 'react';
import { quoteIntro, quoteLines, REPLY_MAX_CHARS } from '../../../shared/reply-quote';
import { buttonClass } from '../../components/ui/button-styles';
import { Icon } from '../../components/ui/icon';
import { inboxCopy } from '../../content/inbox';
import { inputClass } from '../../features/contact/form-field';
import type { Lead } from '../lead';
import { useReplyComposer } from '../use-reply';

const copy = inboxCopy.reply;

/**
 * "Reply" on an opened lead, and the composer it opens: "Your reply" starts
 * from a greeting, and the lead's message shows below it exactly as the email
 * will quote it (shared/reply-quote.ts). A lead held as spam gets none.
 */
export function LeadReply({ lead, onSent }: { lead: Lead; onSent: () => void }) {
  const composer = useReplyComposer(lead, onSent);
  const field = useRef<HTMLTextAreaElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  // Closed, sent or cancelled: the member is back on "Reply", not dropped to the page (a layout
  // effect, so before useFocusKept's fallback looks).
  useLayoutEffect(() => {
    if (wasOpen.current && !composer.open) opener.current?.focus();
    wasOpen.current = composer.open;
  }, [composer.open]);
  // Opened: the caret goes after the greeting, where the member starts typing.
  useEffect(() => {
    const textarea = field.current;
    if (!composer.open || !textarea) return;
    textarea.focus();
    textarea.setSelectionRange(textarea.value.length, textarea.value.length);
  }, [composer.open]);
  if (lead.suspected_spam) return null;
  if (!composer.open) {
    return (
      <button
        ref={opener}
        type="button"
        aria-expanded="false"
        onClick={composer.start}
        className={buttonClass('cool', 'px-4 text-sm')}
      >
        <Icon name="mail" className="size-4" />
        {copy.open}
      </button>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void composer.send();
  };
  return (
    <section aria-labelledby="lead-reply-heading" className="space-y-3">
      <h3 id="lead-reply-heading" className="text-base font-semibold text-ink">
        {copy.heading}
      </h3>
      <form onSubmit={submit} method="post" aria-busy={composer.sending} className="space-y-3">
        <label htmlFor="lead-reply" className="block text-sm font-semibold text-ink">
          {copy.label}
        </label>
        <p id="lead-reply-hint" className="break-words text-xs text-muted">
          {copy.hint(lead.email)}
        </p>
        <textarea
          id="lead-reply"
          dir="auto"
          ref={field}
          value={composer.body}
          onChange={(event) => composer.setBody(event.target.value)}
          maxLength={REPLY_MAX_CHARS}
          readOnly={composer.sending}
          rows={6}
          aria-describedby={`lead-reply-hint${composer.error ? ' lead-reply-error' : ''}`}
          aria-invalid={composer.error ? true : undefined}
          className={inputClass}
        />
        {composer.error ? (
          <p id="lead-reply-error" role="alert" className="text-sm font-semibold text-danger">
            {composer.error}
          </p>
        ) : null}
        <ReplyQuote lead={lead} />
        <div className="flex flex-wrap gap-2">
          <button
            type="submit"
            // aria-disabled, not disabled: a disabled button drops the focus to the page.
            aria-disabled={composer.sending}
            className={buttonClass(
              'cool',
              'px-4 text-sm aria-disabled:cursor-not-allowed aria-disabled:opacity-70',
            )}
          >
            {composer.sending ? copy.sending : copy.send}
          </button>
          <button
            type="button"
            onClick={composer.cancel}
            disabled={composer.sending}
            className={buttonClass('outline', 'px-4 text-sm')}
          >
            {copy.cancel}
          </button>
        </div>
      </form>
    </section>
  );
}

/** The lead's message as the email quotes it, under the member's words. */
function ReplyQuote({ lead }: { lead: Lead }) {
  return (
    <figure className="space-y-1">
      <figcaption className="text-xs text-muted">{copy.quoted}</figcaption>
      <pre
        data-testid="reply-quote"
        className="whitespace-pre-wrap break-words rounded-xl border-l-4 border-line bg-raised px-4 py-3 font-sans text-sm text-muted"
      >
        {`${quoteIntro(new Date(lead.created_at))}\n${quoteLines(lead.message)}`}
      </pre>
    </figure>
  );
}
