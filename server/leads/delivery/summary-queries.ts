/**
 * The summary step's statements (lead-summary.ts). The claim ones run inside
 * the email claim transaction (outbox-queries.ts's TRY_LOCK_CLAIMS), so two
 * workers never both start a summary in one interval.
 */
import { due } from './outbox-queries.ts';

/** Whether the last summary started at least $1 ms ago (or there was none), and when. */
export const SUMMARY_DUE = `
  select coalesce(max(created_at) <= clock_timestamp() - $1::integer * interval '1 millisecond',
                  true) as due,
         max(created_at) as since
  from public.lead_summaries`;

/**
 * Up to $1 waiting leads that cannot go one by one, verified first, locked
 * until the claim commits: all of them when the cap is reached ($2), else
 * only unverified ones (their budget is spent). A lead that can still go
 * alone is never swept into a summary just because it arrived mid-round.
 */
export const WAITING = `
  select o.submission_id from public.lead_outbox o
  join public.contact_submissions s on s.id = o.submission_id
  where ${due('o')} and ($2::boolean or not s.verified)
  order by s.verified desc, o.submission_id
  limit $1
  for update of o skip locked`;

/**
 * A new summary of $1 leads, counting the suspected spam stored since the
 * previous summary ($2), or in the last hour when there was none.
 */
export const START_SUMMARY = `
  insert into public.lead_summaries (created_at, leads, held_as_spam)
  select clock_timestamp(), $1, count(*)::integer from public.contact_submissions
  where suspected_spam
    and created_at > coalesce($2::timestamptz, clock_timestamp() - interval '1 hour')
  returning id::text as id, held_as_spam`;

/** Leases the leads ($2) to summary $1 for $3 ms and returns what they say. */
export const CLAIM_FOR_SUMMARY = `
  with claimed as (
    update public.lead_outbox
    set summary_id = $1::bigint,
        locked_until = clock_timestamp() + $3::integer * interval '1 millisecond'
    where submission_id = any($2::bigint[])
    returning submission_id, attempts)
  select c.submission_id::text as id, c.attempts, null as message_id,
         s.name, s.email, s.message, s.created_at, s.verified,
         s.submission_key::text as submission_key
  from claimed c join public.contact_submissions s on s.id = c.submission_id
  order by s.verified desc, c.submission_id`;

/** The relay accepted summary $1: its leads are delivered. */
export const MARK_SUMMARY_SENT = `
  with summary as (
    update public.lead_summaries set sent_at = clock_timestamp() where id = $1::bigint
    returning id)
  update public.lead_outbox o
  set sent_at = clock_timestamp(), locked_until = null, last_error = null
  from summary where o.summary_id = summary.id and o.sent_at is null`;

/**
 * Summary $1 was not sent ($2: why): its leads wait for the next one, or are
 * given up after their $3th attempt. The summary row stays, so the next one
 * still waits out the interval: a relay that is down is not hammered.
 */
export const MARK_SUMMARY_FAILED = `
  update public.lead_outbox
  set attempts = attempts + 1, last_error = $2, locked_until = null, summary_id = null,
      failed_at = case when attempts + 1 >= $3::integer then clock_timestamp() end
  where summary_id = $1::bigint and sent_at is null`;
