import { clockCopy } from '../../content/lead-clocks';
import { leadClocks, type Clock } from '../clock';
import type { Lead } from '../lead';
import { useNow } from '../use-now';

const TONE: Record<Clock['state'], string> = {
  running: 'text-cool',
  overdue: 'font-semibold text-danger',
  met: 'text-muted',
  missed: 'text-warm',
};

/** One clock in words, in the tone of its state: the list row's and the opened lead's. */
export function ClockText({ clock }: { clock: Clock }) {
  return (
    <span data-clock={clock.kind} data-clock-state={clock.state} className={TONE[clock.state]}>
      <time dateTime={clock.due}>{clock.label}</time>
    </span>
  );
}

/** Both clocks of an opened lead. */
export function LeadClocks({ lead }: { lead: Lead }) {
  const now = useNow();
  const clocks = leadClocks(lead, now);
  if (clocks.length === 0) return null;
  return (
    <section aria-label={clockCopy.heading}>
      <ul className="space-y-1 text-sm">
        {clocks.map((clock) => (
          <li key={clock.kind}>
            <ClockText clock={clock} />
          </li>
        ))}
      </ul>
    </section>
  );
}
