/**
 * The outbox worker's statements (outbox-worker.ts), for either channel's
 * table: public.lead_outbox (email) or public.lead_webhooks. Each one commits
 * on its own: no transaction is ever open while a lead is on its way, so a
 * slow or silent relay or receiver never holds a database connection, a lock
 * or a transaction (which a provider's idle_in_transaction_session_timeout
 * would kill).
 */

/** A channel's delivery table; both have the same delivery columns. */
export type OutboxTable = 'public.lead_outbox' | 'public.lead_webhooks';

/** Leads neither sent nor given up, whose retry time has come and whose lease has run out. */
export const due = (alias: string) => `
  ${alias}.sent_at is null and ${alias}.failed_at is null
  and ${alias}.next_attempt_at <= clock_timestamp()
  and (${alias}.locked_until is null or ${alias}.locked_until <= clock_timestamp())`;

/** The lead's own columns, as the senders read them (lead-message.ts's Lead). */
const LEAD_COLUMNS = `s.name, s.email, s.message, s.created_at, s.verified,
  s.submission_key::text as submission_key`;

/**
 * Leases the next due lead for $1 ms and returns it with what it says:
 * verified leads first, unverified ones only while $2 is true (the hour's
 * budget for them is not spent). SKIP LOCKED lets workers sharing one
 * database claim different leads at once; the lease then keeps the others
 * off it until it is marked sent or failed.
 * A lead still naming a summary whose worker died mid-send goes alone now:
 * it names none, so the inbox and the hourly cap count it as sent alone.
 */
export const claimNext = (table: OutboxTable) => `
  with claimed as (
    update ${table} o
    set locked_until = clock_timestamp() + $1::integer * interval '1 millisecond'
        ${table === 'public.lead_outbox' ? ', summary_id = null' : ''}
    where o.submission_id = (
      select d.submission_id from ${table} d
      join public.contact_submissions s on s.id = d.submission_id
      where ${due('d')} and ($2::boolean or s.verified)
      order by s.verified desc, d.submission_id
      limit 1
      for update of d skip locked)
    returning o.*)
  select c.submission_id::text as id, c.attempts,
         ${table === 'public.lead_webhooks' ? 'c.message_id::text' : 'null'} as message_id,
         ${LEAD_COLUMNS}
  from claimed c join public.contact_submissions s on s.id = c.submission_id`;

export const markSent = (table: OutboxTable) => `
  update ${table}
  set sent_at = clock_timestamp(), locked_until = null, last_error = null
  where submission_id = $1`;

/** $2: the error; $3: ms until the next attempt, or null to give up for good. */
export const markFailed = (table: OutboxTable) => `
  update ${table}
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
 * Takes the email claim lock for the rest of the transaction if it is free
 * (`locked`): workers sharing the database check the hourly cap and claim one
 * at a time, so two of them never both see room for the last email of the
 * hour, nor both start a summary. Held for a count and a claim, never across
 * a send; a worker that finds it taken never waits on it (it would not stop
 * while waiting), but tries again next round. The webhook has no cap, so no lock.
 */
export const TRY_LOCK_CLAIMS = `
  select pg_try_advisory_xact_lock(hashtext('public.lead_outbox claims')) as locked`;

/**
 * Emails counted against the hourly cap, across every worker sharing the
 * database: those sent on their own in the last hour and those on their way
 * (leased); `unverified` of them counted against the unverified budget.
 * Leads carried by a summary count as neither: summaries have their own pace.
 */
export const COUNTED_THIS_HOUR = `
  select count(*)::integer as counted,
         count(*) filter (where not s.verified)::integer as unverified
  from public.lead_outbox o join public.contact_submissions s on s.id = o.submission_id
  where o.summary_id is null
    and (o.sent_at > clock_timestamp() - interval '1 hour'
         or (o.sent_at is null and o.locked_until > clock_timestamp()))`;

/** For the start-up log: what is waiting, and what was given up. */
export const backlog = (table: OutboxTable) => `
  select count(*) filter (where failed_at is null)::integer as pending,
         count(*) filter (where failed_at is not null)::integer as failed
  from ${table} where sent_at is null`;

/** Switches the webhook on for leads stored from now on (the migration's app_private.lead_channels). */
export const ENABLE_WEBHOOK = `
  insert into app_private.lead_channels (channel) values ('webhook')
  on conflict (channel) do nothing`;

export const WEBHOOK_ENABLED_AT = `
  select enabled_at from app_private.lead_channels where channel = 'webhook'`;
