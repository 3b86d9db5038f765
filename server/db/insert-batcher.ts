import { isValidRow, type ContactSubmission } from '../../src/features/contact/validation.ts';
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

export type InsertMany = (submissions: ContactSubmission[]) => Promise<void>;

interface Waiting {
  submission: ContactSubmission;
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

  const runTogether = async (batch: Waiting[]) => {
    try {
      await insertMany(batch.map((waiting) => waiting.submission));
      for (const waiting of batch) waiting.resolve();
    } catch (error) {
      if (batch.length === 1 || error instanceof DatabaseUnavailableError) {
        for (const waiting of batch) waiting.reject(error);
      } else {
        // A refusal the rules below did not foresee; one refused row must
        // not sink the rest, so each goes in on its own.
        for (const waiting of batch) await insertAlone(waiting);
      }
    }
  };

  // The database judges every row, and one it refuses fails the whole INSERT.
  // So a row validation.ts already refuses is kept out of the batch and goes in
  // alone, to be refused in the database's own words without costing the others
  // a second attempt each.
  const runBatch = async (batch: Waiting[]) => {
    const together = batch.filter((waiting) => isValidRow(waiting.submission));
    const alone = batch.filter((waiting) => !together.includes(waiting));
    if (together.length > 0) await runTogether(together);
    for (const waiting of alone) await insertAlone(waiting);
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

  return (submission: ContactSubmission) =>
    new Promise<void>((resolve, reject) => {
      queue.push({ submission, resolve, reject });
      schedule();
    });
}

/** `insert … values ($1, $2, $3), ($4, $5, $6), …` for `count` rows, and its parameters. */
export function multiRowInsert(submissions: ContactSubmission[]): [string, string[]] {
  const rows = submissions.map((_, i) => `($${3 * i + 1}, $${3 * i + 2}, $${3 * i + 3})`);
  const sql = `insert into public.contact_submissions (name, email, message) values ${rows.join(', ')}`;
  return [sql, submissions.flatMap(({ name, email, message }) => [name, email, message])];
}
