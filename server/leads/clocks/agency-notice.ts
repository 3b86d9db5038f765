import { PermanentFailure } from '../delivery/delivery-channel.ts';
import type { WorkLog } from '../../work-log.ts';
import type { Notice } from './clock-messages.ts';

export interface AgencyMail {
  sendNotice(notice: Notice): Promise<void>;
}

/**
 * Sends the agency a notice that names leads (a reminder, the digest, the held leads' note, an
 * escalation). A relay that refuses it for good for what it says (a PermanentFailure: a spam
 * filter's 5xx to one visitor's name, a blocklisted domain in it) is sent it again without the
 * names: one lead's words never cost the others their notice, nor stop every notice after it
 * (docs/lead-clocks.md). Any other failure is thrown, and the round tries again.
 */
export async function sendNamingLeads(
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
