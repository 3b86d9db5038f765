import { MESSAGE_COUNTER_FROM } from '../../config/constants';
import { contactCopy } from '../../content/contact';
import { LIMITS, charLength } from '../../../shared/validation';
import { FormField, inputClass } from './form-field';

const copy = contactCopy.form;

interface MessageFieldProps {
  id: string;
  counterId: string;
  value: string;
  invalid: boolean;
  onChange: (value: string) => void;
}

/** The message, with a counter that appears near the limit and is announced politely. */
export function MessageField({ id, counterId, value, invalid, onChange }: MessageFieldProps) {
  const length = charLength(value.trim());
  const showCounter = length >= MESSAGE_COUNTER_FROM;
  return (
    <FormField
      id={id}
      label={copy.messageLabel}
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
        aria-invalid={invalid || undefined}
        aria-describedby={counterId}
        className={`${inputClass} resize-y`}
      />
    </FormField>
  );
}
