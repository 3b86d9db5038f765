-- The agency's inbox (docs/inbox.md): what a member reads, and every change a
-- member makes.
--
-- A lead's status is the inbox's: new, replied, diagnosed, won, lost,
-- archived (contact_submissions_status_check, 20_submissions.sql). Notes,
-- activity (who changed what, when) and per-member read markers hang off the
-- lead and go with it. Only a signed-in member reads any of it (row-level
-- security); changes go through the functions below, which PostgREST serves
-- (POST /rest/v1/rpc/<name>). Each checks that the caller is a member and
-- records who did what, when (lead_activity). SECURITY DEFINER: members may
-- read the tables, never write them directly. A non-member gets 42501
-- (PostgREST's 403); an unknown lead PT404 (404); a bad argument 22023 (400).

-- Notes a member writes on a lead.
create table public.lead_notes (
  id bigint generated always as identity primary key,
  submission_id bigint not null references public.contact_submissions (id) on delete cascade,
  created_at timestamptz not null default now(),
  author text not null,
  body text not null check (char_length(body) between 1 and 5000)
);
create index lead_notes_submission on public.lead_notes (submission_id, created_at);

-- Who did what, when. An erasure keeps its row with no lead (submission_id
-- null, the id in detail): the lead is gone, the fact that it was erased is
-- not. 'take' and 'escalate' are 75_lead_attention.sql's, 'reply' the
-- replies' (80_replies.sql).
create table public.lead_activity (
  id bigint generated always as identity primary key,
  submission_id bigint references public.contact_submissions (id) on delete cascade,
  at timestamptz not null default now(),
  actor text not null,
  action text not null,
  detail jsonb,
  constraint lead_activity_action_check check (
    action in ('erase', 'escalate', 'not_spam', 'note', 'read', 'reply', 'spam', 'status', 'take')
  )
);
create index lead_activity_submission on public.lead_activity (submission_id, at);
-- The leads released with "Not spam" lately: they arrive, for escalation, when released, however
-- old (server/leads/push/escalation-queries.ts), found without reading every lead's activity.
create index lead_activity_released on public.lead_activity (at) where action = 'not_spam';

-- Which member has opened which lead: the list's unread marker, per member.
create table public.lead_reads (
  submission_id bigint not null references public.contact_submissions (id) on delete cascade,
  member text not null,
  read_at timestamptz not null default now(),
  primary key (submission_id, member)
);

-- Row-level security: members read; nobody writes but the functions (owner).
-- `(select public.inbox_is_member())` is evaluated once per statement.
alter table public.lead_notes enable row level security;
alter table public.lead_activity enable row level security;
alter table public.lead_reads enable row level security;
revoke all on table public.lead_notes, public.lead_activity, public.lead_reads
  from public, anon, authenticated;
grant select on table public.lead_notes, public.lead_activity, public.lead_reads
  to authenticated;
-- Supabase's default grants on the identity sequences would let anon and
-- authenticated setval() them to their maximum, and every change then fails.
revoke all on sequence public.lead_notes_id_seq, public.lead_activity_id_seq
  from public, anon, authenticated;

create policy lead_notes_member_select on public.lead_notes
  for select to authenticated using ((select public.inbox_is_member()));
comment on policy lead_notes_member_select on public.lead_notes is
  'A member reads the notes on leads; nobody else.';
create policy lead_activity_member_select on public.lead_activity
  for select to authenticated using ((select public.inbox_is_member()));
comment on policy lead_activity_member_select on public.lead_activity is
  'A member reads who changed what, when; nobody else.';
create policy lead_reads_member_select on public.lead_reads
  for select to authenticated using (
    (select public.inbox_is_member())
    and member = (select pg_catalog.lower(auth.jwt() ->> 'email'))
  );
comment on policy lead_reads_member_select on public.lead_reads is
  'A member reads their own unread markers only.';

-- One row per lead, as the inbox lists it (docs/inbox.md). security_invoker:
-- the reader's own rights and row-level security apply, so a non-member gets
-- no rows. reference is shared/reference.ts's submissionReference in SQL:
-- the key's first 40 bits in Crockford base 32, FD-XXXX-XXXX.
create view public.inbox_leads with (security_invoker = true) as
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

-- The list as the inbox reads it: inbox_leads and each lead's words, to search
-- by (PostgREST's search=fts(simple).…). A view of its own because deployed
-- databases re-run the migration that makes inbox_leads, which cannot then
-- gain a column; a column added to inbox_leads is added here too, after search.
-- The fields added later are PostgREST computed fields, functions of either
-- view's row: first_seen_at, taken_by, taken_at (75_lead_attention.sql) and
-- reply_method (80_replies.sql).
create view public.inbox_list with (security_invoker = true) as
select l.*, s.search
from public.inbox_leads l
join public.contact_submissions s on s.id = l.id;

revoke all on table public.inbox_list from public, anon, authenticated;
grant select on table public.inbox_list to authenticated;

-- The lead an inbox change is about, locked for the change.
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
comment on function app_private.inbox_lead(bigint) is
  'The lead an inbox change is about, or PostgREST''s 404 (PT404) when there is none.';

create or replace function public.inbox_set_status(lead_id bigint, new_status text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor text := app_private.inbox_member_email();
  lead public.contact_submissions := app_private.inbox_lead(lead_id);
begin
  if new_status is null
    or new_status not in ('new', 'replied', 'diagnosed', 'won', 'lost', 'archived') then
    raise exception using errcode = '22023',
      message = 'status must be one of new, replied, diagnosed, won, lost, archived';
  end if;
  if lead.status = new_status then
    return;
  end if;
  update public.contact_submissions set
    status = new_status,
    replied_at = case when new_status = 'replied' then coalesce(replied_at, pg_catalog.now())
                      else replied_at end,
    diagnosed_at = case when new_status = 'diagnosed' then coalesce(diagnosed_at, pg_catalog.now())
                        else diagnosed_at end
  where id = lead_id;
  insert into public.lead_activity (submission_id, actor, action, detail)
  values (lead_id, actor, 'status',
          pg_catalog.jsonb_build_object('from', lead.status, 'to', new_status));
end
$$;
comment on function public.inbox_set_status(bigint, text) is
  'A member moves a lead through New, Replied, Diagnosed, Won, Lost, Archived; Replied and Diagnosed stop the clocks; recorded in the activity.';

create or replace function public.inbox_add_note(lead_id bigint, body text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor text := app_private.inbox_member_email();
  lead public.contact_submissions := app_private.inbox_lead(lead_id);
  note_id bigint;
begin
  body := pg_catalog.btrim(body);
  if body is null or pg_catalog.char_length(body) not between 1 and 5000 then
    raise exception using errcode = '22023', message = 'a note has 1 to 5000 characters';
  end if;
  insert into public.lead_notes (submission_id, author, body)
  values (lead.id, actor, body) returning id into note_id;
  insert into public.lead_activity (submission_id, actor, action, detail)
  values (lead.id, actor, 'note', pg_catalog.jsonb_build_object('note_id', note_id));
end
$$;
comment on function public.inbox_add_note(bigint, text) is
  'A member''s note on a lead, recorded in the activity.';

-- The first opening per member is recorded; opening it again changes nothing.
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
comment on function public.inbox_mark_read(bigint) is
  'Clears the lead''s unread marker for this member (the first opening is recorded).';

-- Released from the Spam tab: into the inbox, and queued for email and, when
-- that channel is on, the webhook, as the insert trigger queues a new lead
-- (app_private.enqueue_lead_delivery). Once: a lead already released, or
-- one that was never held, is left as it is.
create or replace function public.inbox_not_spam(lead_id bigint)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor text := app_private.inbox_member_email();
  lead public.contact_submissions := app_private.inbox_lead(lead_id);
begin
  perform app_private.spam_learn(lead_id, false);
  if not lead.suspected_spam then
    return;
  end if;
  update public.contact_submissions s
    set suspected_spam = false, spam_reasons = pg_catalog.array_remove(s.spam_reasons, 'marked')
    where s.id = lead_id;
  insert into public.lead_outbox (submission_id) values (lead_id) on conflict do nothing;
  if exists (select from app_private.lead_channels where channel = 'webhook') then
    insert into public.lead_webhooks (submission_id) values (lead_id) on conflict do nothing;
  end if;
  insert into public.lead_activity (submission_id, actor, action) values (lead_id, actor, 'not_spam');
end
$$;
comment on function public.inbox_not_spam(bigint) is
  'Releases a lead held as suspected spam into the inbox and queues its email and webhook once, as for a new lead: nothing held is dropped without a sign. Teaches the spam model it is real (55_spam_score.sql).';

-- Erasure on request: the lead, its delivery rows, notes, markers and
-- activity go (foreign keys, on delete cascade). What stays is the fact.
create or replace function public.inbox_erase(lead_id bigint)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor text := app_private.inbox_member_email();
begin
  perform app_private.inbox_lead(lead_id);
  delete from public.contact_submissions where id = lead_id;
  insert into public.lead_activity (submission_id, actor, action, detail)
  values (null, actor, 'erase', pg_catalog.jsonb_build_object('lead_id', lead_id));
end
$$;
comment on function public.inbox_erase(bigint) is
  'Erasure on request (UK GDPR): deletes the lead with its delivery rows, notes, replies and markers, and records only the fact.';

revoke all on function public.inbox_set_status(bigint, text), public.inbox_add_note(bigint, text),
  public.inbox_mark_read(bigint), public.inbox_not_spam(bigint), public.inbox_erase(bigint)
  from public, anon, authenticated;
grant execute on function public.inbox_set_status(bigint, text), public.inbox_add_note(bigint, text),
  public.inbox_mark_read(bigint), public.inbox_not_spam(bigint), public.inbox_erase(bigint)
  to authenticated;
