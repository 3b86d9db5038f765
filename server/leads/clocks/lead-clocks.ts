/**
 * The clocks behind the page's promises (docs/lead-clocks.md), run on a timer
 * in the server and in `npm run worker`, beside lead delivery:
 * 1. every real lead gets its reply and diagnosis deadlines (deadlines.ts),
 *    whoever stored it, hosted Supabase included;
 * 2. one reminder email before each deadline that is not yet met, several
 *    leads to an email, at most one email per REMINDER_SPACING_MS;
 * 3. the weekly digest, from Monday 08:00 local time, once a week;
 * 4. each working day from 08:01, a note of the leads held as suspected spam
 *    up to 08:00 since the last note, when there are any: no alert went out
 *    for them, so a real enquiry the score held waits a morning at most.
 * Reminders, the digest and the note are each claimed under one database lock, so of several
 * instances one sends and the rest skip the round; the claim commits before the send, and a
 * failed send takes it back, to be tried again next round (agency-notice.ts).
 */
import type { Database } from '../../db/database.ts';
import { diagnosisDue, responseDue } from './deadlines.ts';
import {
  CLAIM_DIGEST,
  CLAIM_HELD_NOTE,
  FIGURES,
  HELD_BETWEEN,
  OVERDUE,
  SET_CLOCKS,
  TRY_LOCK_CLOCKS,
  UNDO_DIGEST,
  UNDO_HELD_NOTE,
  UNDO_REMINDERS,
  WITHOUT_CLOCK,
} from './clock-queries.ts';
import { LAST_REMINDER, RECORD_REMINDERS, REMINDERS_DUE } from './clock-queries.ts';
import { digestNotice, heldNotice, reminderNotice } from './clock-messages.ts';
import { isBankHoliday } from './bank-holidays.ts';
import { claimThenSend, type AgencyMail } from './agency-notice.ts';
import { isWorkingDay, nearestWorkingDay } from '../../../shared/response-due.ts';
import type { WorkingHours } from '../../../shared/working-hours.ts';
import { addDays, localParts, weekdayOf, zonedInstant } from '../../../shared/zoned-time.ts';
import type { WorkLog } from '../../work-log.ts';
import { startLoop, type Loop } from '../../background/loop.ts';

/** A lead has its deadlines within seconds of its email; an idle round is two indexed queries. */
const CLOCK_POLL_MS = 5_000;
/** Reminders: one email per quarter-hour at most, however many leads fall due. */
const REMINDER_SPACING_MS = 15 * 60_000;
export const DEFAULT_REMINDER_MINUTES = 60;
/** The digest's hour: Monday 08:00, before the working week starts; the held leads' note's too. */
const DIGEST_WEEKDAY = 1;
const DIGEST_MINUTES = 8 * 60;
/**
 * A digest missed while no instance ran is still sent within a day; later
 * than that it is stale, and the next Monday's comes instead. A first start
 * midweek sends none.
 */
const DIGEST_CATCH_UP_MS = 24 * 3_600_000;
/** The held leads' note waits a minute past 08:00 for an insert begun just before to commit. */
const HELD_NOTE_GRACE_MS = 60_000;
/** Rows per statement: a backlog is worked through a batch a round. */
const BATCH = 500;
/** An email lists this many leads at most; the inbox has the rest. */
const MAX_LISTED = 200;

export interface LeadClocksOptions {
  hours: WorkingHours;
  reminderMinutes?: number;
  /** Absent: deadlines only, no reminders or digest (no email configured). */
  mail?: AgencyMail;
  /** VITE_SITE_URL: each lead links into the inbox there (lead-message.ts's inboxLink). */
  siteUrl?: string;
  pollMs?: number;
  /** Tests set the time instead of waiting for it. */
  now?: () => Date;
}

/** `runOnce` for tests and `npm run worker -- --once`. */
export type LeadClocks = Pick<Loop, 'runOnce' | 'stop'>;

export function startLeadClocks(
  db: Database,
  log: WorkLog,
  options: LeadClocksOptions,
): LeadClocks {
  const now = options.now ?? (() => new Date());
  const loop = startLoop({
    everyMs: options.pollMs ?? CLOCK_POLL_MS,
    log,
    // Our own SQL and the relay's answer only: never a lead's words.
    failed: (message) => `Lead clocks: a round failed and runs again shortly: ${message}`,
    async round() {
      await assignDeadlines(db, options.hours);
      if (options.mail) {
        await sendReminders(db, options.mail, log, options, now());
        await sendWeeklyDigest(db, options.mail, log, options, now());
        await sendHeldNote(db, options.mail, log, options, now());
      }
    },
  });
  return { runOnce: loop.runOnce, stop: loop.stop };
}

