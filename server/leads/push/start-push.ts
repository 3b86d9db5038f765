import type { Database } from '../../db/database.ts';
import type { WorkingHours } from '../../../shared/working-hours.ts';
import { defaultWorkingHours } from '../clocks/default-working-hours.ts';
import { leadMailerFor, type MailRelay } from '../delivery/lead-mailer.ts';
import { DEFAULT_ESCALATE_MINUTES, startEscalation } from './escalation.ts';
import { pushContact } from './push-contact.ts';
import { writePushHosts } from './push-hosts.ts';
import { createPushSender } from './push-sender.ts';
import { startPushWorker } from './push-worker.ts';
import { vapidKeys } from './vapid-key.ts';
import type { WorkLog } from '../../work-log.ts';

export interface PushStartOptions extends MailRelay {
  /** WEB_PUSH_HOSTS: written into the database when given (push-hosts.ts). */
  webPushHosts?: readonly string[];
  /** The VAPID subject is mailto: this address (RFC 8292; Apple refuses a made-up one). */
  notifyEmail?: string;
  /** VITE_SITE_URL: the subject when there is no NOTIFY_EMAIL, if it is https. */
  siteUrl?: string;
  businessHours?: WorkingHours;
  /** ALERT_ESCALATE_MINUTES; escalation emails go through the lead email's relay when set. */
  escalateMinutes?: number;
  mailFrom?: string;
  /** Tests only: how often escalation looks, and what time it is (the clocks' own). */
  escalationPollMs?: number;
  clockNow?: () => Date;
  /** Tests only: the push worker's poll, retries, and a CA for a push service in this process. */
  pushPollMs?: number;
  pushRetryBaseMs?: number;
  pushCa?: string;
}

export interface PushAlerts {
  /** Resolves once nothing is due (`npm run worker -- --once`). */
  drained(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Alerts for the server and `npm run worker` (docs/alerts.md): the allowed
 * push hosts and the shared VAPID key first, so a browser can subscribe as
 * soon as one process has started; then the push worker, when there is a
 * contact to put in the VAPID subject.
 */
export async function startPush(
  database: Database,
  log: WorkLog,
  options: PushStartOptions,
): Promise<PushAlerts> {
  const hosts = options.webPushHosts ?? [];
  await writePushHosts(database, hosts);
  const vapid = await vapidKeys(database);
  const subject = pushContact(options);
  if (!subject) {
    log.info('Alerts are off: set NOTIFY_EMAIL (the push services want a contact) to push leads');
    return { drained: async () => {}, stop: async () => {} };
  }
  const hours = options.businessHours ?? defaultWorkingHours();
  const worker = startPushWorker(database, {
    sender: createPushSender({ vapid, subject, privateHostsAllowed: hosts, ca: options.pushCa }),
    hours,
    log,
    pollMs: options.pushPollMs,
    retryBaseMs: options.pushRetryBaseMs,
  });
  const { smtpUrl, mailbox, notifyEmail, mailFrom } = options;
  const mail = leadMailerFor({ smtpUrl, mailbox, notifyEmail, mailFrom });
  const minutes = options.escalateMinutes ?? DEFAULT_ESCALATE_MINUTES;
  const escalation = startEscalation(database, {
    minutes,
    hours,
    mail,
    siteUrl: options.siteUrl,
    pushed: () => worker.wake(),
    log,
    pollMs: options.escalationPollMs,
    now: options.clockNow,
  });
  log.info(
    'Alerts are on: each lead is pushed to every device with alerts turned on, within seconds; ' +
      `one nobody has seen after ${minutes} working minutes is pushed again` +
      (mail ? ' and emailed' : ''),
  );
  return {
    async drained() {
      await escalation.runOnce();
      await worker.drained();
    },
    async stop() {
      await escalation.stop();
      await worker.stop();
      mail?.close();
    },
  };
}
