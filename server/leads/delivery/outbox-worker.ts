import type { Database, Row } from '../../db/database.ts';
import type { Lead } from './lead-message.ts';

/**
 * Emails the agency about each submission in public.lead_outbox (a trigger
 * fills it in the submission's own transaction). Visitors never wait for this:
 * it runs on a timer, apart from any request.
 *
 * Sent once: a lead is marked sent only after the SMTP server accepted it, and
 * a marked lead is never sent again. On PostgreSQL the claim, the send and the
 * mark share one transaction, and the claim skips rows another transaction has
 * locked, so server instances sharing the database never send the same lead at
 * the same time. On the embedded database one process owns the data and runs
 * one worker, whose rounds never overlap; no transaction is held over the send
 * there, since PGlite's single connection would make every insert wait for it.
 *
 * The one gap is at-least-once, and cannot be closed over SMTP: if the process
 * dies, or the database goes away, after the SMTP server accepted a message but
 * before the mark is committed, that lead is sent again later. The message keeps
 * its Message-ID (lead-message.ts), so mail clients can tell it is the same one.
 */

export interface LeadSender {
  send(lead: Lead): Promise<void>;
}

export interface OutboxLog {
  info(message: string): void;
  warn(message: string): void;
}

export interface OutboxWorkerOptions {
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
}

/** A lead reaches the inbox within seconds; an idle poll is one indexed query. */
export const POLL_MS = 2_000;
/** 5 s, 10 s, 20 s, …: rides out a relay restart without hammering a relay that is down. */
export const RETRY_BASE_MS = 5_000;
/** At worst hourly, however long the outage: the lead still goes out soon after it ends. */
const RETRY_CAP_MS = 60 * 60_000;
/** Up to 20 % earlier, so instances sharing one database do not retry in lockstep. */
const RETRY_JITTER = 0.2;
/** Leads per round; bounds how long a round runs and how much a burst sends at once. */
const ROUND_SIZE = 10;
/** An SMTP error is a line or two; this only stops a pathological one from bloating the row. */
const MAX_ERROR_LENGTH = 1_000;

const CLAIM_DUE = `
  select o.submission_id::text as id, o.attempts, s.name, s.email, s.message, s.created_at
  from public.lead_outbox o
  join public.contact_submissions s on s.id = o.submission_id
  where o.sent_at is null and o.next_attempt_at <= clock_timestamp()
  order by o.submission_id
  limit 1
  for update of o skip locked`;
const MARK_SENT = `
  update public.lead_outbox set sent_at = clock_timestamp(), last_error = null
  where submission_id = $1`;
const MARK_FAILED = `
  update public.lead_outbox
  set attempts = attempts + 1, last_error = $2,
      next_attempt_at = clock_timestamp() + $3::integer * interval '1 millisecond'
  where submission_id = $1`;

type Query = (sql: string, params?: unknown[]) => Promise<Row[]>;
type Outcome = 'none' | 'sent' | 'failed';

export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { database, mailer, log } = options;
  const pollMs = options.pollMs ?? POLL_MS;
  const retryBaseMs = options.retryBaseMs ?? RETRY_BASE_MS;

  const deliver = async (row: Row, query: Query): Promise<Outcome> => {
    const lead = toLead(row);
    try {
      await mailer.send(lead);
    } catch (error) {
      const attempts = Number(row.attempts) + 1;
      const delay = retryDelay(attempts - 1, retryBaseMs);
      const reason = (error instanceof Error ? error.message : String(error)).slice(
        0,
        MAX_ERROR_LENGTH,
      );
      await query(MARK_FAILED, [lead.id, reason, delay]);
      log.warn(
        `Lead ${lead.id} was not emailed (attempt ${attempts}): ${reason}. ` +
          `Retrying in ${Math.ceil(delay / 1000)} s.`,
      );
      return 'failed';
    }
    await query(MARK_SENT, [lead.id]);
    log.info(`Lead ${lead.id} emailed to the agency`);
    return 'sent';
  };

  const deliverNext = (): Promise<Outcome> => {
    if (database.kind === 'postgres') {
      return database.transaction(async (session) => {
        const [row] = await session.query(CLAIM_DUE);
        return row ? deliver(row, session.query) : 'none';
      });
    }
    const query: Query = (sql, params) => database.query(sql, params);
    return query(CLAIM_DUE).then(([row]) => (row ? deliver(row, query) : 'none'));
  };

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> | undefined;

  const runRound = async () => {
    // A failure ends the round: the relay is probably down, and the other leads
    // would only fail too. They are tried next round; the failed one backs off.
    for (let sent = 0; sent < ROUND_SIZE && !stopped; sent++) {
      if ((await deliverNext()) !== 'sent') return;
    }
  };
  const tick = () => {
    timer = undefined;
    round = runRound()
      .catch((error: unknown) => {
        log.warn(`Lead delivery paused: ${error instanceof Error ? error.message : error}`);
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
  };
}

/** base × 2^failures, capped, less up to RETRY_JITTER of it. */
export function retryDelay(failures: number, baseMs: number, random = Math.random()): number {
  const exact = Math.min(RETRY_CAP_MS, baseMs * 2 ** failures);
  return Math.round(exact * (1 - RETRY_JITTER * random));
}

function toLead(row: Row): Lead {
  const receivedAt = row.created_at;
  return {
    id: String(row.id),
    name: String(row.name),
    email: String(row.email),
    message: String(row.message),
    receivedAt: receivedAt instanceof Date ? receivedAt : new Date(String(receivedAt)),
  };
}
