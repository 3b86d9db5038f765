-- Retention (docs/product.md#ruling-retention): submissions are deleted once
-- older than the period the privacy notice states (VITE_RETENTION_MONTHS,
-- 12 by default), and suspected spam after 30 days. The rule is here, in the
-- database, so it is the same whoever runs it: our server's built-in worker,
-- `npm run worker` (alone against hosted Supabase, where no server of ours
-- runs), or `npm run submissions -- purge`. The period is the caller's, as
-- it is also the notice's, which the build writes into the page.
--
-- Everything hanging off a submission goes with it: lead_outbox rows by their
-- foreign key (on delete cascade); whatever else is kept about a submission
-- is on its row. The rate limit's windows hold no submission and expire on
-- their own within a minute.
--
-- "Suspected spam" is what the honeypot flagged (suspected_spam) and what
-- the agency marked as spam (status 'spam').
--
-- dry_run lists what would go without deleting it. Only the owner may run it:
-- anon and authenticated (PostgREST's roles) are never granted it.

create schema if not exists app_private;

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
  if dry_run then
    return query
      select s.id, s.created_at, (s.suspected_spam or s.status = 'spam')
      from public.contact_submissions s
      where s.created_at < pg_catalog.now() - pg_catalog.make_interval(months => retention_months)
        or ((s.suspected_spam or s.status = 'spam')
          and s.created_at < pg_catalog.now() - pg_catalog.make_interval(days => spam_days))
      order by s.created_at, s.id;
  else
    return query
      delete from public.contact_submissions s
      where s.created_at < pg_catalog.now() - pg_catalog.make_interval(months => retention_months)
        or ((s.suspected_spam or s.status = 'spam')
          and s.created_at < pg_catalog.now() - pg_catalog.make_interval(days => spam_days))
      returning s.id, s.created_at, (s.suspected_spam or s.status = 'spam');
  end if;
end
$$;

revoke all on function app_private.purge_expired_submissions(integer, integer, boolean)
  from public;
