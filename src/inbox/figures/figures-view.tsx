import { useState } from 'react';
import { clockCopy, FIGURE_PERIODS, type FigurePeriod } from '../../content/lead-clocks';
import { duration } from '../clock';
import type { LeadFigures } from './lead-figures';
import { useFigures } from './use-figures';
import { WeeklyChart } from './weekly-chart';

const copy = clockCopy.figures;

/** Speed to lead over the last 7, 30 or 90 days, against the page's two promises. */
export function FiguresView() {
  const [period, setPeriod] = useState<FigurePeriod>(30);
  const result = useFigures(period);
  return (
    <section aria-labelledby="figures-heading" className="space-y-6">
      <div className="space-y-2">
        <h2 id="figures-heading" className="text-2xl font-bold text-ink">
          {copy.heading}
        </h2>
        <p className="max-w-prose text-sm text-muted">{copy.intro}</p>
      </div>
      <fieldset className="flex flex-wrap gap-2">
        <legend className="mb-2 text-sm font-semibold text-ink">{copy.period}</legend>
        {FIGURE_PERIODS.map((days) => (
          <label
            key={days}
            className="inline-flex min-h-12 cursor-pointer items-center gap-2 rounded-lg border border-line bg-surface px-3 text-sm text-ink has-[:checked]:border-cool has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-warm"
          >
            <input
              type="radio"
              name="figures-period"
              value={days}
              checked={period === days}
              onChange={() => setPeriod(days)}
              className="accent-cool"
            />
            {copy.days(days)}
          </label>
        ))}
      </fieldset>
      <div aria-live="polite" aria-busy={result.state === 'loading'}>
        {result.state === 'ready' ? (
          <Figures figures={result.figures} />
        ) : (
          <p role="status" className="text-sm text-muted">
            {result.state === 'loading' ? copy.loading : copy.failed}
          </p>
        )}
      </div>
    </section>
  );
}

/** Seconds as the figures read them, or "None yet". */
const seconds = (value: number | null, none: string = copy.noneYet) =>
  value == null ? none : duration(value * 1000);

function Figures({ figures: f }: { figures: LeadFigures }) {
  const facts: [string, string][] = [
    [copy.leads, String(f.leads)],
    [copy.heldAsSpam, String(f.held_as_spam)],
    [copy.medianSeen, seconds(f.median_first_seen_seconds)],
    [copy.p90Seen, seconds(f.p90_first_seen_seconds)],
    [copy.seenWithin5Minutes, copy.share(f.seen_within_5_minutes, f.seen_counted)],
    [copy.medianTaken, seconds(f.median_taken_seconds)],
    [copy.p90Taken, seconds(f.p90_taken_seconds)],
    [copy.medianReply, seconds(f.median_first_reply_seconds, copy.noReplies)],
    [copy.withinPromise, copy.share(f.replied_within_promise, f.reply_counted)],
    [copy.within5Minutes, copy.share(f.replied_within_5_minutes, f.reply_counted)],
    [copy.within1Hour, copy.share(f.replied_within_1_hour, f.reply_counted)],
    [copy.diagnosedInTime, copy.share(f.diagnosed_within_24_hours, f.diagnosis_counted)],
    [copy.replyMethods, copy.methods(f.replied_by_email, f.replied_marked)],
  ];
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <div className="space-y-3">
        <dl className="divide-y divide-line rounded-2xl border border-line bg-surface">
          {facts.map(([term, value]) => (
            // Wrapping, a value too long to sit beside its label moves under it, to the right,
            // whole: squeezed beside it, "None yet" broke into "None" over "yet" on a phone.
            <div
              key={term}
              className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-3"
            >
              <dt className="text-sm text-muted">{term}</dt>
              <dd className="ml-auto text-right font-semibold text-ink tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="text-xs text-muted">{copy.countedNote}</p>
      </div>
      <div className="rounded-2xl border border-line bg-surface p-4">
        <WeeklyChart weeks={f.weeks ?? []} />
      </div>
    </div>
  );
}
