import type { Database } from '../../db/database.ts';
import {
  PermanentFailure,
  type Delivery,
  type DeliveryChannel,
  type Summary,
  type SummaryStep,
} from './delivery-channel.ts';
import { MAX_ERROR_LENGTH } from './outbox-mark.ts';
import { messageOf } from '../../loggable-error.ts';
import { MARK_PART_FAILED, MARK_PART_SENT } from './summary-queries.ts';
import type { WorkLog } from '../../work-log.ts';

/** Leads claimed for one summary email, and what the email says besides them. */
export interface Part {
  /** The summary's row in public.lead_summaries. */
  summaryId: string;
  /** The email's id, suspected-spam count and leads given up; its leads are `deliveries`. */
  template: Summary;
  deliveries: Delivery[];
}

export interface PartOutcome {
  /** Leads the relay accepted. */
  sent: number;
  /** The relay could not be reached, or refused for a while: the round stops. */
  relayDown: boolean;
}

/**
 * Sends one summary email. When the relay refuses it for good because of
 * what it says (a PermanentFailure, lead-mailer.ts), the leads are halved and
 * each half sent on its own, down to lead by lead: only a lead the relay
 * refuses alone is charged, and it is given up at once with the relay's
 * answer. One lead that trips a spam filter costs about 2·log₂(500) ≈ 18
 * short sends, not the summary. Any other failure (the relay down or slow,
 * a 4xx) is charged to the whole part, as for one lead, and ends the round.
 */
export async function sendSplitting(
  database: Database,
  channel: DeliveryChannel,
  step: SummaryStep,
  log: WorkLog,
  part: Part,
): Promise<PartOutcome> {
  const ids = part.deliveries.map((delivery) => delivery.lead.id);
  try {
    await step.send({ ...part.template, leads: part.deliveries.map((d) => d.lead) });
  } catch (error) {
    const reason = messageOf(error).slice(0, MAX_ERROR_LENGTH);
    if (!(error instanceof PermanentFailure)) {
      await database.query(MARK_PART_FAILED, [part.summaryId, ids, reason, channel.maxAttempts]);
      log.warn(`Summary ${part.template.id} of ${ids.length} lead(s) was not emailed: ${reason}`);
      return { sent: 0, relayDown: true };
    }
    if (ids.length === 1) {
      await database.query(MARK_PART_FAILED, [part.summaryId, ids, reason, 0]);
      log.warn(
        `Lead ${ids[0]} was refused by the relay for good and is not emailed: ${reason}. ` +
          'See `npm run submissions -- outbox`.',
      );
      return { sent: 0, relayDown: false };
    }
    return sendHalves(database, channel, step, log, part);
  }
  await database.query(MARK_PART_SENT, [part.summaryId, ids]);
  return { sent: ids.length, relayDown: false };
}

async function sendHalves(
  database: Database,
  channel: DeliveryChannel,
  step: SummaryStep,
  log: WorkLog,
  part: Part,
): Promise<PartOutcome> {
  const middle = Math.ceil(part.deliveries.length / 2);
  const halves = [part.deliveries.slice(0, middle), part.deliveries.slice(middle)];
  let sent = 0;
  for (const [index, deliveries] of halves.entries()) {
    const template = { ...part.template, id: `${part.template.id}-${'ab'[index]}` };
    const outcome = await sendSplitting(database, channel, step, log, {
      ...part,
      template,
      deliveries,
    });
    sent += outcome.sent;
    if (outcome.relayDown) return { sent, relayDown: true };
  }
  return { sent, relayDown: false };
}
