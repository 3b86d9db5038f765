/**
 * Escalation's statements (escalation.ts). Times come in as parameters, never
 * from the database's clock, so tests set "now" without racing it.
 */
import { ARRIVAL } from '../clocks/clock-queries.ts';

/** Only one instance at a time sends the escalation email; the others skip the round. */
export const TRY_LOCK_ESCALATIONS = `
  select pg_try_advisory_xact_lock(hashtext('lead escalations')) as locked`;

/**
 * Real, new leads that arrived since alerts began (the VAPID key's making: no
 * old lead is escalated at the first start), at least $2 plain minutes before
 * $1 and less than a week, that nobody has seen, taken or escalated. A lead
 * released from the Spam tab arrives when released, as for its clock: one
 * released a week after it was stored is as new as any other.
 */
export const ESCALATION_CANDIDATES = `
  with recent as (
    -- Stored or released within the week, each by its own index: an older lead never is, and
    -- so every lead here arrived within the week (its arrival is the later of the two).
    select s.id from public.contact_submissions s
    where s.created_at > $1::timestamptz - interval '7 days'
    union
    select a.submission_id from public.lead_activity a
    where a.action = 'not_spam' and a.at > $1::timestamptz - interval '7 days'
  )
  select s.id::text as id, arrival.at as arrived_at
  from recent join public.contact_submissions s on s.id = recent.id
  cross join lateral (select ${ARRIVAL} as at) as arrival
  left join public.lead_attention t on t.submission_id = s.id
  where not s.suspected_spam and s.status = 'new' and s.replied_at is null
    and arrival.at >= (select k.created_at from app_private.push_vapid_key k)
    and arrival.at <= $1::timestamptz - $2::integer * interval '1 minute'
    and t.first_seen_at is null and t.taken_at is null and t.escalated_at is null
  order by s.id
  limit $3`;

/** Escalated once across every instance; the ids this call escalated. */
export const ESCALATE = `
  select app_private.push_escalate($1::bigint[], $2::timestamptz) as id`;

export const LAST_ESCALATION_EMAIL = `
  select max(sent_at) as sent_at from app_private.escalation_emails`;

/**
 * Escalated leads no email has listed yet that are still unseen and untaken, and not held as
 * suspected spam since (no email or push names a held lead).
 */
export const ESCALATED_UNLISTED = `
  select s.id::text as id, s.name, s.created_at
  from public.lead_attention a join public.contact_submissions s on s.id = a.submission_id
  where a.escalated_at is not null and a.escalation_emailed_at is null
    and a.first_seen_at is null and a.taken_at is null and not s.suspected_spam
  order by a.escalated_at, a.submission_id
  limit $1`;

/** This email's time, and every escalated lead counted as listed (one seen since needs none). */
export const RECORD_ESCALATION_EMAIL = `
  with sent as (insert into app_private.escalation_emails (sent_at) values ($1::timestamptz))
  update public.lead_attention a set escalation_emailed_at = $1::timestamptz
  where a.escalated_at is not null and a.escalation_emailed_at is null
    and (a.first_seen_at is not null or a.taken_at is not null
         or a.submission_id = any ($2::bigint[]))`;

/** The escalation email of $1 was not sent: its leads are listed in the next one. */
export const UNDO_ESCALATION_EMAIL = `
  with email as (delete from app_private.escalation_emails where sent_at = $1::timestamptz)
  update public.lead_attention set escalation_emailed_at = null
  where escalation_emailed_at = $1::timestamptz`;
