-- The live inbox (docs/inbox.md, "Live"): every insert and update of the
-- tables the inbox reads live (shared/realtime.ts) is announced on NOTIFY
-- realtime, after commit, with the table, the kind of change and the row's
-- key: never its words; and only while our endpoint listens (05_listeners.sql).
-- Our server's Realtime endpoint (server/realtime/) LISTENs, reads the row as
-- each subscriber (row-level security decides) and sends it in Supabase
-- Realtime's shape. On hosted Supabase the same tables join the
-- supabase_realtime publication, and Supabase Realtime serves them from the
-- write-ahead log with the same policies, with nothing notified. Deletes are
-- not announced: a deleted row cannot be read as the subscriber to ask the
-- policies, and an erasure leaves its own row in lead_activity.
--
-- Security definer: it reads app_private.listeners, which anon and
-- authenticated, who make the changes, cannot.

create or replace function app_private.notify_realtime()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
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
$$;
revoke all on function app_private.notify_realtime() from public;
comment on function app_private.notify_realtime() is
  'Announces a changed row of a live table by its key (the trigger''s argument) on NOTIFY realtime; our server reads it as each subscriber.';

create or replace trigger contact_submissions_realtime
  after insert or update on public.contact_submissions
  for each row execute function app_private.notify_realtime('id');
create or replace trigger lead_activity_realtime
  after insert or update on public.lead_activity
  for each row execute function app_private.notify_realtime('id');
create or replace trigger lead_replies_realtime
  after insert or update on public.lead_replies
  for each row execute function app_private.notify_realtime('id');
create or replace trigger lead_attention_realtime
  after insert or update on public.lead_attention
  for each row execute function app_private.notify_realtime('submission_id');

-- Hosted Supabase: Realtime's postgres_changes serves the tables of this
-- publication. Elsewhere it does not exist and nothing is done.
do $$
declare
  live text;
begin
  if exists (select from pg_catalog.pg_publication where pubname = 'supabase_realtime') then
    foreach live in array array['contact_submissions', 'lead_activity', 'lead_replies', 'lead_attention'] loop
      if not exists (select from pg_catalog.pg_publication_tables
                     where pubname = 'supabase_realtime' and schemaname = 'public'
                       and tablename = live) then
        execute pg_catalog.format('alter publication supabase_realtime add table public.%I', live);
      end if;
    end loop;
  end if;
end
$$;
