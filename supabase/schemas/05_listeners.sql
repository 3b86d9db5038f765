-- Who of ours LISTENs (docs/inbox.md, "Live"; docs/alerts.md). PostgreSQL lets
-- one transaction that notified commit at a time, through its flush to disk, so
-- a NOTIFY nobody hears halves the rate of one-lead-per-transaction inserts
-- (hosted PostgREST). Our server's Realtime hub and the push worker write their
-- channel's row before they LISTEN and again while they listen
-- (server/db/listener-heartbeat.ts); the triggers notify only while a row is
-- fresh. A NOTIFY is only a wake-up: the push worker polls, and a live inbox
-- refreshes when it (re)joins.
create table if not exists app_private.listeners (
  channel text primary key,
  seen_at timestamptz not null
);
revoke all on table app_private.listeners from public;
comment on table app_private.listeners is
  'The NOTIFY channels our server listens on, and when a listener last said so.';

-- Four heartbeats (30 s apart) may be lost before the triggers stop notifying.
create or replace function app_private.heard(channel text)
returns boolean
language sql
stable
set search_path = ''
as $$
  select exists (select from app_private.listeners l
                 where l.channel = heard.channel
                   and l.seen_at > pg_catalog.now() - interval '2 minutes')
$$;
revoke all on function app_private.heard(text) from public;
comment on function app_private.heard(text) is
  'Whether a listener of ours said in the last 2 minutes that it listens on the channel: the triggers notify only then.';
