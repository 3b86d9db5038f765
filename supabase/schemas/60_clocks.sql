-- The page's promises as clocks (docs/lead-clocks.md): each lead keeps its
-- reply and diagnosis deadlines (contact_submissions.reply_due and
-- diagnosis_due, with the indexes the worker reads them by, in
-- 20_submissions.sql), one reminder is sent before each, a weekly digest
-- sums up how fast the agency answers, and each working morning a note lists
-- the leads held as suspected spam since the last.
--
-- The deadlines are computed by server/leads/clocks/deadlines.ts (working
-- hours and bank holidays need a calendar the database does not have) and
-- written by the worker that runs in our server and in `npm run worker`, so
-- leads stored through hosted Supabase get theirs too. Suspected spam gets no
-- clock until it is released into the inbox.

-- One row per lead and deadline once its reminder went out: never twice,
-- whichever of several instances sends it. Goes with the lead.
create table app_private.lead_reminders (
  submission_id bigint not null
    references public.contact_submissions (id) on delete cascade,
  deadline text not null check (deadline in ('reply', 'diagnosis')),
  sent_at timestamptz not null,
  primary key (submission_id, deadline)
);

-- When the last reminder email went out: at most one per interval, however
-- many leads fall due (a flood cannot become a flood of reminders).
create table app_private.reminder_emails (
  sent_at timestamptz primary key
);

-- One weekly digest per week, named by the local date of its Monday.
create table app_private.weekly_digests (
  week_of date primary key,
  sent_at timestamptz not null
);

-- One note of held leads per working day, named by its local date: a real
-- enquiry the score held is seen by the next working morning, not the next
-- Monday. Each covers the leads held up to `covers_until` (that day's 08:00)
-- since the last one's, so a day no instance ran is covered by the next note.
create table app_private.held_lead_notes (
  day date primary key,
  sent_at timestamptz not null,
  covers_until timestamptz not null
);

revoke all on table app_private.lead_reminders, app_private.reminder_emails,
  app_private.weekly_digests, app_private.held_lead_notes from public;

-- The speed-to-lead figures over the `days` before `until`, for the inbox's
-- figures view and the weekly digest: one definition for both. As the caller
-- (security invoker), so row-level security decides who may see them.
-- A reply or diagnosis counts once it is made or its deadline has passed; a
-- lead still inside its deadline is neither met nor missed yet. Time to first
-- seen and to taken come from lead_attention (75_lead_attention.sql); replied_by_email
-- (the relay accepted a reply from the inbox) and replied_marked ("Mark
-- replied") from reply_method (80_replies.sql).
create or replace function public.lead_figures(
  days integer,
  until timestamptz default now(),
  time_zone text default 'Europe/London'
)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  if days is null or days < 1 or days > 366 then
    raise exception using errcode = '22023', message = 'lead_figures covers 1 to 366 days';
  end if;
  return (
    with window_leads as (
      select s.created_at, s.suspected_spam, s.replied_at, s.reply_due,
             s.diagnosed_at, s.diagnosis_due, s.reply_method,
             case when a.first_seen_at <= until then a.first_seen_at end as first_seen_at,
             case when a.taken_at <= until then a.taken_at end as taken_at
      from public.contact_submissions s
      left join public.lead_attention a on a.submission_id = s.id
      where s.created_at > until - pg_catalog.make_interval(days => days)
        and s.created_at <= until
    ), real_leads as (
      select * from window_leads where not suspected_spam
    ), weeks as (
      select pg_catalog.generate_series(
               pg_catalog.date_trunc('week', (until - pg_catalog.make_interval(days => days - 1))
                                     at time zone time_zone),
               pg_catalog.date_trunc('week', until at time zone time_zone),
               interval '1 week')::date as week_of
    )
    select pg_catalog.jsonb_build_object(
      'days', days,
      'leads', (select count(*) from real_leads),
      'held_as_spam', (select count(*) from window_leads where suspected_spam),
      'reply_counted', (select count(*) from real_leads
                        where replied_at is not null or reply_due <= until),
      'replied', (select count(*) from real_leads where replied_at is not null),
      'replied_by_email', (select count(*) from real_leads
                           where replied_at is not null and reply_method = 'email'),
      'replied_marked', (select count(*) from real_leads
                         where replied_at is not null and reply_method is distinct from 'email'),
      'replied_within_promise', (select count(*) from real_leads where replied_at <= reply_due),
      'replied_within_5_minutes', (select count(*) from real_leads
                                   where replied_at <= created_at + interval '5 minutes'),
      'replied_within_1_hour', (select count(*) from real_leads
                                where replied_at <= created_at + interval '1 hour'),
      'median_first_reply_seconds', (
        select pg_catalog.percentile_cont(0.5) within group (
                 order by extract(epoch from replied_at - created_at))
        from real_leads where replied_at is not null),
      'diagnosis_counted', (select count(*) from real_leads
                            where diagnosed_at is not null or diagnosis_due <= until),
      'diagnosed_within_24_hours', (select count(*) from real_leads
                                    where diagnosed_at <= diagnosis_due),
      'seen_counted', (select count(*) from real_leads
                       where first_seen_at is not null
                          or created_at <= until - interval '5 minutes'),
      'seen_within_5_minutes', (select count(*) from real_leads
                                where first_seen_at <= created_at + interval '5 minutes'),
      'median_first_seen_seconds', (
        select pg_catalog.percentile_cont(0.5) within group (
                 order by extract(epoch from first_seen_at - created_at))
        from real_leads where first_seen_at is not null),
      'p90_first_seen_seconds', (
        select pg_catalog.percentile_cont(0.9) within group (
                 order by extract(epoch from first_seen_at - created_at))
        from real_leads where first_seen_at is not null),
      'median_taken_seconds', (
        select pg_catalog.percentile_cont(0.5) within group (
                 order by extract(epoch from taken_at - created_at))
        from real_leads where taken_at is not null),
      'p90_taken_seconds', (
        select pg_catalog.percentile_cont(0.9) within group (
                 order by extract(epoch from taken_at - created_at))
        from real_leads where taken_at is not null),
      'weeks', (
        select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
                 'week_of', w.week_of,
                 'leads', (select count(*) from real_leads r
                           where pg_catalog.date_trunc('week', r.created_at at time zone time_zone)::date
                                 = w.week_of))
               order by w.week_of)
        from weeks w)
    )
  );
end
$$;
-- Supabase grants execute on new functions in public to anon: take it back too.
revoke all on function public.lead_figures(integer, timestamptz, text) from public, anon;
grant execute on function public.lead_figures(integer, timestamptz, text) to authenticated;
comment on function public.lead_figures(integer, timestamptz, text) is
  'Speed-to-lead figures over the last days, for the inbox''s figures view and the weekly digest alike, telling replies sent from the inbox from replies marked by hand; as the caller, so only a member sees them.';
