import { submissionReference } from '../../../src/features/contact/submission-reference.ts';
import type { Database, Row } from '../../db/database.ts';
import type { Lead } from './lead-message.ts';
import {
  BACKLOG,
  CLAIM_NEXT,
  CLAIM_SETTINGS,
  COUNTED_THIS_HOUR,
  MARK_FAILED,
  MARK_SENT,
  TRY_LOCK_CLAIMS,
} from './outbox-queries.ts';

/**
 * Emails the agency about each submission in public.lead_outbox (a trigger
 * fills it in the submission's own transaction). Visitors never wait for this:
 * it runs on a timer, apart from any request.
 *
 * Claim, send, mark: a lead is leased (locked_until) in a statement that
 * commits at once, emailed with no transaction or connection held, then marked
 * sent. Workers sharing one database (several servers, `npm run worker`) never
 * claim the same lead while its lease runs, and a worker that dies mid-send
 * leaves it to be picked up when the lease ends. A lost database connection
 * fails a statement, which ends the round with a warning; the next round
 * starts on a fresh connection. A lead sent but not yet marked (the database
 * went away in between) is marked as soon as the database answers again.
 *
 * The one gap is at-least-once, and cannot be closed over SMTP: if the process
 * dies after the SMTP server accepted a message but before the mark is
 * committed, that lead is sent again once its lease ends. The message keeps
 * its Message-ID (lead-message.ts), so mail clients can tell it is the same one.
 */

export interface LeadSender {
  send(lead: Lead): Promise<void>;
}

export interface OutboxLog {
  info(message: string): void;
  warn(message: string): void;
}

export interface OutboxLimits {
  /** Attempts before a lead is marked failed for good. */
  maxAttempts?: number;
  /** Lead emails per hour across every worker on the database; the rest wait their turn. */
  maxPerHour?: number;
}

export interface OutboxWorkerOptions extends OutboxLimits {
  database: Database;
  mailer: LeadSender;
  log: OutboxLog;
  /** How often to look for due leads (tests shorten it). */
  pollMs?: number;
  /** Delay before the first retry; doubles with each failure (tests shorten it). */
  retryBaseMs?: number;
}

export interface OutboxWorker {
  /** Stops the timer and waits for a send in progress to finish and be recorded. */
  stop(): Promise<void>;
  /** Resolves after the next round that found nothing due (for `worker --once`). */
  drained(): Promise<void>;
}

/** A lead reaches the inbox within seconds; an idle poll is one indexed query. */
export const POLL_MS = 2_000;
/** 5 s, 10 s, 20 s, …: rides out a relay restart without hammering a relay that is down. */
export const RETRY_BASE_MS = 5_000;
/** At worst hourly, however long the outage: the lead still goes out soon after it ends. */
const RETRY_CAP_MS = 60 * 60_000;
/** Up to 20 % earlier, so instances sharing one database do not retry in lockstep. */
const RETRY_JITTER = 0.2;
/** About a day of tries (the first ten back off to hourly): outlasts a relay outage, not a refusal. */
export const MAX_ATTEMPTS = 30;
/** Far above a small agency's real leads, far below what a relay allows (Gmail: 100+ an hour). */
export const MAX_PER_HOUR = 60;
/** Far longer than one send can take (lead-mailer.ts's timeouts add up to under a minute). */
const LEASE_MS = 5 * 60_000;
/** Leads per round; bounds how long a round runs and how much a burst sends at once. */
const ROUND_SIZE = 10;
/** An SMTP error is a line or two; this only stops a pathological one from bloating the row. */
const MAX_ERROR_LENGTH = 1_000;

/** `busy`: another worker was claiming at that moment. */
type Outcome = 'none' | 'sent' | 'failed' | 'capped' | 'busy';

