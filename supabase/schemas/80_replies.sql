-- Replies from the inbox (docs/inbox.md, "Replying from the inbox"): a member
-- writes to the lead from the opened lead; the reply is stored here first
-- (inbox_send_reply) and sent by the delivery worker, in our server and in
-- `npm run worker` (server/leads/delivery/reply-loop.ts). The relay's
-- acceptance is the proof: only then does the lead become Replied, at that
-- moment, with reply_method 'email' (contact_submissions.reply_method,
-- 20_submissions.sql). "Mark replied" stays, for an answer by phone, and is
-- recorded as 'marked'.

-- A first reply_at written by anything but the reply worker (inbox_set_status's
-- "Mark replied", a status moved past Replied, an owner's UPDATE) is a marking.
-- A trigger rather than a new inbox_set_status, so whoever else redefines that
-- function cannot lose the rule.
create or replace function app_private.mark_reply_method()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.replied_at is not null and old.replied_at is null and new.reply_method is null then
    new.reply_method := 'marked';
  end if;
  return new;
end
$$;
revoke all on function app_private.mark_reply_method() from public;
comment on function app_private.mark_reply_method() is
  'A lead''s first replied_at set by anything but an accepted reply ("Mark replied") is recorded as reply_method ''marked'', so the figures tell it from a reply the relay accepted.';
create trigger contact_submissions_reply_method
  before update of replied_at on public.contact_submissions
  for each row execute function app_private.mark_reply_method();

-- One row per reply: the member's words, and its delivery as the worker
-- leaves it. state: waiting (stored, not yet accepted by the relay), sent
-- (accepted, at sent_at), refused (a permanent refusal: refusal holds the
-- relay's words). message_id is set at the first attempt and kept, so a
-- retry is the same message and later replies thread on it. kept_locally: the
-- "relay" that took it was the local mailbox (docs/local-mailbox.md), so it
-- never left the machine. Goes with the lead.
create table public.lead_replies (
  id bigint generated always as identity primary key,
  submission_id bigint not null references public.contact_submissions (id) on delete cascade,
  author text not null,
  body text not null check (char_length(body) between 1 and 10000),
  created_at timestamptz not null default now(),
  state text not null default 'waiting' check (state in ('waiting', 'sent', 'refused')),
  sent_at timestamptz,
  refusal text,
  message_id text,
  -- The worker's lease and retries, as the lead outbox keeps them.
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  locked_until timestamptz,
  last_error text,
  kept_locally boolean not null default false
);
create index lead_replies_submission on public.lead_replies (submission_id, id);
-- The worker's look-up: the few replies still waiting.
create index lead_replies_waiting on public.lead_replies (id)
  where state = 'waiting';

alter table public.lead_replies enable row level security;
revoke all on table public.lead_replies from public, anon, authenticated;
grant select on table public.lead_replies to authenticated;
-- As for every identity sequence: no API role may burn or set it.
revoke all on sequence public.lead_replies_id_seq from public, anon, authenticated;
create policy lead_replies_member_select on public.lead_replies
  for select to authenticated using ((select public.inbox_is_member()));
comment on policy lead_replies_member_select on public.lead_replies is
  'A member reads the replies sent from the inbox, their words and delivery state; nobody else.';

-- At most 30 replies an hour per member: a stolen session or a runaway
-- script cannot turn the agency's relay into a spam cannon, and no real
-- member writes more. Over it: PostgREST's 429 (PT429). Counted from each
-- member's sends alone (who and when, nothing of the lead), kept an hour, so
-- erasing a lead neither keeps its data nor gives the cap back.
create table app_private.reply_sends (
  member text not null,
  sent_at timestamptz not null default now()
);
create index reply_sends_member on app_private.reply_sends (member, sent_at);
revoke all on table app_private.reply_sends from public, anon, authenticated;
comment on table app_private.reply_sends is
  'Each member''s replies of the last hour, for the hourly cap: who and when only, so erasing a lead neither keeps its data nor gives the cap back.';

create or replace function public.inbox_send_reply(lead_id bigint, body text)
returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor text := app_private.inbox_member_email();
  lead public.contact_submissions := app_private.inbox_lead(lead_id);
  per_hour constant integer := 30;
  oldest timestamptz;
  reply_id bigint;
begin
  body := pg_catalog.btrim(body, E' \t\r\n');
  if body is null or pg_catalog.char_length(body) not between 1 and 10000 then
    raise exception using errcode = '22023', message = 'a reply has 1 to 10000 characters';
  end if;
  if lead.suspected_spam then
    raise exception using errcode = '22023',
      message = 'a lead held as suspected spam gets no reply until it is released';
  end if;
  -- One member's replies are counted and stored one at a time, so two at once
  -- never both see room for the 30th.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('lead_replies ' || actor));
  delete from app_private.reply_sends s
    where s.member = actor and s.sent_at <= pg_catalog.now() - interval '1 hour';
  select s.sent_at into oldest from app_private.reply_sends s
    where s.member = actor
    order by s.sent_at desc offset per_hour - 1 limit 1;
  if found then
    raise exception using errcode = 'PT429',
      message = 'at most 30 replies an hour per member',
      hint = pg_catalog.format('Try again in %s seconds.', pg_catalog.ceil(extract(epoch from
        oldest + interval '1 hour' - pg_catalog.now()))::integer);
  end if;
  insert into app_private.reply_sends (member) values (actor);
  insert into public.lead_replies (submission_id, author, body)
  values (lead.id, actor, body) returning id into reply_id;
  insert into public.lead_activity (submission_id, actor, action, detail)
  values (lead.id, actor, 'reply', pg_catalog.jsonb_build_object('reply_id', reply_id));
  -- A lead answered is real, unless a member has said otherwise.
  perform app_private.spam_learn(lead.id, false, unless_marked => true);
  return reply_id;
end
$$;
revoke all on function public.inbox_send_reply(bigint, text) from public, anon, authenticated;
grant execute on function public.inbox_send_reply(bigint, text) to authenticated;
comment on function public.inbox_send_reply(bigint, text) is
  'A member''s reply to a lead, stored for the delivery worker to send (1 to 10,000 characters, 30 an hour per member counted in app_private.reply_sends, which erasing a lead leaves, PT429 past that); recorded in the activity. The lead becomes Replied only when the relay accepts it.';

-- How each lead in the inbox's list was first answered, as a PostgREST
-- computed field of inbox_leads (select=*,reply_method): a function of the
-- view's row. Not a new view column, because deployed databases re-run
-- 20261125020000_inbox_leads.sql, which recreates the view as it was.
-- As the caller: row-level security on contact_submissions decides.
create or replace function public.reply_method(lead public.inbox_leads)
returns text
language sql
stable
set search_path = ''
as $$
  select s.reply_method from public.contact_submissions s where s.id = lead.id
$$;
revoke all on function public.reply_method(public.inbox_leads) from public, anon;
grant execute on function public.reply_method(public.inbox_leads) to authenticated;
comment on function public.reply_method(public.inbox_leads) is
  'How the lead was first answered: ''email'' (a reply from the inbox the relay accepted) or ''marked'' ("Mark replied"), as a computed field of inbox_leads.';

-- The same field of inbox_list (50_inbox.sql), the view the
-- inbox's list and export read: PostgREST finds a computed field by the row type.
create or replace function public.reply_method(lead public.inbox_list)
returns text
language sql
stable
set search_path = ''
as $$
  select s.reply_method from public.contact_submissions s where s.id = lead.id
$$;
revoke all on function public.reply_method(public.inbox_list) from public, anon;
grant execute on function public.reply_method(public.inbox_list) to authenticated;
comment on function public.reply_method(public.inbox_list) is
  'How the lead was first answered, as a computed field of inbox_list, the view the inbox''s list and export read.';
