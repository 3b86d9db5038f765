-- Lead delivery outbox: one row per submission, saying whether the agency has
-- been emailed about it yet (server/leads/delivery/outbox-worker.ts sends).
--
-- A trigger on contact_submissions writes the row, so it commits in the same
-- transaction as the submission whoever inserted it: this project's server or
-- PostgREST on hosted Supabase. No submission is stored without its outbox
-- row, and no insert ever waits for email. Idempotent, like every migration
-- here: it runs on hosted Supabase, PostgreSQL 15+ and PGlite.
--
-- Submissions stored before this migration get no row: delivery starts with
-- the first new one rather than emailing the whole history at once.

create table if not exists public.lead_outbox (
  submission_id bigint primary key
    references public.contact_submissions (id) on delete cascade,
  created_at timestamptz not null default now(),
  -- Failed sends so far, and the last failure; next_attempt_at backs off with them.
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_error text,
  -- Set once the SMTP server accepted the message; a row with it is never sent again.
  sent_at timestamptz
);

comment on table public.lead_outbox is
  'Which submissions still have to be emailed to the agency. Only the server''s owner role reads it.';

-- The worker polls for due rows every few seconds; sent rows drop out of the index.
create index if not exists lead_outbox_due
  on public.lead_outbox (next_attempt_at)
  where sent_at is null;

-- Nobody but the owner: row-level security with no policy, and no grants.
-- Supabase grants everything on new tables to anon and authenticated by default.
alter table public.lead_outbox enable row level security;
revoke all on table public.lead_outbox from public, anon;
do $$
begin
  if exists (select from pg_catalog.pg_roles where rolname = 'authenticated') then
    revoke all on table public.lead_outbox from authenticated;
  end if;
end
$$;

-- Outside `public`, so PostgREST never lists the function. The migration
-- runner creates this schema too; the Supabase CLI does not.
create schema if not exists app_private;
revoke all on schema app_private from public;

-- SECURITY DEFINER: visitors insert as anon, which may not touch lead_outbox;
-- the trigger writes it as the function's owner. An empty search_path and
-- fully qualified names keep a caller's objects from standing in for ours.
create or replace function app_private.enqueue_lead_delivery()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.lead_outbox (submission_id) values (new.id);
  return null;
end
$$;

revoke all on function app_private.enqueue_lead_delivery() from public;

create or replace trigger contact_submissions_enqueue_lead_delivery
  after insert on public.contact_submissions
  for each row
  execute function app_private.enqueue_lead_delivery();