export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { database, mailer, log } = options;
  const pollMs = options.pollMs ?? POLL_MS;
  const retryBaseMs = options.retryBaseMs ?? RETRY_BASE_MS;
  const maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS;
  const maxPerHour = options.maxPerHour ?? MAX_PER_HOUR;
  const query = (sql: string, params?: unknown[]) => database.query(sql, params);
  /** Sent, but the database went away before the mark: marked first thing next round. */
  const unmarked = new Set<string>();
  let capped = false;

  const markSent = async (id: string) => {
    await query(MARK_SENT, [id]);
    unmarked.delete(id);
  };

  const deliver = async (row: Row): Promise<Outcome> => {
    const lead = toLead(row);
    try {
      await mailer.send(lead);
    } catch (error) {
      const attempts = Number(row.attempts) + 1;
      const reason = messageOf(error).slice(0, MAX_ERROR_LENGTH);
      const giveUp = attempts >= maxAttempts;
      const delay = giveUp ? null : retryDelay(attempts - 1, retryBaseMs);
      await query(MARK_FAILED, [lead.id, reason, delay]);
      log.warn(
        `Lead ${lead.id} was not emailed (attempt ${attempts} of ${maxAttempts}): ${reason}. ` +
          (delay === null
            ? 'Given up: see `npm run submissions -- outbox`.'
            : `Retrying in ${Math.ceil(delay / 1000)} s.`),
      );
      return 'failed';
    }
    unmarked.add(lead.id);
    await markSent(lead.id);
    log.info(`Lead ${lead.id} emailed to the agency`);
    return 'sent';
  };

  /** The next due lead, leased; 'capped' when the hour's emails are all spent or on their way. */
  const claimNext = () =>
    database.transaction(async (session): Promise<Row | 'capped' | 'busy' | undefined> => {
      await session.exec(CLAIM_SETTINGS);
      const [{ locked } = { locked: false }] = await session.query(TRY_LOCK_CLAIMS);
      if (!locked) return 'busy';
      const [{ counted } = { counted: 0 }] = await session.query(COUNTED_THIS_HOUR);
      if (Number(counted) >= maxPerHour) return 'capped';
      const [row] = await session.query(CLAIM_NEXT, [LEASE_MS]);
      return row;
    });

  const deliverNext = async (): Promise<Outcome> => {
    const next = await claimNext();
    if (next === 'busy') return 'busy';
    if (next === 'capped') {
      if (!capped) {
        log.warn(
          `Lead emails paused: ${maxPerHour} sent or on their way in the last hour (the cap).`,
        );
      }
      capped = true;
      return 'capped';
    }
    if (capped) log.info('Lead emails resume: under the hourly cap again.');
    capped = false;
    return next ? deliver(next) : 'none';
  };

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> | undefined;
  let firstRound = true;
  const drainWaiters: (() => void)[] = [];

  /** True when nothing was due (or the cap holds the rest back). */
  const runRound = async (): Promise<boolean> => {
    if (firstRound) {
      firstRound = false;
      await reportBacklog(query, log);
    }
    for (const id of unmarked) await markSent(id);
    // A failure ends the round: the relay is probably down, and the other leads
    // would only fail too. They are tried next round; the failed one backs off.
    // So does finding another worker claiming: its turn, ours next round.
    for (let sent = 0; sent < ROUND_SIZE && !stopped; sent++) {
      const outcome = await deliverNext();
      if (outcome === 'none' || outcome === 'capped') return true;
      if (outcome === 'failed' || outcome === 'busy') return false;
    }
    return false;
  };
  const tick = () => {
    timer = undefined;
    round = runRound()
      .then((idle) => {
        if (idle) for (const resolve of drainWaiters.splice(0)) resolve();
      })
      .catch((error: unknown) => {
        log.warn(`Lead delivery paused, retrying shortly: ${messageOf(error)}`);
      })
      .finally(() => {
        round = undefined;
        if (!stopped) schedule(pollMs);
      });
  };
  const schedule = (ms: number) => {
    timer = setTimeout(tick, ms);
    // Never what keeps the process alive: the server, or a test, decides that.
    timer.unref();
  };

  // At once: leads left pending by the last run go out without waiting a poll.
  schedule(0);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await round;
    },
    drained: () => new Promise((resolve) => drainWaiters.push(resolve)),
  };
}

async function reportBacklog(
  query: (sql: string) => Promise<Row[]>,
  log: OutboxLog,
): Promise<void> {
  const [row] = await query(BACKLOG);
  const pending = Number(row?.pending ?? 0);
  const failed = Number(row?.failed ?? 0);
  if (pending > 0) log.info(`${pending} lead(s) waiting to be emailed`);
  if (failed > 0) {
    log.warn(
      `${failed} lead(s) could not be emailed and are no longer retried: ` +
        'see `npm run -s submissions -- outbox`',
    );
  }
}

/** base × 2^failures, capped, less up to RETRY_JITTER of it. */
export function retryDelay(failures: number, baseMs: number, random = Math.random()): number {
  const exact = Math.min(RETRY_CAP_MS, baseMs * 2 ** failures);
  return Math.round(exact * (1 - RETRY_JITTER * random));
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function toLead(row: Row): Lead {
  const receivedAt = row.created_at;
  return {
    id: String(row.id),
    name: String(row.name),
    email: String(row.email),
    message: String(row.message),
    receivedAt: receivedAt instanceof Date ? receivedAt : new Date(String(receivedAt)),
    ...(typeof row.submission_key === 'string' && {
      reference: submissionReference(row.submission_key),
    }),
  };
}
