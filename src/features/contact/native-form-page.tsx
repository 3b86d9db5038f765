import { buttonClass } from '../../components/ui/button-styles';
import { Wordmark } from '../../components/ui/wordmark';
import { siteConfig } from '../../config/site';
import { contactCopy } from '../../content/contact';
import { nativeFormPageCopy } from '../../../shared/copy/native-form-pages';
import { telHref } from '../../lib/tel-href';
import { ErrorSummary } from './error-summary';
import { FormField, inputClass, problemId } from './form-field';
import type { ContactField, ContactSubmission, FieldProblem } from '../../../shared/validation';

const copy = nativeFormPageCopy;
const linkClass = 'font-semibold text-ink underline underline-offset-4';

export interface NativeFormPageProps {
  title: string;
  /** Set on a refusal: what happened (role="alert"), focused on arrival; `problems` say it instead when set. */
  problem?: string;
  text: string;
  /** The visitor's words, kept in a form that sends them again; absent on the confirmation. */
  values?: ContactSubmission;
  /** On a refusal about fields: the summary lists them, and each is marked invalid and described by its problem. */
  problems?: readonly FieldProblem[];
  /** On the confirmation: the reference the visitor can quote (docs/product.md#exactly-once). */
  reference?: string;
  /** On the confirmation: when to expect the reply, after the thanks (docs/lead-clocks.md). */
  replyBy?: string;
}

/**
 * The page answering a form sent without JavaScript: the confirmation, or a
 * refusal with the visitor's words kept in the fields. Prerendered by
 * scripts/build.mjs; the server fills a refusal's words into the template
 * (server/native-form/page-template.ts), never into a URL.
 */
export function NativeFormPage({
  title,
  problem,
  text,
  values,
  reference,
  replyBy,
  problems = [],
}: NativeFormPageProps) {
  return (
    <main className="mx-auto max-w-2xl space-y-6 px-4 py-16 sm:px-6">
      <a href="/" className="inline-flex min-h-12 items-center">
        <Wordmark />
      </a>
      <h1 className="text-3xl font-bold tracking-tight text-ink">{title}</h1>
      {problems.length > 0 ? (
        <ErrorSummary problems={problems} />
      ) : (
        problem !== undefined && (
          // Focused on arrival as the summary is, so a screen reader reads it first.
          <p
            role="alert"
            tabIndex={-1}
            autoFocus
            className="rounded-xl border border-danger/50 p-4 font-semibold text-ink"
          >
            {problem}
          </p>
        )
      )}
      <p className="text-muted">{replyBy === undefined ? text : `${text} ${replyBy}`}</p>
      {reference !== undefined && (
        <p className="text-muted">
          {copy.referenceLead} <strong className="font-mono text-ink">{reference}</strong>
        </p>
      )}
      <p className="text-muted">
        {copy.contactLead}{' '}
        <a href={`mailto:${siteConfig.contactEmail}`} className={linkClass}>
          {siteConfig.contactEmail}
        </a>{' '}
        {copy.or}{' '}
        <a href={telHref(siteConfig.contactPhone)} className={linkClass}>
          {siteConfig.contactPhone}
        </a>
      </p>
      {values && <KeptWords values={values} problems={problems} />}
      <p>
        <a href="/" className={buttonClass('outline')}>
          {copy.backLink}
        </a>
      </p>
    </main>
  );
}

interface KeptWordsProps {
  values: ContactSubmission;
  problems: readonly FieldProblem[];
}

/** The form again, filled in, posting where the page's own form posts without a script. */
function KeptWords({ values, problems }: KeptWordsProps) {
  const form = contactCopy.form;
  // Each field the refusal is about, as the page's own form marks it, described by its problem.
  const problemOf = (field: ContactField) => problems.find((p) => p.field === field)?.message;
  const marks = (field: ContactField) =>
    problemOf(field) ? { 'aria-invalid': true, 'aria-describedby': problemId(field) } : {};
  return (
    <form
      method="post"
      action={siteConfig.formAction || undefined}
      aria-label={copy.yourWords}
      className="space-y-5"
    >
      <FormField id="name" label={form.nameLabel} problem={problemOf('name')}>
        <input
          id="name"
          {...marks('name')}
          name="name"
          type="text"
          autoComplete="name"
          required
          defaultValue={values.name}
          className={inputClass}
        />
      </FormField>
      <FormField id="email" label={form.emailLabel} problem={problemOf('email')}>
        <input
          id="email"
          {...marks('email')}
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={values.email}
          className={inputClass}
        />
      </FormField>
      <FormField id="message" label={form.messageLabel} problem={problemOf('message')}>
        <textarea
          id="message"
          {...marks('message')}
          name="message"
          required
          rows={8}
          defaultValue={values.message}
          className={`${inputClass} resize-y`}
        />
      </FormField>
      <p className="text-sm text-muted">{form.requiredHint}</p>
      {siteConfig.formAction && (
        <button type="submit" className={buttonClass('warm', 'w-full')}>
          {form.submitIdle}
        </button>
      )}
    </form>
  );
}
