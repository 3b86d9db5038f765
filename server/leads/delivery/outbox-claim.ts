import { submissionReference } from '../../../shared/reference.ts';
import type { Database, Row } from '../../db/database.ts';
import type { DeliveryChannel, Delivery } from './delivery-channel.ts';
import { CLAIM_SETTINGS, claimNext, COUNTED_THIS_HOUR, TRY_LOCK_CLAIMS } from './outbox-queries.ts';

/** Far longer than one send can take (lead-mailer.ts's timeouts add up to under a minute). */
export const LEASE_MS = 5 * 60_000;

/** `busy`: another worker was claiming at that moment; `capped`: the hour's sends are spent. */
export type Claim = Delivery | 'capped' | 'busy' | undefined;

/**
 * The claim step: the channel's next due lead, leased to this worker. A
 * capped channel counts and claims under the claim lock, so workers sharing
 * the database never both see room for the last send of the hour; once the
 * unverified budget is spent, only verified leads are claimed one by one.
 */
export async function claimNextDelivery(
  database: Database,
  channel: DeliveryChannel,
): Promise<Claim> {
  const { cap, table } = channel;
  if (!cap) {
    const [row] = await database.query(claimNext(table), [LEASE_MS, true]);
    return row && toDelivery(row);
  }
  return database.transaction(async (session): Promise<Claim> => {
    await session.exec(CLAIM_SETTINGS);
    const [{ locked } = { locked: false }] = await session.query(TRY_LOCK_CLAIMS);
    if (!locked) return 'busy';
    const [{ counted, unverified } = { counted: 0, unverified: 0 }] =
      await session.query(COUNTED_THIS_HOUR);
    if (Number(counted) >= cap.maxPerHour) return 'capped';
    const budgetLeft = Number(unverified) < cap.unverifiedPerHour;
    const [row] = await session.query(claimNext(table), [LEASE_MS, budgetLeft]);
    return row && toDelivery(row);
  });
}

export function toDelivery(row: Row): Delivery {
  const receivedAt = row.created_at;
  return {
    lead: {
      id: String(row.id),
      name: String(row.name),
      email: String(row.email),
      message: String(row.message),
      receivedAt: receivedAt instanceof Date ? receivedAt : new Date(String(receivedAt)),
      verified: row.verified !== false,
      ...(typeof row.submission_key === 'string' && {
        reference: submissionReference(row.submission_key),
      }),
    },
    attempts: Number(row.attempts),
    ...(row.message_id != null && { messageId: String(row.message_id) }),
  };
}
