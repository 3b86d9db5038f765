-- Written by `npm run db:diff` from supabase/schemas/: read it before committing.
-- Every migration runs twice in tests/server/migrations.test.ts: make what it creates `if not exists`.

set local check_function_bodies = off;

create or replace function app_private.purge_expired_submissions(
  retention_months integer,
  spam_days integer,
  dry_run boolean default false
)
returns table (id bigint, created_at timestamptz, suspected_spam boolean)
language plpgsql
set search_path = ''
as $$
begin
  if retention_months is null or retention_months < 1
    or spam_days is null or spam_days < 1 then
    raise exception using
      errcode = '22023',
      message = 'purge_expired_submissions needs a period of at least 1 month and 1 day';
  end if;
  -- One list of what is due: listed as it is on a dry run, deleted otherwise.
  return query
    with due as (
      select s.id, s.created_at, s.suspected_spam
      from public.contact_submissions s
      where s.created_at < pg_catalog.now() - pg_catalog.make_interval(months => retention_months)
        or (s.suspected_spam
          and s.created_at < pg_catalog.now() - pg_catalog.make_interval(days => spam_days)
          -- A lead a member marked "Spam" gets its 30 days from the mark: marked by
          -- mistake on a lead weeks old, it stays long enough for "Not spam".
          and not exists (select from app_private.spam_marks m where m.submission_id = s.id
            and m.spam and m.marked_at >= pg_catalog.now() - pg_catalog.make_interval(days => spam_days)))
    ), gone as (
      delete from public.contact_submissions s using due
      where not dry_run and s.id = due.id
      returning s.id
    )
    select due.id, due.created_at, due.suspected_spam from due
    where dry_run or due.id in (select gone.id from gone)
    order by due.created_at, due.id;
end
$$;

CREATE OR REPLACE FUNCTION public.inbox_mark_spam(lead_id bigint)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  actor text := app_private.inbox_member_email();
  lead public.contact_submissions := app_private.inbox_lead(lead_id);
begin
  -- A lead the score held is marked too: the mark is recorded, and the morning's note of held
  -- leads no longer asks anyone to look at it.
  if not lead.suspected_spam or not ('marked' = any (coalesce(lead.spam_reasons, '{}'))) then
    update public.contact_submissions s
      set suspected_spam = true,
          spam_reasons = pg_catalog.array_remove(coalesce(s.spam_reasons, '{}'), 'marked') || 'marked'::text
      where s.id = lead_id;
    insert into public.lead_activity (submission_id, actor, action) values (lead_id, actor, 'spam');
  end if;
  perform app_private.spam_learn(lead_id, true);
end
$function$
;

comment on function app_private.purge_expired_submissions(integer,integer,boolean) is 'Retention: deletes leads older than the period the privacy notice states, and suspected spam after 30 days (from a member''s "Spam" mark, if later), with everything hanging off them; the notice says only what this enforces.';
