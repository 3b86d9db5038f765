import { MESSAGE_COUNTER_FROM } from '../../config/constants';
import { contactCopy } from '../../content/contact';
import { LIMITS, charLength } from '../../../shared/validation';
import { FormField, inputClass, problemId } from './form-field';

const copy = contactCopy.form;

interface MessageFieldProps {
  id: string;
  counterId: string;
  value: string;
  /** Why it was refused, if it was: shown above it and read first in its description. */
  problem?: string;
  onChange: (value: string) => void;
}

/** The message, with a counter that appears near the limit and is announced politely. */
export function MessageField({ id, counterId, value, problem, onChange }: MessageFieldProps) {
  const length = charLength(value.trim());
  const showCounter = length >= MESSAGE_COUNTER_FROM;
  return (
    <FormField
      id={id}
      label={copy.messageLabel}
      problem={problem}
      footer={
        <p
          id={counterId}
          aria-live="polite"
          data-over={length > LIMITS.message.max || undefined}
          className="mt-2 text-right text-sm text-muted data-over:font-semibold data-over:text-danger"
        >
          {showCounter ? copy.counter(length, LIMITS.message.max) : ''}
        </p>
      }
    >
      <textarea
        id={id}
        name="message"
        required
        rows={5}
        placeholder={copy.messagePlaceholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${problemId(id)} ${counterId}` : counterId}
        className={`${inputClass} resize-y`}
      />
    </FormField>
  );
}
