/**
 * The summary step's statements (lead-summary.ts). The claim ones run inside
 * the email claim transaction (outbox-queries.ts's TRY_LOCK_CLAIMS), so two
 * workers never both start a summary in one interval.
 */
import { due } from './outbox-queries.ts';

/**
 * Whether the last summary started at least $1 ms ago (or there was none), and when. The last
 * is the newest row, not the latest time: one stamped ahead of the clock (a clock stepped back
 * since) is due at once, counted from none, or it would hold every summary back until the
 * clock caught up.
 */
export const SUMMARY_DUE = `
  select created_at <= clock_timestamp() - $1::integer * interval '1 millisecond'
           or created_at > clock_timestamp() as due,
         case when created_at <= clock_timestamp() then created_at end as since
  from public.lead_summaries
  order by id desc
  limit 1`;

/**
 * Due leads that cannot go one by one: all of them when the cap is reached
 * (`capped`), else only unverified ones (their budget is spent). A lead that
 * can still go alone is never swept into a summary just because it arrived
 * mid-round.
 */
const waitingFor = (capped: string) => `${due('o')} and (${capped}::boolean or not s.verified)`;

/** Whether any lead waits for a summary ($1: capped, as in waitingFor). */
export const ANY_WAITING = `
  select exists (
    select 1 from public.lead_outbox o
    join public.contact_submissions s on s.id = o.submission_id
    where ${waitingFor('$1')}) as waiting`;

/**
 * A new summary, counting the suspected spam stored since the previous
 * summary ($1), or in the last hour when there was none. Its leads are
 * claimed part by part (CLAIM_PART) and counted as they are.
 */
export const START_SUMMARY = `
  insert into public.lead_summaries (created_at, leads, held_as_spam)
  select clock_timestamp(), 0, count(*)::integer from public.contact_submissions
  where suspected_spam
    and created_at > coalesce($1::timestamptz, clock_timestamp() - interval '1 hour')
  returning id::text as id, held_as_spam`;

/**
 * Leads given up since the previous summary ($1, or in the last hour): the
 * summary names them as not deliverable by email, by reference only, since
 * their own words may be what the relay refused.
 */
export const UNDELIVERABLE = `
  select s.submission_key::text as submission_key, s.created_at, o.last_error
  from public.lead_outbox o join public.contact_submissions s on s.id = o.submission_id
  where o.sent_at is null and o.failed_at is not null
    and o.failed_at > coalesce($1::timestamptz, clock_timestamp() - interval '1 hour')
  order by o.submission_id
  limit $2`;

/**
 * Leases up to $4 waiting leads that cannot go one by one to summary $1 for
 * $2 ms, verified first, and returns what they say ($3: capped). Only leads
 * stored before the summary started, so a round ends however fast they
 * come; later ones go in the next. One statement, so SKIP LOCKED and the lease keep any
 * other worker off these leads without a transaction held across the send.
 */
export const CLAIM_PART = `
  with waiting as (
    select o.submission_id from public.lead_outbox o
    join public.contact_submissions s on s.id = o.submission_id
    where ${waitingFor('$3')}
      and s.created_at <= (select created_at from public.lead_summaries where id = $1::bigint)
    order by s.verified desc, o.submission_id
    limit $4
    for update of o skip locked),
  claimed as (
    update public.lead_outbox o
    set summary_id = $1::bigint,
        locked_until = clock_timestamp() + $2::integer * interval '1 millisecond'
    from waiting w where o.submission_id = w.submission_id
    returning o.submission_id, o.attempts),
  counted as (
    update public.lead_summaries set leads = leads + (select count(*) from claimed)
    where id = $1::bigint)
  select c.submission_id::text as id, c.attempts, null as message_id,
         s.name, s.email, s.message, s.created_at, s.verified,
         s.submission_key::text as submission_key
  from claimed c join public.contact_submissions s on s.id = c.submission_id
  order by s.verified desc, c.submission_id`;

/** Summary $1 went out, in one part or several. */
export const MARK_SUMMARY_SENT = `
  update public.lead_summaries set sent_at = clock_timestamp() where id = $1::bigint`;

/** The relay accepted the part of summary $1 that carried leads $2: they are delivered. */
export const MARK_PART_SENT = `
  update public.lead_outbox
  set sent_at = clock_timestamp(), locked_until = null, last_error = null
  where summary_id = $1::bigint and submission_id = any($2::bigint[]) and sent_at is null`;

/**
 * The part of summary $1 carrying leads $2 was not sent ($3: why). With $4
 * null (a relay down or slow, a temporary refusal) they wait for the next
 * summary, or are given up after their $4th attempt; with $4 = 0 (the relay
 * refused this one lead's own words for good) the lead is given up at once.
 * The summary row stays, so the next one still waits out the interval: a
 * relay that is down is not hammered.
 */
export const MARK_PART_FAILED = `
  update public.lead_outbox
  set attempts = attempts + 1, last_error = $3, locked_until = null, summary_id = null,
      failed_at = case when attempts + 1 >= $4::integer then clock_timestamp() end
  where summary_id = $1::bigint and submission_id = any($2::bigint[]) and sent_at is null`;

/** Leads of summary $1 not tried in this round (it stopped early): due again, uncharged. */
export const RELEASE_UNTRIED = `
  update public.lead_outbox set summary_id = null, locked_until = null
  where summary_id = $1::bigint and sent_at is null and failed_at is null`;
