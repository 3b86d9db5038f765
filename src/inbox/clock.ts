import { clockCopy, type ClockKind, type ClockState } from '../content/lead-clocks';
import type { Lead } from './lead';

/**
 * A lead's clocks as the inbox shows them (docs/lead-clocks.md): running
 * ("Reply by 17:30 today"), overdue ("Reply overdue by 2 h"), or, once
 * stopped by "Mark replied" or "Mark diagnosed", met or missed. The deadlines
 * are the database's (set by the clocks' worker); this only words them.
 * Suspected spam has none.
 */
export interface Clock {
  kind: ClockKind;
  state: ClockState;
  label: string;
  due: string;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const time = new Intl.DateTimeFormat('en-GB', { timeStyle: 'short' });
const dayAndTime = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});
const dayKey = new Intl.DateTimeFormat('en-CA', { dateStyle: 'short' });

export function leadClocks(lead: Lead, now: Date): Clock[] {
  if (lead.suspected_spam) return [];
  const clocks: Clock[] = [];
  const reply = clockOf('reply', lead.reply_due, lead.replied_at, now);
  const diagnosis = clockOf('diagnosis', lead.diagnosis_due, lead.diagnosed_at, now);
  if (reply) clocks.push(reply);
  if (diagnosis) clocks.push(diagnosis);
  // A won, lost or archived lead is closed: no deadline runs on (nor turns overdue) for it, as no
  // reminder goes for it; what was met or missed before stays.
  if (CLOSED.has(lead.status))
    return clocks.filter((c) => c.state === 'met' || c.state === 'missed');
  return clocks;
}

const CLOSED = new Set<string>(['won', 'lost', 'archived']);

/** The clock a list row shows: the first one still running or overdue, else the reply's outcome. */
export function leadingClock(lead: Lead, now: Date): Clock | undefined {
  const clocks = leadClocks(lead, now);
  return clocks.find((c) => c.state === 'running' || c.state === 'overdue') ?? clocks[0];
}

function clockOf(
  kind: ClockKind,
  due: string | null,
  stoppedAt: string | null,
  now: Date,
): Clock | undefined {
  if (!due) return undefined;
  const dueAt = new Date(due);
  if (stoppedAt) {
    const late = new Date(stoppedAt).getTime() - dueAt.getTime();
    return late <= 0
      ? { kind, due, state: 'met', label: clockCopy.met[kind] }
      : { kind, due, state: 'missed', label: `${clockCopy.missed[kind]} ${duration(late)}` };
  }
  const left = dueAt.getTime() - now.getTime();
  if (left < 0) {
    return { kind, due, state: 'overdue', label: `${clockCopy.overdue[kind]} ${duration(-left)}` };
  }
  return { kind, due, state: 'running', label: `${clockCopy.running[kind]} ${when(dueAt, now)}` };
}

/** "17:30 today", "12:00 tomorrow", else "Tue 29 Dec, 12:00", in the reader's own zone. */
function when(due: Date, now: Date): string {
  const tomorrow = new Date(now);
  tomorrow.setDate(now.getDate() + 1);
  if (dayKey.format(due) === dayKey.format(now)) return `${time.format(due)} ${clockCopy.today}`;
  if (dayKey.format(due) === dayKey.format(tomorrow)) {
    return `${time.format(due)} ${clockCopy.tomorrow}`;
  }
  return dayAndTime.format(due);
}

/** "25 min", "2 h", "3 days": a glance, rounded. */
export function duration(ms: number): string {
  if (ms < HOUR) return `${Math.max(1, Math.round(ms / MINUTE))} min`;
  if (ms < 48 * HOUR) return `${Math.round(ms / HOUR)} h`;
  return `${Math.round(ms / (24 * HOUR))} days`;
}
