-- Notify only while a listener of ours listens (supabase/schemas/05_listeners.sql):
-- a NOTIFY nobody hears still makes its transaction's commit wait its turn.
-- Written by `npm run db:diff`; the table's revoke, and its creation made rerunnable, by hand.

create table if not exists app_private.listeners (
  channel text primary key,
  seen_at timestamptz not null
);

revoke all on table app_private.listeners from public;

set local check_function_bodies = off;

CREATE OR REPLACE FUNCTION app_private.heard(channel text)
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select exists (select from app_private.listeners l
                 where l.channel = heard.channel
                   and l.seen_at > pg_catalog.now() - interval '2 minutes')
$function$
;

CREATE OR REPLACE FUNCTION app_private.notify_realtime()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if app_private.heard('realtime') then
    perform pg_catalog.pg_notify('realtime', pg_catalog.json_build_object(
      'schema', tg_table_schema,
      'table', tg_table_name,
      'type', tg_op,
      'id', pg_catalog.to_jsonb(new) -> tg_argv[0]
    )::text);
  end if;
  return null;
end
$function$
;

CREATE OR REPLACE FUNCTION app_private.queue_lead_push()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if new.suspected_spam or (tg_op = 'UPDATE' and not old.suspected_spam) then
    return null;
  end if;
  insert into app_private.push_queue (device_id, submission_id, kind)
    select d.id, new.id, 'lead' from public.push_devices d
    on conflict do nothing;
  if found and app_private.heard('lead_push') then
    perform pg_catalog.pg_notify('lead_push', '');
  end if;
  return null;
end
$function$
;

comment on table app_private.listeners is 'The NOTIFY channels our server listens on, and when a listener last said so.';

comment on function app_private.heard(text) is 'Whether a listener of ours said in the last 2 minutes that it listens on the channel: the triggers notify only then.';

revoke execute on function app_private.heard(text) from public;
