-- An unknown lead is PostgREST's 404: its convention is SQLSTATE PTxyz for
-- HTTP status xyz (P0002 would be its 500). Replaces the two places of
-- 20261125030000_inbox_actions.sql that raise it. Idempotent.

create or replace function app_private.inbox_lead(lead_id bigint)
returns public.contact_submissions
language plpgsql
security definer
set search_path = ''
as $$
declare
  lead public.contact_submissions;
begin
  select * into lead from public.contact_submissions where id = lead_id for update;
  if not found then
    raise exception using errcode = 'PT404', message = 'no such lead';
  end if;
  return lead;
end
$$;
revoke all on function app_private.inbox_lead(bigint) from public;

create or replace function public.inbox_mark_read(lead_id bigint)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor text := app_private.inbox_member_email();
begin
  perform app_private.inbox_lead(lead_id);
  insert into public.lead_reads (submission_id, member) values (lead_id, actor)
    on conflict do nothing;
  if found then
    insert into public.lead_activity (submission_id, actor, action) values (lead_id, actor, 'read');
  end if;
end
$$;
revoke all on function public.inbox_mark_read(bigint) from public, anon, authenticated;
grant execute on function public.inbox_mark_read(bigint) to authenticated;
