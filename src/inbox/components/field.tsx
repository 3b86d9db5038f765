import type { ReactNode } from 'react';

interface FieldProps {
  id: string;
  label: string;
  /** A hint under the label, read with the control (aria-describedby). */
  hint?: string;
  /** A problem with what was entered: shown under the control and announced. */
  problem?: string;
  children: (describedBy: string | undefined) => ReactNode;
}

/** A label, an optional hint, the control and its problem, wired together for screen readers. */
export function Field({ id, label, hint, problem, children }: FieldProps) {
  const describedBy =
    [hint && `${id}-hint`, problem && `${id}-problem`].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="mb-2 block text-sm font-semibold text-ink">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="mb-2 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {children(describedBy)}
      {problem ? (
        <p id={`${id}-problem`} role="alert" className="mt-2 text-sm font-medium text-danger">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
