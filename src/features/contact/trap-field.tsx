import { HONEYPOT_FIELD } from '../../../shared/honeypot';
import { contactCopy } from '../../content/contact';

/**
 * The honeypot (shared/honeypot.ts): off screen, out of the tab order and
 * hidden from assistive technology, so only a bot (or an autofill) fills it.
 */
export function TrapField({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label>
        {contactCopy.form.honeypotLabel}
        <input
          name={HONEYPOT_FIELD}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      </label>
    </div>
  );
}
