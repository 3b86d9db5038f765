import type { Database } from '../../db/database.ts';
import { claimThenSend, type AgencyMail } from '../clocks/agency-notice.ts';
import { escalationNotice } from '../clocks/clock-messages.ts';
import type { WorkingHours } from '../../../shared/working-hours.ts';
import { afterWorkingMinutes } from '../clocks/working-time.ts';
import {
  ESCALATE,
  ESCALATED_UNLISTED,
  ESCALATION_CANDIDATES,
  LAST_ESCALATION_EMAIL,
  RECORD_ESCALATION_EMAIL,
  TRY_LOCK_ESCALATIONS,
  UNDO_ESCALATION_EMAIL,
} from './escalation-queries.ts';
import type { WorkLog } from '../../work-log.ts';
import { startLoop, type Loop } from '../../background/loop.ts';

/** ALERT_ESCALATE_MINUTES' default: a lead unseen for 10 working minutes is pushed and emailed again. */
export const DEFAULT_ESCALATE_MINUTES = 10;
/** As the reminders: one escalation email per quarter-hour at most, however many leads. */
const EMAIL_SPACING_MS = 15 * 60_000;
/** How often leads are looked at: a minute late at most on a 10-minute rule. */
const ESCALATION_POLL_MS = 30_000;
const BATCH = 500;
/** An email names this many leads at most; the inbox has the rest. */
const MAX_LISTED = 200;

export interface EscalationOptions {
  minutes: number;
  hours: WorkingHours;
  /** Absent: pushes only (no lead email configured). */
  mail?: AgencyMail;
  siteUrl?: string;
  /** Called once leads were escalated: their pushes are queued. */
  pushed: () => void;
  log: WorkLog;
  pollMs?: number;
  /** Tests set the time instead of waiting for it. */
  now?: () => Date;
}

export type Escalation = Pick<Loop, 'runOnce' | 'stop'>;

/**
 * Escalation (docs/alerts.md): a lead nobody has seen or taken within
 * ALERT_ESCALATE_MINUTES of working time is pushed again to every device,
 * once, and listed in an escalation email: one email for every lead
 * escalated since the last, at most one per EMAIL_SPACING_MS.
 */
export function startEscalation(db: Database, options: EscalationOptions): Escalation {
  const now = options.now ?? (() => new Date());
  const loop = startLoop({
    everyMs: options.pollMs ?? ESCALATION_POLL_MS,
    log: options.log,
    failed: (message) => `Alerts: escalation failed and runs again shortly: ${message}`,
    async round() {
      const at = now();
      await escalate(db, options, at);
      if (options.mail) await emailEscalations(db, options.mail, options, at);
    },
  });
  return { runOnce: loop.runOnce, stop: loop.stop };
}

async function escalate(db: Database, options: EscalationOptions, at: Date): Promise<void> {
  const rows = await db.query(ESCALATION_CANDIDATES, [at.toISOString(), options.minutes, BATCH]);
  const due = rows
    .filter(
      (row) =>
        afterWorkingMinutes(new Date(row.arrived_at as string), options.minutes, options.hours) <=
        at,
    )
    .map((row) => row.id);
  if (due.length === 0) return;
  const escalated = await db.query(ESCALATE, [due, at.toISOString()]);
  if (escalated.length === 0) return;
  options.log.info(`Alerts: ${escalated.length} lead(s) nobody has seen yet pushed again`);
  options.pushed();
}

async function emailEscalations(
  db: Database,
  mail: AgencyMail,
  options: EscalationOptions,
  at: Date,
): Promise<void> {
  await claimThenSend(db, mail, options.log, TRY_LOCK_ESCALATIONS, async (session) => {
    const [last] = await session.query(LAST_ESCALATION_EMAIL);
    const lastAt = last?.sent_at ? new Date(last.sent_at as string | Date).getTime() : -Infinity;
    if (at.getTime() - lastAt < EMAIL_SPACING_MS) return undefined;
    const leads = await session.query(ESCALATED_UNLISTED, [MAX_LISTED]);
    if (leads.length === 0) return undefined;
    await session.query(RECORD_ESCALATION_EMAIL, [at.toISOString(), leads.map((row) => row.id)]);
    return {
      what: 'Escalation email',
      notice: (unnamed) =>
        escalationNotice(leads, {
          hours: options.hours,
          siteUrl: options.siteUrl,
          at,
          minutes: options.minutes,
          unnamed,
        }),
      undo: [UNDO_ESCALATION_EMAIL, [at.toISOString()]],
    };
  });
}
