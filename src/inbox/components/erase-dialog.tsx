import { useEffect, useRef, type KeyboardEvent } from 'react';
import { buttonClass } from '../../components/ui/button-styles';
import { inboxCopy } from '../../content/inbox';
import { trapTab } from '../../lib/focus-trap';
import type { Lead } from '../lead';

interface EraseDialogProps {
  open: boolean;
  lead: Lead;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * "Erase" asks first, in a modal dialog (the native <dialog>: focus moves in,
 * Escape cancels, focus returns to the Erase button). The safe choice is
 * focused first, so Enter alone never erases.
 */
export function EraseDialog({ open, lead, onCancel, onConfirm }: EraseDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const copy = inboxCopy.erase;
  const body = copy.body(lead.name);
  return (
    <dialog
      ref={ref}
      aria-labelledby="erase-title"
      aria-describedby="erase-body"
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      onKeyDown={(event: KeyboardEvent<HTMLDialogElement>) => {
        if (ref.current) trapTab(event, ref.current);
      }}
      className="m-auto w-[min(100%-2rem,28rem)] rounded-3xl border border-line bg-surface p-6 text-ink shadow-2xl backdrop:bg-black/60"
    >
      <h2 id="erase-title" className="text-xl font-bold tracking-tight">
        {copy.title}
      </h2>
      <p id="erase-body" className="mt-2 text-muted">
        {body.before}
        <span className="whitespace-nowrap">{lead.reference}</span>
        {body.after}
      </p>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" autoFocus onClick={onCancel} className={buttonClass('outline')}>
          {copy.cancel}
        </button>
        <button
          type="button"
          onClick={onConfirm}
          className={buttonClass('outline', 'border-danger! text-danger!')}
        >
          {copy.confirm}
        </button>
      </div>
    </dialog>
  );
}
