import { clockCopy } from '../../content/lead-clocks';

const copy = clockCopy.figures;
const weekOf = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short' });

/**
 * Leads per week as bars, with the same numbers as a table: the picture for
 * a glance, the table for a screen reader and for reading exact values.
 */
export function WeeklyChart({ weeks }: { weeks: { week_of: string; leads: number }[] }) {
  const rows = weeks.map((week) => ({
    week: weekOf.format(new Date(`${week.week_of}T12:00:00Z`)),
    leads: week.leads,
  }));
  const most = Math.max(1, ...rows.map((row) => row.leads));
  return (
    <figure className="space-y-4">
      <figcaption className="text-sm font-semibold text-ink">{copy.perWeek}</figcaption>
      <div
        role="img"
        aria-label={copy.chartLabel(rows)}
        className="flex h-40 items-end gap-1 border-b border-line sm:gap-2"
      >
        {rows.map((row) => (
          <div key={row.week} className="flex h-full min-w-0 flex-1 flex-col justify-end">
            <span className="text-center text-xs text-muted">{row.leads}</span>
            <div
              data-leads={row.leads}
              className="rounded-t bg-cool"
              style={{ height: `${(row.leads / most) * 100}%`, minHeight: row.leads ? 2 : 0 }}
            />
          </div>
        ))}
      </div>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{copy.perWeek}</caption>
        <thead>
          <tr className="text-muted">
            <th scope="col" className="py-1 font-semibold">
              {copy.weekOf}
            </th>
            <th scope="col" className="py-1 text-right font-semibold">
              {copy.leads}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {rows.map((row) => (
            <tr key={row.week}>
              <th scope="row" className="py-1 font-normal text-ink">
                {row.week}
              </th>
              <td className="py-1 text-right text-ink tabular-nums">{row.leads}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
