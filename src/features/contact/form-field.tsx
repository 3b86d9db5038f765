import type { ReactNode } from 'react';

interface FormFieldProps {
  id: string;
  label: string;
  children: ReactNode;
  footer?: ReactNode;
  /** Why the field was refused: shown above the control, which names it (problemId). */
  problem?: string;
}

/** The id of a field's problem, for its control's aria-describedby. */
export const problemId = (id: string) => `${id}-error`;

/**
 * A label with the required asterisk above its control, and the problem when it was refused
 * (GOV.UK's error message: the page's form and its refusal page without JavaScript alike).
 */
export function FormField({ id, label, children, footer, problem }: FormFieldProps) {
  return (
    <div>
      <label htmlFor={id} className="mb-2 block text-sm font-semibold text-ink">
        {label}
        <span aria-hidden="true" className="ml-0.5 text-warm">
          *
        </span>
      </label>
      {problem ? (
        <p id={problemId(id)} className="mb-2 text-sm font-semibold text-danger">
          {problem}
        </p>
      ) : null}
      {children}
      {footer}
    </div>
  );
}

export const inputClass =
  'block w-full min-h-12 rounded-xl border border-line bg-canvas px-4 py-3 text-base text-ink placeholder:text-muted/70 transition-colors focus:border-warm focus:outline-2 focus:outline-offset-0 focus:outline-warm/40 aria-invalid:border-danger';
