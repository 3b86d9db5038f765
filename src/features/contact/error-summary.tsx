import type { FieldProblem } from '../../../shared/validation';

interface ErrorSummaryProps {
  /** Each refused field and why, in the form's order. */
  problems: readonly FieldProblem[];
}

/**
 * GOV.UK's error summary on a refusal page without a script: every problem, each a link that
 * moves focus to its field (whose id is the field's name). Focused on arrival (autofocus, as the
 * page has no script to call focus()), so a screen reader reads them all first.
 */
export function ErrorSummary({ problems }: ErrorSummaryProps) {
  return (
    <div
      role="alert"
      tabIndex={-1}
      autoFocus
      className="rounded-xl border border-danger/50 px-4 py-2 font-semibold"
    >
      <ul>
        {problems.map(({ field, message }) => (
          <li key={field}>
            <a
              href={`#${field}`}
              className="flex min-h-12 items-center text-ink underline underline-offset-4"
            >
              {message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
