/**
 * Retention (docs/product.md#ruling-retention): deletes submissions older than
 * the period the privacy notice states, and suspected spam after 30 days (from a
 * member's "Spam" mark, if later), with everything hanging off them. The rule is
 * the database's (supabase/schemas/20_submissions.sql); this module only runs it:
 * on its own timer in the server and in `npm run worker`, once for
 * `npm run worker -- --once`, and from `submissions purge`.
 */
import { SPAM_RETENTION_DAYS } from '../../shared/retention.ts';
import type { Database } from '../db/database.ts';
import { isoTime } from './stored-leads.ts';
import type { WorkLog } from '../work-log.ts';
import { startLoop } from '../background/loop.ts';

/** Hourly: a row outlives its period by at most an hour, and a purge of nothing costs one query. */
const PURGE_INTERVAL_MS = 60 * 60 * 1000;

export interface PurgedSubmission {
  id: number;
  created_at: string;
  suspected_spam: boolean;
}

/** What a purge deletes, oldest first; with dryRun, what it would delete. Ids and dates only. */
export async function purgeExpiredSubmissions(
  db: Database,
  { retentionMonths, dryRun = false }: { retentionMonths: number; dryRun?: boolean },
): Promise<PurgedSubmission[]> {
  const rows = await db.query(
    'select id, created_at, suspected_spam from app_private.purge_expired_submissions($1, $2, $3)',
    [retentionMonths, SPAM_RETENTION_DAYS, dryRun],
  );
  return rows
    .map((row) => ({
      id: Number(row.id),
      created_at: isoTime(row.created_at),
      suspected_spam: row.suspected_spam === true,
    }))
    .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id);
}

export interface RetentionPurge {
  /** Resolves after the first purge, done or failed (`npm run worker -- --once`). */
  firstRun(): Promise<void>;
  /** Stops the timer and waits for a purge in progress; call before the database closes. */
  stop(): Promise<void>;
}

/** Purges now and then every intervalMs; a failure is logged and tried again at the next turn. */
export function startRetentionPurge(
  db: Database,
  log: WorkLog,
  {
    retentionMonths,
    intervalMs = PURGE_INTERVAL_MS,
  }: { retentionMonths: number; intervalMs?: number },
): RetentionPurge {
  log.info(
    `Retention: submissions are deleted ${retentionMonths} month(s) after they were sent, ` +
      `suspected spam after ${SPAM_RETENTION_DAYS} days`,
  );
  const loop = startLoop({
    everyMs: intervalMs,
    log,
    // Nothing personal: the purge's own SQL, never a row, is in the message.
    failed: (message) => `Retention: the purge failed and runs again in an hour: ${message}`,
    async round() {
      const purged = await purgeExpiredSubmissions(db, { retentionMonths });
      if (purged.length > 0) {
        const spam = purged.filter((row) => row.suspected_spam).length;
        log.info(
          `Retention: deleted ${purged.length} submission(s), ${spam} of them suspected spam`,
        );
      }
    },
  });
  const first = loop.runOnce();
  return {
    firstRun: () => first,
    stop: loop.stop,
  };
}
