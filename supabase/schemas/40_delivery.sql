-- Lead delivery (docs/email-delivery.md, docs/webhooks.md): each stored lead
-- is queued, in the same transaction as its insert, for email
-- (public.lead_outbox) and, when that channel is on, a signed webhook
-- (public.lead_webhooks), each with its own delivery state, so neither waits
-- for the other. Summary emails (public.lead_summaries) carry the leads the
-- hourly email cap holds back. server/leads/delivery/ sends, in our server or
-- `npm run worker`: a worker claims a row by setting locked_until (a lease)
-- and commits, sends with no transaction open, then marks it sent; failed_at
-- ends the retries of a lead the relay keeps refusing.

-- One row per summary email: when it was started, sent, how many leads it
-- carried and how many suspected-spam submissions it counted. The newest
-- one's created_at spaces summaries out (at most one per interval).
create table public.lead_summaries (
  id bigint generated always as identity primary key,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  leads integer not null default 0,
  held_as_spam integer not null default 0
);
comment on table public.lead_summaries is
  'Summary emails of the leads the hourly cap held back. Only the owner role reads it.';
create index lead_summaries_created_at on public.lead_summaries (created_at);

-- One row per lead to email. Leads stored before delivery existed got none.
create table public.lead_outbox (
  submission_id bigint primary key
    references public.contact_submissions (id) on delete cascade,
  created_at timestamptz not null default now(),
  -- Failed sends so far, and the last failure; next_attempt_at backs off with them.
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_error text,
  -- Set once the SMTP server accepted the message; a row with it is never sent again.
  sent_at timestamptz,
  locked_until timestamptz,
  failed_at timestamptz,
  -- The summary that carries (or carried) a lead; null for a lead emailed on its own.
  summary_id bigint references public.lead_summaries (id) on delete set null
);
comment on table public.lead_outbox is
  'Which submissions still have to be emailed to the agency. Only the server''s owner role reads it.';
comment on column public.lead_outbox.locked_until is
  'A worker is sending this lead until then; others leave it alone.';
comment on column public.lead_outbox.failed_at is
  'Given up after the last of a bounded number of attempts; see last_error.';

-- What the worker polls: leads neither sent nor given up.
create index lead_outbox_pending
  on public.lead_outbox (next_attempt_at)
  where sent_at is null and failed_at is null;
-- The first poll's index, whose job lead_outbox_pending does now; deployed
-- databases still have it.
create index lead_outbox_due
  on public.lead_outbox (next_attempt_at)
  where sent_at is null;
-- The hourly cap counts what went out in the last hour.
create index lead_outbox_sent_at
  on public.lead_outbox (sent_at)
  where sent_at is not null;

-- One row per lead to post to the webhook: the same lease, retry and
-- give-up columns as lead_outbox. message_id is the webhook-id header, the
-- same on every attempt, so a receiver can drop a repeat.
create table public.lead_webhooks (
  submission_id bigint primary key
    references public.contact_submissions (id) on delete cascade,
  message_id uuid not null default gen_random_uuid(),
  created_at timestamptz not null default now(),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  locked_until timestamptz,
  last_error text,
  sent_at timestamptz,
  failed_at timestamptz
);
comment on table public.lead_webhooks is
  'Which submissions still have to be posted to the webhook. Only the owner role reads it.';
create index lead_webhooks_pending
  on public.lead_webhooks (next_attempt_at)
  where sent_at is null and failed_at is null;

-- Row-level security: a member reads the delivery state; nobody writes but the
-- owner (the trigger below, the workers). Supabase grants everything on new
-- tables to anon and authenticated by default: take it back.
alter table public.lead_summaries enable row level security;
alter table public.lead_outbox enable row level security;
alter table public.lead_webhooks enable row level security;
revoke all on table public.lead_summaries, public.lead_outbox, public.lead_webhooks
  from public, anon, authenticated;
grant select on table public.lead_summaries, public.lead_outbox, public.lead_webhooks
  to authenticated;
-- Supabase's default grants on the identity sequence would let anon and
-- authenticated call setval() (UPDATE) and stop every insert: take them back.
revoke all on sequence public.lead_summaries_id_seq from public, anon, authenticated;

create policy lead_summaries_member_select on public.lead_summaries
  for select to authenticated using ((select public.inbox_is_member()));
comment on policy lead_summaries_member_select on public.lead_summaries is
  'A member sees which summary email carried a lead; nobody else.';
create policy lead_outbox_member_select on public.lead_outbox
  for select to authenticated using ((select public.inbox_is_member()));
comment on policy lead_outbox_member_select on public.lead_outbox is
  'A member sees each lead''s email delivery state in the inbox; nobody else.';
create policy lead_webhooks_member_select on public.lead_webhooks
  for select to authenticated using ((select public.inbox_is_member()));
comment on policy lead_webhooks_member_select on public.lead_webhooks is
  'A member sees each lead''s webhook delivery state in the inbox; nobody else.';

-- Channels switched on in this database besides email, which is always
-- queued. A server or worker started with WEBHOOK_URL adds 'webhook'; from
-- then on every new lead also gets a webhook delivery. Leads stored before
-- then get none, so a CRM connected today is not sent the whole history at
-- once. Only the owner reads or writes it (app_private is closed to others).
create table app_private.lead_channels (
  channel text primary key check (channel in ('webhook')),
  enabled_at timestamptz not null default now()
);

-- SECURITY DEFINER: visitors insert as anon, which may not touch the queues;
-- the trigger writes them as the function's owner. Suspected spam gets neither
-- (a member's "Not spam" queues it later: inbox_not_spam in 50_inbox.sql).
create or replace function app_private.enqueue_lead_delivery()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not new.suspected_spam then
    insert into public.lead_outbox (submission_id) values (new.id);
    if exists (select from app_private.lead_channels where channel = 'webhook') then
      insert into public.lead_webhooks (submission_id) values (new.id);
    end if;
  end if;
  return null;
end
$$;
revoke all on function app_private.enqueue_lead_delivery() from public;
comment on function app_private.enqueue_lead_delivery() is
  'A stored lead is queued for email (and the webhook, when on) in its own transaction, so an acknowledged lead is never lost before delivery; suspected spam is not queued.';

create trigger contact_submissions_enqueue_lead_delivery
  after insert on public.contact_submissions
  for each row
  execute function app_private.enqueue_lead_delivery();
