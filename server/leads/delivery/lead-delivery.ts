import type { Database } from '../../db/database.ts';
import { createLeadMailer } from './lead-mailer.ts';
import {
  MAX_ATTEMPTS,
  MAX_PER_HOUR,
  startOutboxWorker,
  type OutboxLimits,
  type OutboxLog,
} from './outbox-worker.ts';

export interface LeadDeliveryOptions extends OutboxLimits {
  /** Both or neither: server/config.ts enforces that for the environment, this for callers. */
  smtpUrl?: string;
  notifyEmail?: string;
  mailFrom?: string;
  /** Tests only: see outbox-worker.ts. */
  deliveryPollMs?: number;
  deliveryRetryBaseMs?: number;
}

export interface LeadDelivery {
  /** Waits for a send in progress; call before the database closes. */
  stop(): Promise<void>;
  /** Resolves once nothing is due (`npm run worker -- --once`). */
  drained(): Promise<void>;
}

/**
 * Starts emailing leads when SMTP is configured, and says so either way:
 * an agency that expects email and gets none should find out at start-up,
 * not after the first lost client. Logs name the relay's host, never its URL,
 * which may hold a password.
 */
export function startLeadDelivery(
  database: Database,
  log: OutboxLog,
  options: LeadDeliveryOptions,
): LeadDelivery {
  const { smtpUrl, notifyEmail } = options;
  if (!smtpUrl && !notifyEmail) {
    log.info('Lead delivery is off: set SMTP_URL and NOTIFY_EMAIL to email each submission');
    return { stop: async () => {}, drained: async () => {} };
  }
  if (!smtpUrl || !notifyEmail) {
    throw new Error('Lead delivery needs both smtpUrl and notifyEmail, or neither');
  }

  const mailer = createLeadMailer({ smtpUrl, notifyEmail, mailFrom: options.mailFrom });
  const worker = startOutboxWorker({
    database,
    mailer,
    log,
    pollMs: options.deliveryPollMs,
    retryBaseMs: options.deliveryRetryBaseMs,
    maxAttempts: options.maxAttempts,
    maxPerHour: options.maxPerHour,
  });
  log.info(
    `Lead delivery is on: each submission is emailed to ${notifyEmail} via ${relay(smtpUrl)}, ` +
      `at most ${options.maxPerHour ?? MAX_PER_HOUR} an hour (the rest wait); a lead is given up ` +
      `after ${options.maxAttempts ?? MAX_ATTEMPTS} attempts (npm run -s submissions -- outbox lists them)`,
  );
  return {
    drained: () => worker.drained(),
    async stop() {
      try {
        await worker.stop();
      } finally {
        mailer.close();
      }
    },
  };
}

/** smtps://host:465 with no user name or password, for logs. */
function relay(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  return `${url.protocol}//${url.host}`;
}
