import { asTyped } from '../../../shared/as-typed.ts';
import { INBOX_PATH, leadUrl } from '../../../shared/paths.ts';
import type { PushPayload } from '../../../shared/push-payload.ts';
import { submissionReference } from '../../../shared/reference.ts';
import { pushCopy } from '../../../shared/copy/push-alerts.ts';
import type { Database, Row } from '../../db/database.ts';
import { ARRIVED_AT } from './push-queries.ts';
import { responseDue } from '../clocks/deadlines.ts';
import type { WorkingHours } from '../../../shared/working-hours.ts';

export interface PushMessage {
  payload: PushPayload;
  /** RFC 8030 Topic: a later push with the same one replaces an undelivered earlier one. */
  topic: string;
}

/**
 * The payload for a claimed row of app_private.push_claim(), or undefined for
 * a `waiting` push whose leads have all been seen since (nothing to say).
 * The reply deadline is the clocks' (reply_due), or the same rule applied
 * now when the push beats the clocks' worker to the lead: from `arrived_at`
 * (withArrival), as the clocks will, since a lead released by "Not spam"
 * arrives when released, not when it was stored.
 */
export function pushMessage(row: Row, hours: WorkingHours, now: Date): PushMessage | undefined {
  const kind = String(row.kind);
  // About no lead: no lead's link, no "I'm on it".
  if (kind === 'test') {
    return {
      topic: 'test',
      payload: { kind, title: pushCopy.testTitle, body: pushCopy.testBody, url: INBOX_PATH },
    };
  }
  if (kind === 'waiting') {
    const count = Number(row.waiting ?? 0);
    if (count === 0) return undefined;
    return {
      topic: 'waiting',
      payload: {
        kind,
        count,
        title: pushCopy.waitingTitle(count),
        body: pushCopy.waitingBody,
        url: INBOX_PATH,
      },
    };
  }
  const leadId = Number(row.lead_id);
  // Shown on a lock screen: an override in a name would reverse the title (shared/as-typed.ts).
  const name = asTyped(String(row.name));
  const topic = `lead-${leadId}`;
  if (kind === 'taken') {
    const takenBy = asTyped(String(row.taken_by));
    return {
      topic,
      payload: {
        kind,
        leadId,
        takenBy,
        title: pushCopy.takenTitle(name),
        body: pushCopy.takenBody(takenBy),
        url: leadUrl(leadId),
      },
    };
  }
  const reference = row.submission_key ? submissionReference(String(row.submission_key)) : '';
  const due = row.reply_due
    ? new Date(row.reply_due as string)
    : responseDue(new Date((row.arrived_at ?? row.created_at) as string), hours);
  const when = localTime(due, now, hours.timeZone);
  const escalation = kind === 'escalation';
  return {
    topic,
    payload: {
      kind: escalation ? 'escalation' : 'lead',
      leadId,
      reference,
      name,
      replyBy: due.toISOString(),
      title: escalation ? pushCopy.escalationTitle(name) : pushCopy.leadTitle(name),
      body: escalation
        ? pushCopy.escalationBody(reference, when)
        : pushCopy.leadBody(reference, when),
      url: leadUrl(leadId),
      takeToken: String(row.take_token),
    },
  };
}

/** "17:30" today, "Mon 12:00" on another day, in the agency's time zone. */
function localTime(at: Date, now: Date, timeZone: string): string {
  const day = (date: Date) => date.toLocaleDateString('en-GB', { timeZone });
  const time = at.toLocaleTimeString('en-GB', { timeZone, hour: '2-digit', minute: '2-digit' });
  if (day(at) === day(now)) return time;
  return `${at.toLocaleDateString('en-GB', { timeZone, weekday: 'short' })} ${time}`;
}

/**
 * A claimed lead push with its arrival for the clocks, when they have not set
 * its reply_due yet: a lead released by "Not spam" is pushed at once, and
 * stored days before, its created_at would give a deadline the inbox does not
 * show (Friday evening's "Mon 12:00" for a lead released Monday at 10:00, due
 * 17:30). `known` holds the arrivals read so far (by lead id): a claim brings
 * one row a device, and a lead is read once however many devices it goes to.
 */
export async function withArrival(
  db: Pick<Database, 'query'>,
  row: Row,
  known = new Map<string, Promise<unknown>>(),
): Promise<Row> {
  if (row.reply_due || (row.kind !== 'lead' && row.kind !== 'escalation')) return row;
  const lead = String(row.lead_id);
  if (!known.has(lead)) {
    known.set(
      lead,
      db.query(ARRIVED_AT, [row.lead_id]).then(([found]) => found?.arrived_at),
    );
  }
  const arrivedAt = await known.get(lead);
  return arrivedAt ? { ...row, arrived_at: arrivedAt } : row;
}
