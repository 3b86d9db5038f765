import { buttonClass } from '../../components/ui/button-styles';
import { alertsCopy } from './alerts-copy';
import type { TestAlertResult } from './push-api';
import { useTestAlert } from './use-test-alert';

const copy = alertsCopy.testAlert;

function outcomeText({ outcome, status }: TestAlertResult): string {
  if (outcome === 'accepted') return copy.accepted;
  if (outcome === 'gone') return copy.gone(status);
  if (outcome === 'refused') return copy.refused(status);
  return copy.waiting;
}

/** "Send a test alert", and which of the member's devices' push services accepted it. */
export function TestAlert({ onAnswered }: { onAnswered: () => void }) {
  const { results, sending, send } = useTestAlert(onAnswered);
  return (
    <div className="space-y-3 rounded-2xl border border-line bg-surface p-4">
      <p className="text-sm text-muted">{copy.intro}</p>
      <button
        type="button"
        disabled={sending}
        aria-busy={sending}
        onClick={() => void send()}
        className={buttonClass('outline', 'px-4 text-sm')}
      >
        {copy.send}
      </button>
      {results ? (
        <ul aria-label={copy.resultsLabel} aria-live="polite" className="space-y-1 text-sm">
          {results.map((result) => (
            <li key={result.device_id} data-outcome={result.outcome} className="text-ink">
              <span className="font-semibold">{result.browser}</span>: {outcomeText(result)}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
