import type { SubmissionRow } from '../../src/features/contact/validation.ts';
import { DatabaseUnavailableError } from './database.ts';

/**
 * Group commit for visitors' inserts. Submissions that arrive while the
 * database is busy wait for a free slot and then go in together: one
 * transaction, one multi-row INSERT, one commit (one WAL flush) for the lot,
 * where one each would queue behind each other's commits. A lone submission
 * goes straight in. Every caller learns its own outcome only after the
 * commit, so an acknowledgement still means "on disk".
 */

/** Bounds a statement's size and a visitor's wait; far below PostgreSQL's 65,535 parameters. */
export const MAX_BATCH = 100;

export type InsertMany = (submissions: SubmissionRow[]) => Promise<void>;

interface Waiting {
  submission: SubmissionRow;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** `slots`: batches in flight at once (1 for PGlite's single connection, the pool size for PostgreSQL). */
export function batchInserts(insertMany: InsertMany, slots: number) {
  const queue: Waiting[] = [];
  let inFlight = 0;
  let scheduled = false;

  const insertAlone = async ({ submission, resolve, reject }: Waiting) => {
    try {
      await insertMany([submission]);
      resolve();
    } catch (error) {
      reject(error);
    }
  };

  const runBatch = async (batch: Waiting[]) => {
    try {
      await insertMany(batch.map((waiting) => waiting.submission));
      for (const waiting of batch) waiting.resolve();
    } catch (error) {
      if (batch.length === 1 || error instanceof DatabaseUnavailableError) {
        for (const waiting of batch) waiting.reject(error);
      } else {
        // Rows are checked before they get here, so a refusal is rare; one
        // refused row must not sink the rest, so each goes in on its own.
        for (const waiting of batch) await insertAlone(waiting);
      }
    }
  };

  const next = () => {
    scheduled = false;
    while (inFlight < slots && queue.length > 0) {
      inFlight++;
      void runBatch(queue.splice(0, MAX_BATCH)).finally(() => {
        inFlight--;
        schedule();
      });
    }
  };
  // Start batches from setImmediate, after the event loop has read every request
  // that has arrived: PGlite works synchronously under its promises, so a batch
  // started at once would run to its commit before the next request is even parsed.
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(next);
  };

  return (submission: SubmissionRow) =>
    new Promise<void>((resolve, reject) => {
      queue.push({ submission, resolve, reject });
      schedule();
    });
}

/** `insert … values ($1, $2, $3, $4), …` for `count` rows, and its parameters. */
export function multiRowInsert(submissions: SubmissionRow[]): [string, unknown[]] {
  const rows = submissions.map(
    (_, i) => `($${4 * i + 1}, $${4 * i + 2}, $${4 * i + 3}, $${4 * i + 4}::boolean)`,
  );
  const sql =
    'insert into public.contact_submissions (name, email, message, suspected_spam) ' +
    `values ${rows.join(', ')}`;
  return [
    sql,
    submissions.flatMap(({ name, email, message, suspected_spam = false }) => [
      name,
      email,
      message,
      suspected_spam,
    ]),
  ];
}
