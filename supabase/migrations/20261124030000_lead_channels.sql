-- Lead channels (docs/product.md, "Lead channels" and "The hourly email cap"):
-- email (public.lead_outbox, as before) and a signed webhook
-- (public.lead_webhooks), each with its own delivery state, so neither waits
-- for the other; and summary emails (public.lead_summaries) that carry the
-- leads the hourly email cap holds back. server/leads/delivery/ sends.
-- Idempotent, like every migration here: it runs on hosted Supabase,
-- PostgreSQL 15+ and PGlite.

-- Whether a lead carried a valid proof of work. The spam-defence migration
-- defines it identically; whichever runs first adds it. Unverified leads
-- (the form without JavaScript) are emailed after verified ones, and only a
-- few an hour one by one: the rest go into the summary.
alter table public.contact_submissions
  add column if not exists verified boolean not null default true;

-- Channels switched on in this database besides email, which is always
-- queued. A server or worker started with WEBHOOK_URL adds 'webhook'; from
-- then on every new lead also gets a webhook delivery. Leads stored before
-- then get none, so a CRM connected today is not sent the whole history at
-- once. Only the owner reads or writes it (app_private is closed to others).
create table if not exists app_private.lead_channels (
  channel text primary key check (channel in ('webhook')),
  enabled_at timestamptz not null default now()
);

-- One row per lead to post to the webhook: the same lease, retry and
-- give-up columns as lead_outbox. message_id is the webhook-id header, the
-- same on every attempt, so a receiver can drop a repeat.
create table if not exists public.lead_webhooks (
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

create index if not exists lead_webhooks_pending
  on public.lead_webhooks (next_attempt_at)
  where sent_at is null and failed_at is null;

-- One row per summary email: when it was started, sent, how many leads it
-- carried and how many suspected-spam submissions it counted. The newest
-- one's created_at spaces summaries out (at most one per interval).
create table if not exists public.lead_summaries (
  id bigint generated always as identity primary key,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  leads integer not null default 0,
  held_as_spam integer not null default 0
);

comment on table public.lead_summaries is
  'Summary emails of the leads the hourly cap held back. Only the owner role reads it.';

create index if not exists lead_summaries_created_at on public.lead_summaries (created_at);

-- The summary that carries (or carried) a lead; null for a lead emailed on its own.
alter table public.lead_outbox add column if not exists summary_id bigint
  references public.lead_summaries (id) on delete set null;

-- Nobody but the owner: row-level security with no policy, and no grants.
alter table public.lead_webhooks enable row level security;
alter table public.lead_summaries enable row level security;
revoke all on table public.lead_webhooks, public.lead_summaries from public, anon;
do $$
begin
  if exists (select from pg_catalog.pg_roles where rolname = 'authenticated') then
    revoke all on table public.lead_webhooks, public.lead_summaries from authenticated;
  end if;
end
$$;

-- The outbox trigger of 20261123040000_suspected_spam.sql, now also queuing
-- the webhook when that channel is on. Suspected spam gets neither.
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
