-- Who has seen and taken each lead, and escalation (docs/alerts.md): the
-- first opening by any member, "I'm on it" from the inbox or from the
-- notification, and a lead nobody has seen or taken pushed again to every
-- device (70_alerts.sql sends the pushes). Both are recorded in lead_activity
-- too (50_inbox.sql).

-- Who first saw each lead (the first opening by any member: lead_reads shows
-- a member only their own), who took it ("I'm on it"), and its escalation.
create table public.lead_attention (
  submission_id bigint primary key references public.contact_submissions (id) on delete cascade,
  first_seen_at timestamptz,
  first_seen_by text,
  taken_by text,
  taken_at timestamptz,
  escalated_at timestamptz,
  -- Set when the escalation email listing this lead went out.
  escalation_emailed_at timestamptz
);
create index lead_attention_escalated on public.lead_attention (escalated_at)
  where escalation_emailed_at is null and escalated_at is not null;

-- Escalation emails, at most one per interval however many leads (as reminders).
create table app_private.escalation_emails (
  sent_at timestamptz primary key
);

revoke all on table app_private.escalation_emails from public, anon, authenticated;

alter table public.lead_attention enable row level security;
revoke all on table public.lead_attention from public, anon, authenticated;
grant select on table public.lead_attention to authenticated;

create policy lead_attention_member_select on public.lead_attention
  for select to authenticated using ((select public.inbox_is_member()));
comment on policy lead_attention_member_select on public.lead_attention is
  'A member sees who first saw and who took each lead ("Taken by"); nobody else.';

-- A take token: HMAC under the database's signing key over lead, device and
-- expiry, so the service worker's "I'm on it" needs no session of its own; it
-- works while the device is registered and the session that registered it lives.
create or replace function app_private.push_take_token(lead_id bigint, device_id bigint)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select lead_id::text || '.' || e.exp || '.' || device_id::text
         || '.' || app_private.auth_hash('take:' || lead_id::text || ':' || device_id::text || ':' || e.exp)
  from (select pg_catalog.floor(extract(epoch from pg_catalog.now() + interval '2 days'))::bigint::text as exp) e
$$;
revoke all on function app_private.push_take_token(bigint, bigint) from public;
comment on function app_private.push_take_token(bigint, bigint) is
  'The token a lead''s push carries for "I''m on it" from the notification: signed, bound to one lead and the device it went to, valid two days while that device''s session lives.';

