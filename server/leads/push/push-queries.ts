/** The push worker's statements (push-worker.ts); the claim itself is app_private.push_claim(). */
import { ARRIVAL } from '../clocks/clock-queries.ts';

export const CLAIM_PUSHES = `select * from app_private.push_claim($1, $2, $3, $4)`;

/** A lead's arrival for its clocks, when the push is sent before the clocks set its reply_due. */
export const ARRIVED_AT = `
  select ${ARRIVAL} as arrived_at from public.contact_submissions s where s.id = $1`;

export const MARK_SENT = `
  update app_private.push_queue set sent_at = now(), locked_until = null where id = $1`;

/** A 404 or 410: the subscription is gone; its queued pushes go with it (on delete cascade). */
export const FORGET_DEVICE = `delete from public.push_devices where id = $1`;

/** Tried again after $2 ms, unless it has been tried $3 times or outlived its TTL ($4 s). */
export const MARK_RETRY = `
  update app_private.push_queue
  set attempts = attempts + 1, last_error = $5, locked_until = null,
      next_attempt_at = now() + $2::integer * interval '1 millisecond',
      failed_at = case when attempts + 1 >= $3 or created_at < now() - $4::integer * interval '1 second'
                       then now() end
  where id = $1
  returning failed_at is not null as given_up`;

export const MARK_REFUSED = `
  update app_private.push_queue
  set failed_at = now(), locked_until = null, attempts = attempts + 1, last_error = $2
  where id = $1`;

/** Done rows older than a day: the per-device pace and the waiting count look back less. */
export const FORGET_OLD_PUSHES = `
  delete from app_private.push_queue
  where coalesce(sent_at, collapsed_at, failed_at) < now() - interval '1 day'`;

/**
 * A waiting push the service could not take: given up, and a fresh one
 * queued after $3 ms (unless one is queued already), which counts what waits then.
 */
export const REQUEUE_WAITING = `
  insert into app_private.push_queue (device_id, kind, next_attempt_at)
  values ($1, 'waiting', now() + $2::integer * interval '1 millisecond')
  on conflict do nothing`;

/** Ms until the next queued push falls due (a retry, a waiting push's gap), or null. */
export const NEXT_DUE_MS = `
  select case when min(next_attempt_at) is not null
    then greatest(0, extract(epoch from min(next_attempt_at) - now()) * 1000)::integer end as ms
  from app_private.push_queue
  where sent_at is null and collapsed_at is null and failed_at is null`;

/** What a device's push service answered to a test alert, for the member to read. */
export const RECORD_TEST_RESULT = `
  update app_private.push_test_results set outcome = $2, status = $3 where queue_id = $1`;
