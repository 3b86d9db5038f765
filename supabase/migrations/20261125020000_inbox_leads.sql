-- The agency's inbox (docs/inbox.md), part 2: what a member reads.
--
-- A lead's status is now the inbox's: new, replied, diagnosed, won, lost,
-- archived. The old statuses move with their meaning: contacted → replied,
-- closed → archived, and spam → held as suspected spam (the "Spam" tab),
-- which keeps retention's 30-day rule for it. Notes, activity (who changed
-- what, when) and per-member read markers hang off the lead and go with it.
-- Only a signed-in member reads any of it (row-level security); changes go
-- through the functions of 20261125030000_inbox_actions.sql. Idempotent.

alter table public.contact_submissions add column if not exists replied_at timestamptz;
alter table public.contact_submissions add column if not exists diagnosed_at timestamptz;
-- The page's promises as deadlines, written by the clocks' worker (20261125200000_lead_clocks.sql).
alter table public.contact_submissions add column if not exists reply_due timestamptz;
alter table public.contact_submissions add column if not exists diagnosis_due timestamptz;

alter table public.contact_submissions drop constraint if exists contact_submissions_status_check;
update public.contact_submissions set suspected_spam = true, status = 'new' where status = 'spam';
update public.contact_submissions set status = 'replied' where status = 'contacted';
update public.contact_submissions set status = 'archived' where status = 'closed';
alter table public.contact_submissions add constraint contact_submissions_status_check check (
  status in ('new', 'replied', 'diagnosed', 'won', 'lost', 'archived')
);

-- Retention's spam rule, now that "spam" is only suspected_spam (the honeypot,
-- or a lead a status 'spam' moved there above). Same signature and result.
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
      select s.id, s.created_at, s.suspected_spam
      from public.contact_submissions s
      where s.created_at < pg_catalog.now() - pg_catalog.make_interval(months => retention_months)
        or (s.suspected_spam
          and s.created_at < pg_catalog.now() - pg_catalog.make_interval(days => spam_days))
      order by s.created_at, s.id;
  else
    return query
      delete from public.contact_submissions s
      where s.created_at < pg_catalog.now() - pg_catalog.make_interval(months => retention_months)
        or (s.suspected_spam
          and s.created_at < pg_catalog.now() - pg_catalog.make_interval(days => spam_days))
      returning s.id, s.created_at, s.suspected_spam;
  end if;
end
$$;

revoke all on function app_private.purge_expired_submissions(integer, integer, boolean)
  from public;

-- Notes a member writes on a lead.
create table if not exists public.lead_notes (
  id bigint generated always as identity primary key,
  submission_id bigint not null references public.contact_submissions (id) on delete cascade,
  created_at timestamptz not null default now(),
  author text not null,
  body text not null check (char_length(body) between 1 and 5000)
);
create index if not exists lead_notes_submission on public.lead_notes (submission_id, created_at);

-- Who did what, when. An erasure keeps its row with no lead (submission_id
-- null, the id in detail): the lead is gone, the fact that it was erased is not.
create table if not exists public.lead_activity (
  id bigint generated always as identity primary key,
  submission_id bigint references public.contact_submissions (id) on delete cascade,
  at timestamptz not null default now(),
  actor text not null,
  action text not null check (action in ('status', 'note', 'read', 'not_spam', 'erase')),
  detail jsonb
);
create index if not exists lead_activity_submission on public.lead_activity (submission_id, at);

-- Which member has opened which lead: the list's unread marker, per member.
create table if not exists public.lead_reads (
  submission_id bigint not null references public.contact_submissions (id) on delete cascade,
  member text not null,
  read_at timestamptz not null default now(),
  primary key (submission_id, member)
);

-- The list is newest first; the Spam tab's few rows get their own index so
-- it never walks the whole table backwards (bench/inbox-list.ts).
create index if not exists contact_submissions_created_at
  on public.contact_submissions (created_at desc, id desc);
create index if not exists contact_submissions_spam_created_at
  on public.contact_submissions (created_at desc, id desc) where suspected_spam;