-- "I'm on it": the first taker wins; the same member again changes nothing;
-- another member is refused with 409, naming who has it.
create or replace function app_private.lead_take(lead_id bigint, member text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  lead public.contact_submissions := app_private.inbox_lead(lead_take.lead_id);
  taker text;
begin
  if lead.suspected_spam then
    raise exception using errcode = '22023',
      message = 'a lead held as suspected spam cannot be taken until it is released (Not spam)';
  end if;
  select a.taken_by into taker from public.lead_attention a
    where a.submission_id = lead_take.lead_id for update;
  if taker = lead_take.member then
    return;
  end if;
  if taker is not null then
    raise exception using errcode = 'PT409', message = 'already taken by ' || taker;
  end if;
  insert into public.lead_attention as a (submission_id, taken_by, taken_at)
    values (lead_take.lead_id, lead_take.member, pg_catalog.now())
    on conflict (submission_id) do update set taken_by = excluded.taken_by, taken_at = excluded.taken_at;
  insert into public.lead_activity (submission_id, actor, action)
    values (lead_take.lead_id, lead_take.member, 'take');
  -- A lead someone takes is real, unless a member has said otherwise.
  perform app_private.spam_learn(lead_take.lead_id, false, unless_marked => true);
  -- Qualified: in a query over push_devices, a bare "member" would be the device's.
  insert into app_private.push_queue (device_id, submission_id, kind, taken_by)
    select d.id, lead_take.lead_id, 'taken', lead_take.member
    from public.push_devices d where d.member <> lead_take.member
    on conflict do nothing;
  perform pg_catalog.pg_notify('lead_push', '');
end
$$;
revoke all on function app_private.lead_take(bigint, text) from public;
comment on function app_private.lead_take(bigint, text) is
  'Records who took a lead, once (first taker wins), in the activity, and replaces the other members'' notification with "Taken by"; a lead held as suspected spam is refused.';

create or replace function public.inbox_take(lead_id bigint)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform app_private.lead_take(lead_id, app_private.inbox_member_email());
end
$$;
comment on function public.inbox_take(bigint) is
  '"I''m on it" in the inbox: the signed-in member takes the lead (409 if another member already has).';

create or replace function public.inbox_take_from_alert(token text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  parts text[] := pg_catalog.regexp_match(
    token, '^([0-9]{1,18})\.([0-9]{1,12})\.([0-9]{1,18})\.([0-9a-f]{64})$');
  member text;
  session uuid;
begin
  if parts is null then
    raise exception using errcode = '22023', message = 'not an alert token';
  end if;
  if app_private.auth_hash('take:' || parts[1] || ':' || parts[3] || ':' || parts[2]) = parts[4]
    and parts[2]::bigint >= extract(epoch from pg_catalog.now()) then
    select d.member, k.session_id into member, session
      from public.push_devices d join app_private.push_device_keys k on k.device_id = d.id
      where d.id = parts[3]::bigint;
  end if;
  if member is null
    or not exists (select from app_private.inbox_members m where m.email = member)
    or not app_private.session_is_live(session, member) then
    raise exception using errcode = 'PT403',
      message = 'this alert no longer works (expired, signed out, or alerts turned off on this device): open the inbox';
  end if;
  perform app_private.lead_take(parts[1]::bigint, member);
end
$$;
comment on function public.inbox_take_from_alert(text) is
  '"I''m on it" from the notification, without opening the inbox: the push''s signed token names the lead and the device; refused once it expires, the device is removed, its member removed, or the session that registered it ends.';

-- Opening a lead: the first opening by anyone is the lead's first_seen_at.
create or replace function app_private.record_first_seen()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.lead_attention as a (submission_id, first_seen_at, first_seen_by)
    values (new.submission_id, new.read_at, new.member)
    on conflict (submission_id) do update
      set first_seen_at = excluded.first_seen_at, first_seen_by = excluded.first_seen_by
      where a.first_seen_at is null;
  return null;
end
$$;
revoke all on function app_private.record_first_seen() from public;
comment on function app_private.record_first_seen() is
  'Keeps when any member first opened a lead (figures, escalation, the export), which lead_reads'' own-rows policy hides from a member.';

create trigger lead_reads_first_seen
  after insert on public.lead_reads
  for each row execute function app_private.record_first_seen();

-- Escalation, once per lead: a lead nobody has seen or taken (the worker
-- decides when, by the working hours) is queued again for every device.
create or replace function app_private.push_escalate(lead_ids bigint[], escalate_at timestamptz)
returns setof bigint
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  escalated bigint[];
begin
  insert into public.lead_attention (submission_id)
    select pg_catalog.unnest(lead_ids) on conflict do nothing;
  with changed as (
    update public.lead_attention a set escalated_at = escalate_at
    where a.submission_id = any (lead_ids) and a.escalated_at is null
      and a.first_seen_at is null and a.taken_at is null
    returning a.submission_id
  )
  select pg_catalog.array_agg(submission_id) into escalated from changed;
  if escalated is null then
    return;
  end if;
  insert into public.lead_activity (submission_id, actor, action)
    select pg_catalog.unnest(escalated), 'alerts', 'escalate';
  insert into app_private.push_queue (device_id, submission_id, kind)
    select d.id, e.id, 'escalation'
    from public.push_devices d cross join pg_catalog.unnest(escalated) as e(id)
    on conflict do nothing;
  perform pg_catalog.pg_notify('lead_push', '');
  return query select pg_catalog.unnest(escalated);
end
$$;
revoke all on function app_private.push_escalate(bigint[], timestamptz) from public;
comment on function app_private.push_escalate(bigint[], timestamptz) is
  'Escalates each unseen, untaken lead once, across every instance: recorded in the activity and pushed again to every device.';

-- The inbox's list, with who has seen and taken each lead, as PostgREST's
-- computed fields (select=*,first_seen_at,taken_by,taken_at): a function of
-- the view's row. Not new view columns, because deployed databases re-run
-- 20261125020000_inbox_leads.sql, which recreates the view as it was.
-- As the caller: row-level security on lead_attention decides.
create or replace function public.first_seen_at(lead public.inbox_leads)
returns timestamptz
language sql
stable
set search_path = ''
as $$
  select a.first_seen_at from public.lead_attention a where a.submission_id = lead.id
$$;
comment on function public.first_seen_at(public.inbox_leads) is
  'When any member first opened the lead (the list''s and the figures'' "first seen"), as a computed field of inbox_leads.';

create or replace function public.taken_by(lead public.inbox_leads)
returns text
language sql
stable
set search_path = ''
as $$
  select a.taken_by from public.lead_attention a where a.submission_id = lead.id
$$;
comment on function public.taken_by(public.inbox_leads) is
  'Who said "I''m on it" (the list''s "Taken by"), as a computed field of inbox_leads.';

create or replace function public.taken_at(lead public.inbox_leads)
returns timestamptz
language sql
stable
set search_path = ''
as $$
  select a.taken_at from public.lead_attention a where a.submission_id = lead.id
$$;
comment on function public.taken_at(public.inbox_leads) is
  'When the lead was taken, as a computed field of inbox_leads.';

revoke all on function public.first_seen_at(public.inbox_leads),
  public.taken_by(public.inbox_leads), public.taken_at(public.inbox_leads)
  from public, anon, authenticated;
grant execute on function public.first_seen_at(public.inbox_leads),
  public.taken_by(public.inbox_leads), public.taken_at(public.inbox_leads)
  to authenticated;

-- The same three fields of inbox_list (50_inbox.sql), the
-- view the inbox's list and export read: PostgREST finds a computed field by
-- the row type, so "Taken by" shows in the list too.
create or replace function public.first_seen_at(lead public.inbox_list)
returns timestamptz
language sql
stable
set search_path = ''
as $$
  select a.first_seen_at from public.lead_attention a where a.submission_id = lead.id
$$;
comment on function public.first_seen_at(public.inbox_list) is
  'The field first_seen_at of inbox_leads, for inbox_list, the view the inbox''s list reads.';

create or replace function public.taken_by(lead public.inbox_list)
returns text
language sql
stable
set search_path = ''
as $$
  select a.taken_by from public.lead_attention a where a.submission_id = lead.id
$$;
comment on function public.taken_by(public.inbox_list) is
  'The field taken_by of inbox_leads, for inbox_list, the view the inbox''s list reads.';

create or replace function public.taken_at(lead public.inbox_list)
returns timestamptz
language sql
stable
set search_path = ''
as $$
  select a.taken_at from public.lead_attention a where a.submission_id = lead.id
$$;
comment on function public.taken_at(public.inbox_list) is
  'The field taken_at of inbox_leads, for inbox_list, the view the inbox''s list reads.';

revoke all on function public.first_seen_at(public.inbox_list),
  public.taken_by(public.inbox_list), public.taken_at(public.inbox_list)
  from public, anon, authenticated;
grant execute on function public.first_seen_at(public.inbox_list),
  public.taken_by(public.inbox_list), public.taken_at(public.inbox_list)
  to authenticated;

revoke all on function public.inbox_take(bigint), public.inbox_take_from_alert(text)
  from public, anon, authenticated;
grant execute on function public.inbox_take(bigint) to authenticated;
-- The service worker has no session: the token is the permission.
grant execute on function public.inbox_take_from_alert(text) to anon, authenticated;
