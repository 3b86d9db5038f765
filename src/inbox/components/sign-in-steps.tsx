import type { FormEvent, RefObject } from 'react';
import { SIGN_IN_CODE_LENGTH } from '../../../shared/sign-in-code';
import { buttonClass } from '../../components/ui/button-styles';
import { inboxCopy } from '../../content/inbox';
import { inputClass } from '../../features/contact/form-field';
import { Field } from './field';

const copy = inboxCopy.signIn;
/** The code's digits and room for spaces, as when it is pasted in groups of three or five. */
const CODE_FIELD_LENGTH = SIGN_IN_CODE_LENGTH + 4;

interface StepProps {
  inputRef: RefObject<HTMLInputElement | null>;
  problem: string;
  /** Where the code went; '' until it is sent (then this step's button is the main one). */
  sentTo: string;
  /** Waits for hydration and for the step in progress: nothing is ever sent natively. */
  disabled: boolean;
  busy: boolean;
  onSubmit: (event: FormEvent) => void;
}

/** The first step: the member's address, to which a code is sent. */
export function EmailStep({ inputRef, problem, sentTo, disabled, busy, onSubmit }: StepProps) {
  return (
    <form onSubmit={onSubmit} method="post" noValidate className="mt-6 space-y-4">
      <Field id="inbox-email" label={copy.email} problem={problem}>
        {(describedBy) => (
          <input
            ref={inputRef}
            id="inbox-email"
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            aria-invalid={problem ? true : undefined}
            aria-describedby={describedBy}
            className={inputClass}
          />
        )}
      </Field>
      <StepButton main={!sentTo} disabled={disabled} busy={busy} label={copy.sendCode} />
      {/* Empty, out of the layout but not display: none: a live region must be in the page
          before its words, or a screen reader may not read them. */}
      <p role="status" className="text-sm text-muted empty:sr-only">
        {sentTo ? copy.sent(sentTo) : ''}
      </p>
    </form>
  );
}

/** The second step: the emailed code, which signs the member in. */
export function CodeStep({ inputRef, problem, sentTo, disabled, busy, onSubmit }: StepProps) {
  return (
    <form
      onSubmit={onSubmit}
      method="post"
      noValidate
      className="mt-6 space-y-4 border-t border-line pt-6"
    >
      <Field id="inbox-code" label={copy.code} hint={copy.codeHint} problem={problem}>
        {(describedBy) => (
          <input
            ref={inputRef}
            id="inbox-code"
            name="code"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            // Digits and the spaces of a code typed in groups: a code the form takes is never
            // one the browser holds invalid (read out as "invalid entry" as it is typed).
            pattern="[0-9 ]*"
            maxLength={CODE_FIELD_LENGTH}
            required
            aria-invalid={problem ? true : undefined}
            aria-describedby={describedBy}
            className={`${inputClass} font-mono tracking-[0.3em]`}
          />
        )}
      </Field>
      <StepButton main={sentTo !== ''} disabled={disabled} busy={busy} label={copy.signIn} />
    </form>
  );
}

interface StepButtonProps {
  /** The step a member is on: sending the code until it is sent, then signing in. */
  main: boolean;
  disabled: boolean;
  busy: boolean;
  label: string;
}

function StepButton({ main, disabled, busy, label }: StepButtonProps) {
  return (
    <button
      type="submit"
      disabled={disabled}
      aria-busy={busy}
      className={buttonClass(main ? 'warm' : 'outline', 'w-full')}
    >
      {label}
    </button>
  );
}
