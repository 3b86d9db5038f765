/**
 * The clocks' statements (lead-clocks.ts). Times come in as parameters, never
 * from the database's clock, so tests set "now" without racing it.
 */

/** Only one instance at a time sends reminders, the digest or the note; the others skip the round. */
export const TRY_LOCK_CLOCKS = `
  select pg_try_advisory_xact_lock(hashtext('lead clocks')) as locked`;

/**
 * When a lead arrived for its clocks (of `s`, a contact_submissions row).
 * A lead released from the Spam tab arrives when released: "Not spam" treats
 * it as new (docs/product.md#ruling-not-spam). The push's reply time reads it
 * too (push-worker.ts), so a phone never says another time than the inbox.
 */
export const ARRIVAL = `
  coalesce((select max(a.at) from public.lead_activity a
            where a.submission_id = s.id and a.action = 'not_spam'),
           s.created_at)`;

/** Leads still without deadlines: real leads only, suspected spam has no clock. */
export const WITHOUT_CLOCK = `
  select s.id::text as id, ${ARRIVAL} as arrived_at
  from public.contact_submissions s
  where s.reply_due is null and not s.suspected_spam
  order by s.id
  limit $1`;

export const SET_CLOCKS = `
  update public.contact_submissions s
  set reply_due = d.reply_due, diagnosis_due = d.diagnosis_due
  from unnest($1::bigint[], $2::timestamptz[], $3::timestamptz[])
       as d(id, reply_due, diagnosis_due)
  where s.id = d.id and s.reply_due is null`;

/** A lead whose work is over (won, lost, archived) needs no reminder. */
const OPEN = `not s.suspected_spam and s.status not in ('won', 'lost', 'archived')`;

/**
 * Deadlines within $2 minutes after $1 and not yet passed, not stopped
 * (replied, diagnosed), and not yet reminded of.
 */
export const REMINDERS_DUE = `
  select s.id::text as id, d.deadline, d.due, s.name, s.created_at
  from public.contact_submissions s
  cross join lateral (values ('reply', s.reply_due, s.replied_at),
                             ('diagnosis', s.diagnosis_due, s.diagnosed_at))
       as d(deadline, due, stopped_at)
  where ${OPEN} and d.stopped_at is null
    and d.due > $1::timestamptz
    and d.due <= $1::timestamptz + $2::integer * interval '1 minute'
    and not exists (select from app_private.lead_reminders r
                    where r.submission_id = s.id and r.deadline = d.deadline)
  order by d.due, s.id
  limit $3`;

/** When the last reminder email went out, if ever. */
export const LAST_REMINDER = `select max(sent_at) as sent_at from app_private.reminder_emails`;

export const RECORD_REMINDERS = `
  with sent as (insert into app_private.reminder_emails (sent_at) values ($1::timestamptz))
  insert into app_private.lead_reminders (submission_id, deadline, sent_at)
  select r.id, r.deadline, $1::timestamptz
  from unnest($2::bigint[], $3::text[]) as r(id, deadline)
  on conflict do nothing`;

/** The reminder email claimed at $1 was not sent: its leads are reminded of next round. */
export const UNDO_REMINDERS = `
  with email as (delete from app_private.reminder_emails where sent_at = $1::timestamptz)
  delete from app_private.lead_reminders where sent_at = $1::timestamptz`;

/** This week's digest, claimed: no row back means another instance has it already. */
export const CLAIM_DIGEST = `
  insert into app_private.weekly_digests (week_of, sent_at) values ($1::date, $2::timestamptz)
  on conflict do nothing
  returning week_of`;

export const FIGURES = `select public.lead_figures(7, $1::timestamptz, $2) as figures`;

/** Open leads past a deadline at $1 that has not been met. */
export const OVERDUE = `
  select s.id::text as id, s.name, s.created_at, s.reply_due, s.diagnosis_due,
         s.replied_at is null and s.reply_due < $1::timestamptz as reply_overdue,
         s.diagnosed_at is null and s.diagnosis_due < $1::timestamptz as diagnosis_overdue
  from public.contact_submissions s
  where ${OPEN}
    and ((s.replied_at is null and s.reply_due < $1::timestamptz)
      or (s.diagnosed_at is null and s.diagnosis_due < $1::timestamptz))
  order by least(s.reply_due, s.diagnosis_due), s.id
  limit $2`;

/** The digest of the week of Monday $1 was not sent: claimed again next round. */
export const UNDO_DIGEST = `delete from app_private.weekly_digests where week_of = $1::date`;

/**
 * Today's note of held leads, claimed: no row back means another instance has it already.
 * With where the last note before it stopped ($3 when there was none).
 */
export const CLAIM_HELD_NOTE = `
  with claimed as (
    insert into app_private.held_lead_notes (day, sent_at, covers_until)
    values ($1::date, $2::timestamptz, $4::timestamptz)
    on conflict do nothing
    returning day)
  select coalesce((select max(n.covers_until) from app_private.held_lead_notes n
                   where n.day < $1::date), $3::timestamptz) as since
  from claimed`;

/**
 * Leads stored after $1 and up to $2 and still held as suspected spam, by the score or the
 * honeypot: one a member moved to Spam ("marked") was judged already. With how many there are,
 * should there be more than the $3 listed.
 */
export const HELD_BETWEEN = `
  select s.id::text as id, s.name, s.created_at, s.spam_reasons, count(*) over () as total
  from public.contact_submissions s
  where s.suspected_spam
    and s.created_at > $1::timestamptz and s.created_at <= $2::timestamptz
    and not ('marked' = any(coalesce(s.spam_reasons, '{}')))
  order by s.created_at, s.id
  limit $3`;

/** The note of day $1 was not sent: claimed again next round, covering the same leads. */
export const UNDO_HELD_NOTE = `delete from app_private.held_lead_notes where day = $1::date`;
