-- "Send a test alert" (docs/alerts.md): a test push to a member's own
-- devices, and each push service's answer. supabase/schemas/72_test_alerts.sql
-- is the same, as it is now.

alter table app_private.push_queue drop constraint if exists push_queue_kind_check;
alter table app_private.push_queue add constraint push_queue_kind_check
  check (kind in ('lead', 'escalation', 'taken', 'waiting', 'test'));
alter table app_private.push_queue drop constraint if exists push_queue_check;
alter table app_private.push_queue add constraint push_queue_check
  check ((kind in ('waiting', 'test')) = (submission_id is null));

-- "Send a test alert" (docs/alerts.md): a member pushes one alert to each of
-- their own devices, through the same queue and worker as a lead's, and sees
-- which push service accepted it. Each device's answer is kept here apart
-- from the queue, so a device forgotten because its service answered 404 or
-- 410 still shows why.
create table if not exists app_private.push_test_results (
  -- No reference: the push's queue row and the device may go before the member reads this.
  queue_id bigint primary key,
  batch uuid not null,
  member text not null references app_private.inbox_members (email) on delete cascade,
  device_id bigint not null,
  browser text not null,
  outcome text not null default 'waiting'
    check (outcome in ('waiting', 'accepted', 'refused', 'gone')),
  status integer check (status between 100 and 599),
  created_at timestamptz not null default now()
);
create index if not exists push_test_results_member on app_private.push_test_results (member, created_at);
revoke all on table app_private.push_test_results from public, anon, authenticated;

-- Only the caller's own devices, never another member's (no member argument);
-- one batch per member every 10 seconds, so the button cannot be made to flood
-- a push service with our VAPID key.
create or replace function public.inbox_send_test_alert()
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor text := app_private.inbox_member_email();
  batch uuid := pg_catalog.gen_random_uuid();
  last_sent timestamptz;
begin
  -- One member's batches are counted one at a time, so two at once never both pass.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('push_test ' || actor));
  delete from app_private.push_test_results t
    where t.member = actor and t.created_at < pg_catalog.now() - interval '1 day';
  select max(t.created_at) into last_sent from app_private.push_test_results t
    where t.member = actor;
  if last_sent > pg_catalog.now() - interval '10 seconds' then
    raise exception using errcode = 'PT429',
      message = 'one test alert every 10 seconds',
      hint = pg_catalog.format('Try again in %s seconds.', pg_catalog.ceil(extract(epoch from
        last_sent + interval '10 seconds' - pg_catalog.now()))::integer);
  end if;
  if not exists (select from public.push_devices d where d.member = actor) then
    raise exception using errcode = '22023',
      message = 'no device of yours has alerts on: turn alerts on first';
  end if;
  with queued as (
    insert into app_private.push_queue (device_id, kind)
      select d.id, 'test' from public.push_devices d where d.member = actor
      returning id, device_id
  )
  insert into app_private.push_test_results (queue_id, batch, member, device_id, browser)
    select q.id, batch, actor, q.device_id, d.browser
    from queued q join public.push_devices d on d.id = q.device_id;
  perform pg_catalog.pg_notify('lead_push', '');
  return batch;
end
$$;
comment on function public.inbox_send_test_alert() is
  'Queues one test push to each of the caller''s own devices (never another member''s) and returns the batch to read with inbox_test_alert_results; at most one batch per member every 10 seconds (PT429).';

-- One JSON array, as our server's RPC endpoint and PostgREST both answer a value.
create or replace function public.inbox_test_alert_results(batch uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  actor text := app_private.inbox_member_email();
begin
  return coalesce((
    select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
             'device_id', t.device_id, 'browser', t.browser,
             'outcome', t.outcome, 'status', t.status) order by t.queue_id)
    from app_private.push_test_results t
    where t.batch = inbox_test_alert_results.batch and t.member = actor), '[]');
end
$$;
comment on function public.inbox_test_alert_results(uuid) is
  'What each of the caller''s devices'' push services answered to a test alert: waiting, accepted, refused (with the status) or gone (404 or 410: the device was forgotten).';

revoke all on function public.inbox_send_test_alert(), public.inbox_test_alert_results(uuid)
  from public, anon, authenticated;
grant execute on function public.inbox_send_test_alert(), public.inbox_test_alert_results(uuid)
  to authenticated;
