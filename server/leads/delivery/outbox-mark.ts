import type { Database } from '../../db/database.ts';
import { PermanentFailure, type DeliveryChannel } from './delivery-channel.ts';
import { markFailed, markSent } from './outbox-queries.ts';
import type { WorkLog } from '../../work-log.ts';
import { messageOf } from '../../loggable-error.ts';

/** An SMTP error or an HTTP status line; this only stops a pathological one from bloating the row. */
export const MAX_ERROR_LENGTH = 1_000;

export interface Marks {
  /** Records a send; kept in memory until the database takes it. */
  sent(id: string): Promise<void>;
  /** Records a failed attempt: retried after the channel's delay, or given up. */
  failed(id: string, attempts: number, error: unknown): Promise<void>;
  /** Sends whose mark the database missed (it went away in between): marked first thing next round. */
  catchUp(): Promise<void>;
}

/** The mark step: what happened to a delivery, written to the channel's table. */
export function createMarks(database: Database, channel: DeliveryChannel, log: WorkLog): Marks {
  const unmarked = new Set<string>();
  const sent = async (id: string) => {
    unmarked.add(id);
    await database.query(markSent(channel.table), [id]);
    unmarked.delete(id);
  };
  return {
    sent,
    async failed(id, previousAttempts, error) {
      const attempts = previousAttempts + 1;
      const reason = messageOf(error).slice(0, MAX_ERROR_LENGTH);
      const giveUp = error instanceof PermanentFailure || attempts >= channel.maxAttempts;
      const delay = giveUp ? null : channel.retryDelay(attempts - 1);
      await database.query(markFailed(channel.table), [id, reason, delay]);
      log.warn(
        `Lead ${id} was not ${channel.verb} (attempt ${attempts} of ${channel.maxAttempts}): ` +
          `${reason}. ` +
          (delay === null
            ? 'Given up: see `npm run submissions -- outbox`.'
            : `Retrying in ${Math.ceil(delay / 1000)} s.`),
      );
    },
    async catchUp() {
      for (const id of unmarked) await sent(id);
    },
  };
}
