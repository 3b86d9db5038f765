import { submissionReference } from '../../../shared/reference.ts';
import type { Database, Row } from '../../db/database.ts';
import { PermanentFailure } from './delivery-channel.ts';
import { LEASE_MS } from './outbox-claim.ts';
import { MAX_ERROR_LENGTH } from './outbox-mark.ts';
import { messageOf } from '../../loggable-error.ts';
import {
  ANSWER_LEAD,
  CLAIM_REPLY,
  LOCK_LEAD,
  MARK_REPLY_REFUSED,
  MARK_REPLY_RETRY,
  MARK_REPLY_SENT,
  RECORD_ANSWERED,
} from './reply-queries.ts';
import type { MailKeeper } from './lead-mailer.ts';
import type { Reply } from './reply-message.ts';
import type { WorkLog } from '../../work-log.ts';
import { startLoop, type Loop } from '../../background/loop.ts';

/**
 * Sends the replies members write in the inbox (docs/inbox.md), in our server and
 * in `npm run worker`, beside the lead outbox and in the same way: claim
 * (a lease, SKIP LOCKED, so N instances send each reply once), send with
 * nothing held open, mark. The relay's acceptance is the proof: only then is
 * the lead answered (MARK_REPLY_SENT). A temporary failure is retried with
 * the lead emails' back-off; a 5xx to the lead's address or the message marks
 * the reply refused with the relay's words and changes nothing else. As with
 * lead emails, a process that dies between the relay's acceptance and the
 * mark sends that reply again once the lease ends, with the same Message-ID.
 * Logs name replies and leads by id only: never their words or addresses.
 */

export interface ReplySender {
  sendReply(reply: Reply): Promise<void>;
  messageIdDomain: string;
  /** The local mailbox keeps a reply on this machine: the reply and the log say so. */
  keeper: MailKeeper;
}

/** What the log says of a reply taken, by whom. */
const TAKEN: Record<MailKeeper, string> = {
  relay: 'accepted by the relay',
  'local mailbox': 'kept in the local mailbox (nothing left this machine)',
};

export interface ReplyLoopOptions {
  pollMs: number;
  maxAttempts: number;
  /** Ms before the next try after `failures` failed attempts. */
  retryDelay(failures: number): number;
}

export type ReplyLoop = Pick<Loop, 'stop' | 'drained'>;

/** Replies per round: a member writes a few an hour; this bounds a backlog's burst. */
const ROUND_SIZE = 10;

interface Claimed {
  reply: Reply;
  leadId: string;
  attempts: number;
}

export function startReplyLoop(
  database: Database,
  sender: ReplySender,
  log: WorkLog,
  options: ReplyLoopOptions,
): ReplyLoop {
  /** Accepted by the relay (or kept), not yet marked (the database went away in between). */
  const unmarked = new Map<string, Date>();

  const markSent = async (id: string, at: Date) => {
    unmarked.set(id, at);
    await database.transaction(async (session) => {
      const [sent] = await session.query(MARK_REPLY_SENT, [
        id,
        at.toISOString(),
        sender.keeper === 'local mailbox',
      ]);
      if (!sent) return;
      const [lead] = await session.query(LOCK_LEAD, [sent.lead_id]);
      await session.query(ANSWER_LEAD, [sent.lead_id, at.toISOString()]);
      if (lead?.status === 'new') {
        await session.query(RECORD_ANSWERED, [sent.lead_id, sent.author, id]);
      }
    });
    unmarked.delete(id);
  };

  const markFailed = async ({ reply, leadId, attempts }: Claimed, error: unknown) => {
    const tries = attempts + 1;
    const reason = messageOf(error).slice(0, MAX_ERROR_LENGTH);
    const giveUp = error instanceof PermanentFailure || tries >= options.maxAttempts;
    if (giveUp) {
      await database.query(MARK_REPLY_REFUSED, [reply.id, reason]);
      log.warn(`Reply ${reply.id} to lead ${leadId} was refused (attempt ${tries}): ${reason}`);
      return;
    }
    const delay = options.retryDelay(tries - 1);
    await database.query(MARK_REPLY_RETRY, [reply.id, reason, delay]);
    log.warn(
      `Reply ${reply.id} to lead ${leadId} was not sent (attempt ${tries} of ` +
        `${options.maxAttempts}): ${reason}. Retrying in ${Math.ceil(delay / 1000)} s.`,
    );
  };

  const sendNext = async (): Promise<'none' | 'sent' | 'failed'> => {
    const [row] = await database.query(CLAIM_REPLY, [LEASE_MS, sender.messageIdDomain]);
    if (!row) return 'none';
    const claimed = toClaimed(row);
    try {
      await sender.sendReply(claimed.reply);
    } catch (error) {
      await markFailed(claimed, error);
      return 'failed';
    }
    await markSent(claimed.reply.id, new Date());
    log.info(`Reply ${claimed.reply.id} to lead ${claimed.leadId} ${TAKEN[sender.keeper]}`);
    return 'sent';
  };

  /**
   * True when nothing was due. A failure ends the round (the relay is probably
   * down, and the rest would fail too); the failed reply backs off.
   */
  const round = async (stopping: () => boolean): Promise<boolean> => {
    for (const [id, at] of unmarked) await markSent(id, at);
    for (let sent = 0; sent < ROUND_SIZE && !stopping(); sent++) {
      const outcome = await sendNext();
      if (outcome !== 'sent') return outcome === 'none';
    }
    return false;
  };

  return startLoop({
    everyMs: options.pollMs,
    log,
    failed: (message) => `Reply delivery paused, retrying shortly: ${message}`,
    round,
  });
}

function toClaimed(row: Row): Claimed {
  const receivedAt =
    row.created_at instanceof Date ? row.created_at : new Date(String(row.created_at));
  const thread = typeof row.thread === 'string' ? JSON.parse(row.thread) : row.thread;
  return {
    leadId: String(row.lead_id),
    attempts: Number(row.attempts),
    reply: {
      id: String(row.id),
      author: String(row.author),
      body: String(row.body),
      messageId: String(row.message_id),
      thread: (thread as unknown[]).map(String),
      lead: {
        name: String(row.name),
        email: String(row.email),
        message: String(row.message),
        receivedAt,
        ...(typeof row.submission_key === 'string' && {
          reference: submissionReference(row.submission_key),
        }),
      },
    },
  };
}