-- Row-level security: members read; nobody writes but the functions (owner).
-- `(select public.inbox_is_member())` is evaluated once per statement.
alter table public.lead_notes enable row level security;
alter table public.lead_activity enable row level security;
alter table public.lead_reads enable row level security;
revoke all on table public.lead_notes, public.lead_activity, public.lead_reads
  from public, anon, authenticated;

grant select on table public.contact_submissions, public.lead_outbox, public.lead_webhooks,
  public.lead_summaries, public.lead_notes, public.lead_activity, public.lead_reads
  to authenticated;

drop policy if exists contact_submissions_member_select on public.contact_submissions;
create policy contact_submissions_member_select on public.contact_submissions
  for select to authenticated using ((select public.inbox_is_member()));
drop policy if exists lead_outbox_member_select on public.lead_outbox;
create policy lead_outbox_member_select on public.lead_outbox
  for select to authenticated using ((select public.inbox_is_member()));
drop policy if exists lead_webhooks_member_select on public.lead_webhooks;
create policy lead_webhooks_member_select on public.lead_webhooks
  for select to authenticated using ((select public.inbox_is_member()));
drop policy if exists lead_summaries_member_select on public.lead_summaries;
create policy lead_summaries_member_select on public.lead_summaries
  for select to authenticated using ((select public.inbox_is_member()));
drop policy if exists lead_notes_member_select on public.lead_notes;
create policy lead_notes_member_select on public.lead_notes
  for select to authenticated using ((select public.inbox_is_member()));
drop policy if exists lead_activity_member_select on public.lead_activity;
create policy lead_activity_member_select on public.lead_activity
  for select to authenticated using ((select public.inbox_is_member()));
-- A member's own read markers only.
drop policy if exists lead_reads_member_select on public.lead_reads;
create policy lead_reads_member_select on public.lead_reads
  for select to authenticated using (
    (select public.inbox_is_member())
    and member = (select pg_catalog.lower(auth.jwt() ->> 'email'))
  );

-- One row per lead, as the inbox lists it (docs/inbox.md). security_invoker:
-- the reader's own rights and row-level security apply, so a non-member gets
-- no rows. reference is contact/reference.ts's submissionReference in SQL:
-- the key's first 40 bits in Crockford base 32, FD-XXXX-XXXX.
create or replace view public.inbox_leads with (security_invoker = true) as
select
  s.id,
  (select 'FD-' || pg_catalog.substr(r.chars, 1, 4) || '-' || pg_catalog.substr(r.chars, 5, 4)
   from (select pg_catalog.string_agg(
                  pg_catalog.substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ',
                    (((('x' || pg_catalog.substr(pg_catalog.replace(s.submission_key::text, '-', ''), 1, 10))::bit(40)::bigint)
                      >> (35 - 5 * i)) & 31)::integer + 1, 1),
                  '' order by i) as chars
         from pg_catalog.generate_series(0, 7) as i) r
   where s.submission_key is not null) as reference,
  s.created_at,
  s.name,
  s.email,
  s.message,
  s.status,
  s.suspected_spam,
  s.verified,
  s.replied_at,
  s.diagnosed_at,
  s.reply_due,
  s.diagnosis_due,
  -- What falls due first: the sooner of the deadlines not yet met ("Due first" in the list).
  least(case when s.replied_at is null then s.reply_due end,
       case when s.diagnosed_at is null then s.diagnosis_due end) as next_due,
  not exists (
    select from public.lead_reads rd
    where rd.submission_id = s.id and rd.member = (select pg_catalog.lower(auth.jwt() ->> 'email'))
  ) as unread,
  case when o.submission_id is null then 'none'
       when o.sent_at is not null and o.summary_id is not null then 'in_summary'
       when o.sent_at is not null then 'sent'
       when o.failed_at is not null then 'failed'
       else 'queued' end as email_state,
  case when o.sent_at is null then o.last_error end as email_error,
  case when w.submission_id is null then 'none'
       when w.sent_at is not null then 'sent'
       when w.failed_at is not null then 'failed'
       else 'queued' end as webhook_state
from public.contact_submissions s
left join public.lead_outbox o on o.submission_id = s.id
left join public.lead_webhooks w on w.submission_id = s.id;

revoke all on table public.inbox_leads from public, anon, authenticated;
grant select on table public.inbox_leads to authenticated;
