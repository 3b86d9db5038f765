import { siteConfig } from '../../config/site';
import { contactCopy } from '../../content/contact';
import { hrefTo } from '../../content/navigation';
import { useHydrated } from '../../hooks/use-hydrated';
import { SavedNote } from './saved-note';
import { FormField, inputClass, problemId } from './form-field';
import { MessageField } from './message-field';
import { NoScriptNote } from './no-script-note';
import { SubmitButton } from './submit-button';
import { TrapField } from './trap-field';
import { prepareForm, useContactForm } from './use-contact-form';
import type { ContactField } from '../../../shared/validation';

const copy = contactCopy.form;
/** Where a native POST goes (src/config/env.ts); '' on a static host, where none can. */
const nativeAction = siteConfig.formAction;

export function ContactForm() {
  const form = useContactForm();
  const { ids, draft, problems, submitting, update } = form;
  // Each refused field shows why and is described by it, as on the refusal page without a script.
  const describedBy = (field: ContactField) =>
    problems[field] ? problemId(ids[field]) : undefined;
  // With no endpoint for a native POST, the button waits for the script rather than pretend to send.
  const hydrated = useHydrated();
  const cannotSendYet = nativeAction === '' && !hydrated;

  return (
    <form
      // Without JavaScript the browser posts the fields natively: never by GET,
      // so they never reach a URL. The enhanced form prevents this and posts JSON.
      method="post"
      action={nativeAction || undefined}
      onSubmit={form.onSubmit}
      onFocus={prepareForm}
      aria-labelledby="contact-form-title"
      data-state={submitting ? 'submitting' : 'idle'}
      className="relative space-y-5"
    >
      <FormField id={ids.name} label={copy.nameLabel} problem={problems.name}>
        <input
          id={ids.name}
          name="name"
          type="text"
          autoComplete="name"
          required
          placeholder={copy.namePlaceholder}
          value={draft.name}
          onChange={(event) => update('name')(event.target.value)}
          aria-invalid={problems.name ? true : undefined}
          aria-describedby={describedBy('name')}
          className={inputClass}
        />
      </FormField>
      <FormField id={ids.email} label={copy.emailLabel} problem={problems.email}>
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
          aria-invalid={problems.email ? true : undefined}
          aria-describedby={describedBy('email')}
          className={inputClass}
        />
      </FormField>
      <MessageField
        id={ids.message}
        counterId={ids.counter}
        value={draft.message}
        problem={problems.message}
        onChange={update('message')}
      />
      <TrapField value={form.trap} onChange={form.setTrap} />
      <p className="text-sm text-muted">{copy.requiredHint}</p>
      {nativeAction === '' && <NoScriptNote />}
      <SavedNote waiting={form.sending.waiting} onCancel={form.sending.cancel} />
      <SubmitButton submitting={submitting} disabled={submitting || cannotSendYet} />
      <p className="text-center text-sm text-muted">
        {copy.privacyNote}{' '}
        <a href={hrefTo('privacy')} className="font-medium text-ink underline underline-offset-4">
          {copy.privacyLink}
        </a>
      </p>
    </form>
  );
}
