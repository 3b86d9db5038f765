import type { Database } from '../../db/database.ts';
import { leadMailerFor, type MailRelay } from '../delivery/lead-mailer.ts';
import { startLeadClocks, type LeadClocks } from './lead-clocks.ts';
import type { WorkingHours } from '../../../shared/working-hours.ts';
import { defaultWorkingHours } from './default-working-hours.ts';
import type { WorkLog } from '../../work-log.ts';

export interface ClockStartOptions extends MailRelay {
  notifyEmail?: string;
  mailFrom?: string;
  /** VITE_SITE_URL: reminders and the digest link each lead into the inbox there. */
  siteUrl?: string;
  /** BUSINESS_HOURS and BUSINESS_TIMEZONE; the defaults when absent. */
  businessHours?: WorkingHours;
  /** REPLY_REMINDER_MINUTES. */
  replyReminderMinutes?: number;
  /** Tests only: how often the clocks run, and what time it is. */
  clockPollMs?: number;
  clockNow?: () => Date;
}

/**
 * The clocks for the server and `npm run worker`: deadlines always; reminders
 * and the digest when lead email is configured, through the same relay.
 */
export function startClocksFor(db: Database, log: WorkLog, options: ClockStartOptions): LeadClocks {
  const { smtpUrl, mailbox, notifyEmail, mailFrom } = options;
  const mailer = leadMailerFor({ smtpUrl, mailbox, notifyEmail, mailFrom });
  const clocks = startLeadClocks(db, log, {
    hours: options.businessHours ?? defaultWorkingHours(),
    reminderMinutes: options.replyReminderMinutes,
    mail: mailer,
    siteUrl: options.siteUrl,
    pollMs: options.clockPollMs,
    now: options.clockNow,
  });
  return {
    runOnce: () => clocks.runOnce(),
    async stop() {
      await clocks.stop();
      mailer?.close();
    },
  };
}
