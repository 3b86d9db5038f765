import type { Database, SqlSession } from '../../db/database.ts';
import { PermanentFailure } from '../delivery/delivery-channel.ts';
import type { WorkLog } from '../../work-log.ts';
import type { Notice } from './clock-messages.ts';

export interface AgencyMail {
  sendNotice(notice: Notice): Promise<void>;
}

/** A notice claimed under a lock: what it is (for the log), its words, and how to undo the claim. */
export interface ClaimedNotice {
  what: string;
  /** `unnamed`: without the visitors' names (sendNamingLeads). */
  notice: (unnamed: boolean) => Notice;
  /** The statement that takes the claim back, should the send fail. */
  undo: [sql: string, params: unknown[]];
}

/**
 * The agency's notices that name leads (a reminder, the digest, the held leads' note, an
 * escalation): `claim` runs in a transaction holding `lock` (pg_try_advisory_xact_lock), so of
 * several instances one claims it and the others skip the round; the claim commits, and the
 * notice is sent with no transaction open. On the embedded database a transaction holds the one
 * connection: a relay that hangs for its timeouts would hold every visitor's insert and the
 * whole inbox with it. A send that fails takes the claim back, so a later round tries again; a
 * process killed mid-send loses that one notice (the weekly digest lists what is overdue).
 */
export async function claimThenSend(
  db: Database,
  mail: AgencyMail,
  log: WorkLog,
  lock: string,
  claim: (session: SqlSession) => Promise<ClaimedNotice | undefined>,
): Promise<void> {
  const claimed = await db.transaction(async (session) => {
    const [{ locked } = { locked: false }] = await session.query(lock);
    return locked ? claim(session) : undefined;
  });
  if (!claimed) return;
  try {
    await sendNamingLeads(mail, log, claimed.what, claimed.notice);
  } catch (error) {
    await db.query(...claimed.undo);
    throw error;
  }
}

/**
 * A relay that refuses a notice for good for what it says (a PermanentFailure: a spam filter's
 * 5xx to one visitor's name, a blocklisted domain in it) is sent it again without the names:
 * one lead's words never cost the others their notice, nor stop every notice after it
 * (docs/lead-clocks.md). Any other failure is thrown, and the round tries again.
 */
async function sendNamingLeads(
  mail: AgencyMail,
  log: WorkLog,
  what: string,
  notice: (unnamed: boolean) => Notice,
): Promise<void> {
  await mail.sendNotice(notice(false)).catch(async (error: unknown) => {
    if (!(error instanceof PermanentFailure)) throw error;
    log.warn(`${what}: the relay refused the names (${error.message}); sent without them.`);
    await mail.sendNotice(notice(true));
  });
}
