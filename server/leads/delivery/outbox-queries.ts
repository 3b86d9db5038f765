/**
 * The outbox worker's statements (outbox-worker.ts). Each one commits on its
 * own: no transaction is ever open while an email is on its way, so a slow or
 * silent relay never holds a database connection, a lock or a transaction
 * (which a provider's idle_in_transaction_session_timeout would kill).
 */

/** Leads neither sent nor given up, whose retry time has come and whose lease has run out. */
const DUE = `
  sent_at is null and failed_at is null
  and next_attempt_at <= clock_timestamp()
  and (locked_until is null or locked_until <= clock_timestamp())`;

/**
 * Leases the next due lead for $1 ms and returns it with what it says. SKIP
 * LOCKED lets workers sharing one database claim different leads at once; the
 * lease then keeps the others off it until it is marked sent or failed.
 */
export const CLAIM_NEXT = `
  with claimed as (
    update public.lead_outbox o
    set locked_until = clock_timestamp() + $1::integer * interval '1 millisecond'
    where o.submission_id = (
      select submission_id from public.lead_outbox
      where ${DUE}
      order by submission_id
      limit 1
      for update skip locked)
    returning o.submission_id, o.attempts)
  select c.submission_id::text as id, c.attempts, s.name, s.email, s.message, s.created_at,
    s.submission_key::text as submission_key
  from claimed c join public.contact_submissions s on s.id = c.submission_id`;

export const MARK_SENT = `
  update public.lead_outbox
  set sent_at = clock_timestamp(), locked_until = null, last_error = null
  where submission_id = $1`;

/** $2: the error; $3: ms until the next attempt, or null to give up for good. */
export const MARK_FAILED = `
  update public.lead_outbox
  set attempts = attempts + 1, last_error = $2, locked_until = null,
      next_attempt_at = clock_timestamp()
        + coalesce($3::integer, 0) * interval '1 millisecond',
      failed_at = case when $3::integer is null then clock_timestamp() end
  where submission_id = $1`;

/**
 * The claim transaction's own bound: should a worker stall inside it (a hung
 * process, a network gone quiet), PostgreSQL ends that session after 10 s, and
 * the claim lock with it, so the other workers are held up no longer than that.
 */
export const CLAIM_SETTINGS = `set local idle_in_transaction_session_timeout = 10000`;

/**
 * Takes the claim lock for the rest of the transaction if it is free (`locked`):
 * workers sharing the database check the hourly cap and claim one at a time, so
 * two of them never both see room for the last email of the hour. Held for a
 * count and a claim, never across a send; a worker that finds it taken never
 * waits on it (it would not stop while waiting), but tries again next round.
 */
export const TRY_LOCK_CLAIMS = `
  select pg_try_advisory_xact_lock(hashtext('public.lead_outbox claims')) as locked`;

/**
 * Emails counted against the hourly cap, across every worker sharing the
 * database: those sent in the last hour and those on their way (leased).
 */
export const COUNTED_THIS_HOUR = `
  select count(*)::integer as counted from public.lead_outbox
  where sent_at > clock_timestamp() - interval '1 hour'
     or (sent_at is null and locked_until > clock_timestamp())`;

/** For the start-up log: what is waiting, and what was given up. */
export const BACKLOG = `
  select count(*) filter (where failed_at is null)::integer as pending,
         count(*) filter (where failed_at is not null)::integer as failed
  from public.lead_outbox where sent_at is null`;
