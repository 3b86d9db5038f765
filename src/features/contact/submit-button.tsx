import { buttonClass } from '../../components/ui/button-styles';
import { contactCopy } from '../../content/contact';

const copy = contactCopy.form;

/** The send button, with a spinner while a press is being sent. */
export function SubmitButton({ submitting, disabled }: { submitting: boolean; disabled: boolean }) {
  return (
    <button
      type="submit"
      disabled={disabled}
      // While sending, the label and spinner are the news: faded as a disabled button is, white
      // on the light theme's gradient fell to 3:1.
      className={buttonClass('warm', submitting ? 'w-full disabled:opacity-100' : 'w-full')}
    >
      {submitting && (
        <span
          aria-hidden="true"
          className="spinner size-5 rounded-full border-2 border-white/40 border-t-white"
        />
      )}
      {submitting ? copy.submitBusy : copy.submitIdle}
    </button>
  );
}
