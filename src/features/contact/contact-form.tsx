import { useId, useState, type FormEvent } from 'react';
import { HONEYPOT_FIELD, isTrapFilled } from '../../../contact/honeypot';
import { buttonClass } from '../../components/ui/button-styles';
import { MESSAGE_COUNTER_FROM, NARROW_SCREEN_PX } from '../../config/constants';
import { siteConfig } from '../../config/site';
import { contactCopy } from '../../content/contact';
import { hrefTo, SECTION_IDS } from '../../content/navigation';
import { useHydrated } from '../../hooks/use-hydrated';
import { prefersReducedMotion } from '../../lib/prefers-reduced-motion';
import { getToast, prepareToasts } from '../toasts/notify';
import { SavedNote } from './saved-note';
import { EMPTY_DRAFT, useDraft } from './use-draft';
import { prepareSending, usePendingSubmission } from './use-pending-submission';
import { FormField, inputClass } from './form-field';
import { NoScriptNote } from './no-script-note';
import {
  LIMITS,
  charLength,
  validateSubmission,
  type ContactField,
} from '../../../contact/validation';

const copy = contactCopy.form;
/** Where a native POST goes (src/config/env.ts); '' on a static host, where none can. */
const nativeAction = siteConfig.formAction;

/** Starts the proof of work on the form's first focus; its code loads only then. */
function prepareProof() {
  void import('./proof-of-work').then((proofOfWork) => proofOfWork.prepareProof());
}

function scrollToContactOnNarrowScreens() {
  if (!window.matchMedia(`(max-width: ${NARROW_SCREEN_PX}px)`).matches) return;
  document
    .getElementById(SECTION_IDS.contact)
    ?.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
}

export function ContactForm() {
  const ids = { name: useId(), email: useId(), message: useId(), counter: useId() };
  const [draft, setDraft] = useDraft();
  const [submitting, setSubmitting] = useState(false);
  const [invalid, setInvalid] = useState<ContactField | null>(null);
  const [trap, setTrap] = useState('');
  // With no endpoint for a native POST, the button waits for the script rather than pretend to send.
  const hydrated = useHydrated();
  const cannotSendYet = nativeAction === '' && !hydrated;
  const sending = usePendingSubmission(() => {
    setDraft(EMPTY_DRAFT);
    scrollToContactOnNarrowScreens();
  });

  const update = (field: ContactField) => (value: string) => {
    const next = { ...draft, [field]: value };
    setDraft(next);
    if (invalid === field) setInvalid(null);
    // A cleared form is never sent (docs/product.md#exactly-once).
    if (!next.name && !next.email && !next.message) sending.cancel();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const result = validateSubmission(draft);
    if (!result.ok) {
      setInvalid(result.field);
      document.getElementById(ids[result.field])?.focus();
      (await getToast()).error(result.message);
      return;
    }

    setSubmitting(true);
    // A filled trap field may be a bot or the browser's autofill: the message is
    // sent flagged (stored, not emailed) and the visitor sees the usual outcome.
    // Unless confirmed, the visitor's words stay in the fields (and the saved draft).
    try {
      await sending.submit(
        isTrapFilled(trap) ? { ...result.value, suspected_spam: true } : result.value,
      );
    } finally {
      setSubmitting(false);
    }
  };

  const messageLength = charLength(draft.message.trim());
  const showCounter = messageLength >= MESSAGE_COUNTER_FROM;

  return (
    <form
      // Without JavaScript the browser posts the fields natively: never by GET,
      // so they never reach a URL. The enhanced form prevents this and posts JSON.
      method="post"
      action={nativeAction || undefined}
      onSubmit={onSubmit}
      onFocus={() => {
        prepareToasts().catch(() => {}); // tried again when a toast is needed
        prepareProof();
        prepareSending();
      }}
      aria-labelledby="contact-form-title"
      data-state={submitting ? 'submitting' : 'idle'}
      className="relative space-y-5"
    >
      <FormField id={ids.name} label={copy.nameLabel}>
        <input
          id={ids.name}
          name="name"
          type="text"
          autoComplete="name"
          required
          placeholder={copy.namePlaceholder}
          value={draft.name}
          onChange={(event) => update('name')(event.target.value)}
          aria-invalid={invalid === 'name' || undefined}
          className={inputClass}
        />
      </FormField>
      <FormField id={ids.email} label={copy.emailLabel}>
        <input
          id={ids.email}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          placeholder={copy.emailPlaceholder}
          value={draft.email}
          onChange={(event) => update('email')(event.target.value)}
          aria-invalid={invalid === 'email' || undefined}
          className={inputClass}
        />
      </FormField>
      <FormField
        id={ids.message}
        label={copy.messageLabel}
        footer={
          <p
            id={ids.counter}
            aria-live="polite"
            data-over={messageLength > LIMITS.message.max || undefined}
            className="mt-2 text-right text-sm text-muted data-over:font-semibold data-over:text-danger"
          >
            {showCounter ? copy.counter(messageLength, LIMITS.message.max) : ''}
          </p>
        }
      >
        <textarea
          id={ids.message}
          name="message"
          required
          rows={5}
          placeholder={copy.messagePlaceholder}
          value={draft.message}
          onChange={(event) => update('message')(event.target.value)}
          aria-invalid={invalid === 'message' || undefined}
          aria-describedby={ids.counter}
          className={`${inputClass} resize-y`}
        />
      </FormField>
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label>
          {copy.honeypotLabel}
          <input
            name={HONEYPOT_FIELD}
            type="text"
            tabIndex={-1}
            autoComplete="off"
            value={trap}
            onChange={(event) => setTrap(event.target.value)}
          />
        </label>
      </div>
      <p className="text-sm text-muted">{copy.requiredHint}</p>
      {nativeAction === '' && <NoScriptNote />}
      <SavedNote waiting={sending.waiting} onCancel={sending.cancel} />
      <button
        type="submit"
        disabled={submitting || cannotSendYet}
        className={buttonClass('warm', 'w-full')}
      >
        {submitting && (
          <span
            aria-hidden="true"
            className="spinner size-5 rounded-full border-2 border-white/40 border-t-white"
          />
        )}
        {submitting ? copy.submitBusy : copy.submitIdle}
      </button>
      <p className="text-center text-sm text-muted">
        {copy.privacyNote}{' '}
        <a href={hrefTo('privacy')} className="font-medium text-ink underline underline-offset-4">
          {copy.privacyLink}
        </a>
      </p>
    </form>
  );
}
