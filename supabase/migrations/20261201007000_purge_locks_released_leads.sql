-- Written by `npm run db:diff` from supabase/schemas/: read it before committing.
-- Every migration runs twice in tests/server/migrations.test.ts: make what it creates `if not exists`.

set local check_function_bodies = off;

CREATE OR REPLACE FUNCTION app_private.purge_expired_submissions(retention_months integer, spam_days integer, dry_run boolean DEFAULT false)
 RETURNS TABLE(id bigint, created_at timestamp with time zone, suspected_spam boolean)
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
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
      -- Locked, so a lead a member releases ("Not spam") while this runs is read again once
      -- released, and kept: not deleted for what it was when the purge began.
      for update of s
    ), gone as (
      delete from public.contact_submissions s using due
      where not dry_run and s.id = due.id
      returning s.id
    )
    select due.id, due.created_at, due.suspected_spam from due
    where dry_run or due.id in (select gone.id from gone)
    order by due.created_at, due.id;
end
$function$
;
