import type { ReactNode } from 'react';

interface FormFieldProps {
  id: string;
  label: string;
  children: ReactNode;
  footer?: ReactNode;
}

/** A label with the required asterisk above its control. */
export function FormField({ id, label, children, footer }: FormFieldProps) {
  return (
    <div>
      <label htmlFor={id} className="mb-2 block text-sm font-semibold text-ink">
        {label}
        <span aria-hidden="true" className="ml-0.5 text-warm">
          *
        </span>
      </label>
      {children}
      {footer}
    </div>
  );
}

export const inputClass =
  'block w-full min-h-12 rounded-xl border border-line bg-canvas px-4 py-3 text-base text-ink placeholder:text-muted/70 transition-colors focus:border-warm focus:outline-2 focus:outline-offset-0 focus:outline-warm/40 aria-invalid:border-danger';
