-- Lead delivery without a transaction held over the network
-- (server/leads/delivery/outbox-worker.ts).
--
-- A worker claims a lead by setting locked_until (a lease) and commits, sends
-- the email with no transaction open, then marks it sent. Another worker skips
-- a leased lead until its lease runs out, so a worker that dies mid-send only
-- delays the lead by one lease. failed_at ends the retries of a lead the relay
-- keeps refusing: it stays in the table, listed by `submissions outbox`, and is
-- never sent on its own again. Idempotent, like every migration here.

alter table public.lead_outbox add column if not exists locked_until timestamptz;
alter table public.lead_outbox add column if not exists failed_at timestamptz;

comment on column public.lead_outbox.locked_until is
  'A worker is sending this lead until then; others leave it alone.';
comment on column public.lead_outbox.failed_at is
  'Given up after the last of a bounded number of attempts; see last_error.';

-- What the worker polls: leads neither sent nor given up. Replaces lead_outbox_due's job.
create index if not exists lead_outbox_pending
  on public.lead_outbox (next_attempt_at)
  where sent_at is null and failed_at is null;

-- The hourly cap counts what went out in the last hour.
create index if not exists lead_outbox_sent_at
  on public.lead_outbox (sent_at)
  where sent_at is not null;
