import { contactCopy } from '../../content/contact';

const copy = contactCopy.form;

/**
 * By the button while a message waits on this device to be sent
 * (docs/product.md#exactly-once): announced when it appears, with a way to
 * cancel. The live region is always there, so its content is announced.
 */
export function SavedNote({ waiting, onCancel }: { waiting: boolean; onCancel: () => void }) {
  return (
    <div role="status" aria-live="polite" data-waiting={waiting || undefined}>
      {waiting && (
        <p className="rounded-xl border border-line p-3 text-sm text-ink">
          {copy.savedOnDevice}{' '}
          <button
            type="button"
            onClick={onCancel}
            className="inline-flex min-h-12 items-center font-semibold underline underline-offset-4"
          >
            {copy.cancelSaved}
          </button>
        </p>
      )}
    </div>
  );
}
