import type { Database } from '../../db/database.ts';
import type { DeliveryChannel } from './delivery-channel.ts';
import { sendSummary } from './lead-summary.ts';
import { claimNextDelivery } from './outbox-claim.ts';
import { createMarks } from './outbox-mark.ts';
import { backlog } from './outbox-queries.ts';
import type { WorkLog } from '../../work-log.ts';
import { startLoop, type Loop } from '../../background/loop.ts';

/** Leads per round; bounds how long a round runs and how much a burst sends at once. */
const ROUND_SIZE = 10;

/** `stop` lets a send in progress finish and be recorded; `drained` serves `worker --once`. */
export type ChannelLoop = Pick<Loop, 'stop' | 'drained'>;

/** `busy`: another worker was claiming at that moment. */
type Outcome = 'none' | 'sent' | 'failed' | 'capped' | 'busy';

/**
 * One channel's rounds on a timer: claim, send, mark, until nothing is due,
 * then the summary step for what the cap holds back. A failure ends the
 * round: the relay or receiver is probably down, and the other leads would
 * only fail too; the failed one backs off. So does finding another worker
 * claiming: its turn, ours next round. A lost database connection fails a
 * statement, which ends the round with a warning; the next round starts on a
 * fresh connection.
 */
export function startChannelLoop(
  database: Database,
  channel: DeliveryChannel,
  log: WorkLog,
  pollMs: number,
): ChannelLoop {
  const marks = createMarks(database, channel, log);
  let capped = false;

  const deliverNext = async (): Promise<Outcome> => {
    const next = await claimNextDelivery(database, channel);
    if (next === 'busy') return 'busy';
    if (next === 'capped') {
      if (!capped) {
        log.warn(
          `Lead emails paused: ${channel.cap?.maxPerHour} sent or on their way in the last hour ` +
            '(the cap); what waits goes out in a summary email',
        );
      }
      capped = true;
      return 'capped';
    }
    if (capped) log.info('Lead emails resume: under the hourly cap again.');
    capped = false;
    if (!next) return 'none';
    try {
      await channel.send(next);
    } catch (error) {
      await marks.failed(next.lead.id, next.attempts, error);
      return 'failed';
    }
    await marks.sent(next.lead.id);
    log.info(`Lead ${next.lead.id} ${channel.verb}`);
    return 'sent';
  };

  let firstRound = true;
  /** True when nothing was due (or the cap holds the rest back for the summary). */
  const round = async (stopping: () => boolean): Promise<boolean> => {
    if (firstRound) {
      firstRound = false;
      await reportBacklog(database, channel, log);
    }
    await marks.catchUp();
    for (let sent = 0; sent < ROUND_SIZE && !stopping(); sent++) {
      const outcome = await deliverNext();
      if (outcome === 'failed' || outcome === 'busy') return false;
      if (outcome === 'none' || outcome === 'capped') {
        if (channel.summary && !stopping()) {
          await sendSummary(database, channel, channel.summary, log, stopping);
        }
        return true;
      }
    }
    return false;
  };
  // At once: leads left pending by the last run go out without waiting a poll.
  return startLoop({
    everyMs: pollMs,
    log,
    failed: (message) => `Lead delivery paused, retrying shortly: ${message}`,
    round,
  });
}

async function reportBacklog(
  database: Database,
  channel: DeliveryChannel,
  log: WorkLog,
): Promise<void> {
  const [row] = await database.query(backlog(channel.table));
  const pending = Number(row?.pending ?? 0);
  const failed = Number(row?.failed ?? 0);
  if (pending > 0) log.info(`${pending} lead(s) waiting to be ${channel.verb}`);
  if (failed > 0) {
    log.warn(
      `${failed} lead(s) could not be ${channel.verb} and are no longer retried: ` +
        'see `npm run -s submissions -- outbox`',
    );
  }
}