/** Gives every real lead without deadlines its two, a batch at a time. */
async function assignDeadlines(db: Database, hours: WorkingHours): Promise<number> {
  const rows = await db.query(WITHOUT_CLOCK, [BATCH]);
  if (rows.length === 0) return 0;
  const arrivals = rows.map((row) => new Date(row.arrived_at as string | Date));
  await db.query(SET_CLOCKS, [
    rows.map((row) => row.id),
    arrivals.map((arrival) => responseDue(arrival, hours).toISOString()),
    arrivals.map((arrival) => diagnosisDue(arrival).toISOString()),
  ]);
  return rows.length;
}

async function sendReminders(
  db: Database,
  mail: AgencyMail,
  log: WorkLog,
  options: LeadClocksOptions,
  at: Date,
) {
  const minutes = options.reminderMinutes ?? DEFAULT_REMINDER_MINUTES;
  await claimThenSend(db, mail, log, TRY_LOCK_CLOCKS, async (session) => {
    const [last] = await session.query(LAST_REMINDER);
    const lastAt = last?.sent_at ? new Date(last.sent_at as string | Date).getTime() : -Infinity;
    if (at.getTime() - lastAt < REMINDER_SPACING_MS) return undefined;
    const due = await session.query(REMINDERS_DUE, [at.toISOString(), minutes, MAX_LISTED]);
    if (due.length === 0) return undefined;
    await session.query(RECORD_REMINDERS, [
      at.toISOString(),
      due.map((row) => row.id),
      due.map((row) => row.deadline),
    ]);
    return {
      what: 'Reminder',
      notice: (unnamed) => reminderNotice(due, { ...options, at, unnamed }),
      undo: [UNDO_REMINDERS, [at.toISOString()]],
    };
  });
}

async function sendWeeklyDigest(
  db: Database,
  mail: AgencyMail,
  log: WorkLog,
  options: LeadClocksOptions,
  at: Date,
) {
  const { timeZone } = options.hours;
  const today = localParts(at, timeZone).date;
  const monday = mondayOf(today);
  const due = zonedInstant(monday, DIGEST_MINUTES, timeZone).getTime();
  if (at.getTime() < due || at.getTime() >= due + DIGEST_CATCH_UP_MS) return;
  await claimThenSend(db, mail, log, TRY_LOCK_CLOCKS, async (session) => {
    const claimed = await session.query(CLAIM_DIGEST, [monday, at.toISOString()]);
    if (claimed.length === 0) return undefined;
    const [{ figures } = { figures: {} }] = await session.query(FIGURES, [
      at.toISOString(),
      timeZone,
    ]);
    const overdue = await session.query(OVERDUE, [at.toISOString(), MAX_LISTED]);
    return {
      what: 'Weekly digest',
      notice: (unnamed) =>
        digestNotice(figures as Record<string, unknown>, overdue, {
          ...options,
          at,
          monday,
          unnamed,
        }),
      undo: [UNDO_DIGEST, [monday]],
    };
  });
}

/**
 * On a working day from 08:01 local time until midnight, once across every instance: the leads
 * held up to today's 08:00 since the last note's (the last working day's 08:00 when there was
 * none). A minute's grace, so a lead whose insert began at 07:59:59 is committed before it is
 * looked for. Bounded by 08:00s stored with each note, not by when a note went out: whichever
 * round or instance sends it lists the same leads, a lead held after 08:00 waits for the next
 * working morning, and a day no instance ran is covered by the next note. A day with none held
 * is claimed and silent. A relay that refuses the list for its words (a spammer's) is sent the
 * count alone (agency-notice.ts).
 */
async function sendHeldNote(
  db: Database,
  mail: AgencyMail,
  log: WorkLog,
  options: LeadClocksOptions,
  at: Date,
) {
  const { hours } = options;
  const today = localParts(at, hours.timeZone).date;
  if (!isWorkingDay(today, hours, isBankHoliday)) return;
  const until = zonedInstant(today, DIGEST_MINUTES, hours.timeZone);
  if (at.getTime() < until.getTime() + HELD_NOTE_GRACE_MS) return;
  const lastWorkingDay = nearestWorkingDay(today, -1, hours, isBankHoliday);
  const fallback = zonedInstant(lastWorkingDay, DIGEST_MINUTES, hours.timeZone);
  await claimThenSend(db, mail, log, TRY_LOCK_CLOCKS, async (session) => {
    const [claim] = await session.query(CLAIM_HELD_NOTE, [
      today,
      at.toISOString(),
      fallback.toISOString(),
      until.toISOString(),
    ]);
    if (!claim) return undefined;
    const since = new Date(claim.since as string | Date);
    const held = await session.query(HELD_BETWEEN, [
      since.toISOString(),
      until.toISOString(),
      MAX_LISTED,
    ]);
    if (held.length === 0) return undefined;
    const context = { ...options, at, since, until };
    return {
      what: "Held leads' note",
      notice: (unnamed) => heldNotice(held, { ...context, unnamed }),
      undo: [UNDO_HELD_NOTE, [today]],
    };
  });
}

/** The local date of the Monday of `date`'s week. */
function mondayOf(date: string): string {
  return addDays(date, DIGEST_WEEKDAY - weekdayOf(date));
}
