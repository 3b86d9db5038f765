import { useRef, useState, type FormEvent } from 'react';
import { buttonClass } from '../../components/ui/button-styles';
import { NOTE_MAX_CHARS } from '../../../shared/limits';
import { inboxCopy } from '../../content/inbox';
import { inputClass } from '../../features/contact/form-field';
import { formatDateTime } from '../format';
import type { LeadNote } from '../lead';
import { notify } from '../inbox-toast';
import { addNote } from '../queries';

const copy = inboxCopy.notes;

/** The team's notes on a lead, oldest first, and a form to add one. */
export function LeadNotes({
  leadId,
  notes,
  onAdded,
}: {
  leadId: number;
  notes: LeadNote[];
  onAdded: () => void;
}) {
  const [body, setBody] = useState('');
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = body.trim();
    if (!text || busy) return;
    setBusy(true);
    try {
      await addNote(leadId, text);
      setBody('');
      // The emptied form's button is disabled: the member goes on from the field, ready for another.
      field.current?.focus();
      void notify('success', copy.added);
      onAdded();
    } catch (error) {
      console.warn('Inbox: the note was not added', error);
      void notify('error', inboxCopy.actions.failed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="lead-notes-heading">
      <h3 id="lead-notes-heading" className="text-base font-semibold text-ink">
        {copy.heading}
      </h3>
      {notes.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{copy.empty}</p>
      ) : (
        <ul className="mt-2 space-y-3">
          {notes.map((note) => (
            <li key={note.id} className="rounded-xl bg-raised px-4 py-3">
              <p className="text-xs text-muted">
                {note.author} ·{' '}
                <time dateTime={note.created_at}>{formatDateTime(note.created_at)}</time>
              </p>
              <p dir="auto" className="mt-1 whitespace-pre-wrap break-words text-sm text-ink">
                {note.body}
              </p>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} method="post" className="mt-3 space-y-2">
        <label htmlFor="lead-note" className="block text-sm font-semibold text-ink">
          {copy.label}
        </label>
        <textarea
          id="lead-note"
          ref={field}
          dir="auto"
          value={body}
          onChange={(event) => setBody(event.target.value)}
          maxLength={NOTE_MAX_CHARS}
          rows={3}
          className={inputClass}
        />
        <button
          type="submit"
          disabled={body.trim() === ''}
          // aria-disabled while it is added, not disabled: a disabled button drops the focus.
          aria-disabled={busy}
          className={buttonClass(
            'outline',
            'px-4 text-sm aria-disabled:cursor-not-allowed aria-disabled:opacity-70',
          )}
        >
          {copy.add}
        </button>
      </form>
    </section>
  );
}
