/**
 * The reply worker's statements (reply-loop.ts) on public.lead_replies
 * (20261126200000_lead_replies.sql). As the lead outbox's, each commits on its
 * own: nothing is held open while a reply is on its way to the relay.
 */

/**
 * Leases the next waiting reply for $1 ms, gives it its Message-ID at the
 * first attempt (at the sender's domain, $2), and returns it with the lead
 * and the Message-IDs of the lead's replies already accepted (its thread).
 * The Message-ID is a random UUID's, kept on the row so every attempt sends
 * the same one: nothing in it counts, so no lead learns how many replies the
 * agency sends.
 * A reply waits behind an earlier one to the same lead, so the second is
 * threaded on the first. SKIP LOCKED: instances sharing the database claim
 * different replies, and the lease keeps the others off one until it is marked.
 */
export const CLAIM_REPLY = `
  with claimed as (
    update public.lead_replies r
    set locked_until = clock_timestamp() + $1::integer * interval '1 millisecond',
        message_id = coalesce(r.message_id,
          '<reply-' || replace(gen_random_uuid()::text, '-', '') || '@' || $2 || '>')
    where r.id = (
      select d.id from public.lead_replies d
      where d.state = 'waiting'
        and d.next_attempt_at <= clock_timestamp()
        and (d.locked_until is null or d.locked_until <= clock_timestamp())
        and not exists (select from public.lead_replies e
                        where e.submission_id = d.submission_id and e.id < d.id
                          and e.state = 'waiting')
      order by d.id
      limit 1
      for update of d skip locked)
    returning r.*)
  select c.id::text as id, c.submission_id::text as lead_id, c.author, c.body, c.attempts,
         c.message_id, s.name, s.email, s.message, s.created_at,
         s.submission_key::text as submission_key,
         (select coalesce(json_agg(p.message_id order by p.id), '[]'::json)
          from public.lead_replies p
          where p.submission_id = c.submission_id and p.id < c.id and p.state = 'sent') as thread
  from claimed c join public.contact_submissions s on s.id = c.submission_id`;

/**
 * The relay accepted reply $1 at $2: the proof the lead was answered; $3: it
 * was the local mailbox, and the reply never left the machine. Run in
 * one transaction (reply-loop.ts): the reply is marked sent, once (a reply
 * already marked returns no row and changes nothing), then the lead is
 * locked and answered.
 */
export const MARK_REPLY_SENT = `
  update public.lead_replies
  set state = 'sent', sent_at = $2::timestamptz, locked_until = null, last_error = null,
      kept_locally = $3::boolean
  where id = $1 and state = 'waiting'
  returning submission_id::text as lead_id, author`;

export const LOCK_LEAD = `
  select status from public.contact_submissions where id = $1 for update`;

/**
 * The lead becomes Replied if it was New, and its first reply is this one,
 * at that moment ($2), by email; a lead already answered (or moved on) keeps
 * its status and its first reply.
 */
export const ANSWER_LEAD = `
  update public.contact_submissions
  set status = case when status = 'new' then 'replied' else status end,
      reply_method = case when replied_at is null then 'email' else reply_method end,
      replied_at = coalesce(replied_at, $2::timestamptz)
  where id = $1`;

/** New → Replied, recorded as the reply's author's change ($2), naming the reply ($3). */
export const RECORD_ANSWERED = `
  insert into public.lead_activity (submission_id, actor, action, detail)
  values ($1, $2, 'status',
          jsonb_build_object('from', 'new', 'to', 'replied', 'reply_id', $3::bigint))`;

/** $2: the error; $3: ms until the next attempt. */
export const MARK_REPLY_RETRY = `
  update public.lead_replies
  set attempts = attempts + 1, last_error = $2, locked_until = null,
      next_attempt_at = clock_timestamp() + $3::integer * interval '1 millisecond'
  where id = $1 and state = 'waiting'`;

/** A permanent refusal (or the last attempt failed): $2 is the relay's words. Nothing else changes. */
export const MARK_REPLY_REFUSED = `
  update public.lead_replies
  set state = 'refused', attempts = attempts + 1, refusal = $2, last_error = $2,
      locked_until = null
  where id = $1 and state = 'waiting'`;
