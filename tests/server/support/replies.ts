import type { SupabaseClient } from '@supabase/supabase-js';
import type { RunningServer } from '../../../server/start.ts';
import type { BackendKind } from '../../support/backend-kind.ts';
import type { ReceivedMail, SmtpSink } from '../../support/smtp-sink.ts';
import { until } from '../../support/until.ts';
import { capturedLog } from './captured-log.ts';
import { sharedPerBackend } from './backends.ts';
import { signIn, startInboxServer } from './inbox.ts';

/** A started reply inbox: the server, its mail sink and log, and a signed-in member. */
export type ReplyInbox = Awaited<ReturnType<typeof startReplyInbox>>;

async function startReplyInbox(kind: BackendKind) {
  const log = capturedLog();
  const inbox = await startInboxServer(kind, {
    logger: log.stream,
    deliveryPollMs: 50,
    deliveryRetryBaseMs: 50,
    clockPollMs: 100,
  });
  const member = inbox.client();
  await signIn(member, inbox.sink);
  return { ...inbox, log, member };
}

/**
 * Replies from the inbox (docs/inbox.md): one server per backend, its worker polling quickly. Call
 * at a test file's top level: the server is the file's, closed after it (sharedPerBackend).
 */
export const replyInbox = () => sharedPerBackend(startReplyInbox);

/** A lead's reply as the database keeps it. */
async function replyRow(server: RunningServer, id: number) {
  const [row] = await server.query(
    `select state, sent_at, refusal, message_id, attempts, author, body
     from public.lead_replies where id = $1`,
    [id],
  );
  return row!;
}

/** Waits until the reply has left the 'waiting' state, and returns its row. */
export function settledReply(server: RunningServer, id: number) {
  return until(
    () => replyRow(server, id),
    20_000,
    `reply ${id} sent or refused`,
    (row) => row.state !== 'waiting',
  );
}

export async function leadRow(server: RunningServer, id: number) {
  const [row] = await server.query(
    `select status, replied_at, reply_method, reply_due from public.contact_submissions
     where id = $1`,
    [id],
  );
  return row!;
}

/** inbox_send_reply as the inbox calls it; the reply's id. */
export async function sendReply(member: SupabaseClient, leadId: number, body: string) {
  const { data, error, status } = await member.rpc('inbox_send_reply', { lead_id: leadId, body });
  if (error) throw new Error(`inbox_send_reply: ${status} ${JSON.stringify(error)}`);
  return data as number;
}

/** Messages the relay accepted for `address` (RCPT TO). */
export const mailTo = (sink: SmtpSink, address: string): ReceivedMail[] =>
  sink.received.filter((mail) => mail.envelopeTo.includes(address));

export const millis = (value: unknown) => new Date(value as string | Date).getTime();
