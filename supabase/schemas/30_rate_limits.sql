-- The per-address rate limit, in the database, so one rule holds whoever
-- sends the insert or asks for a challenge: our server (embedded database or
-- PostgreSQL, one instance or many) or PostgREST on hosted Supabase, where no
-- server of ours runs (docs/rate-limit.md). The challenge's limit is
-- contact_challenge's, in 35_proof_of_work.sql.

-- The per-address limit. Who is limited: inserts and challenges made as role
-- anon (PostgREST and our server both `set local role anon`); the owner is not.
-- Whose address: the JSON setting `request.headers`, which PostgREST fills
-- with the request's headers for each transaction; our server sets the same
-- setting to the address it trusts (Fastify's request.ip). The header read is
-- `cf-connecting-ip`: hosted Supabase's API sits behind Cloudflare, which sets
-- it and replaces any value a client sends (X-Forwarded-For's first entry is
-- whatever the client put there). A PostgREST run elsewhere must have its
-- proxy overwrite it, e.g. nginx's `proxy_set_header CF-Connecting-IP $remote_addr;`.
-- An IPv6 address counts as its /64. An anon request with no address counts
-- against one shared bucket: unidentified requests are limited together.
-- What is stored: a keyed SHA-256 of the address, never the address.

-- One row: the limit, and the key the address hashes are made with.
create table app_private.submission_rate_limit (
  singleton boolean primary key default true check (singleton),
  -- RATE_LIMIT_PER_MINUTE replaces it at each start of our server (server/db/rate-limit.ts).
  per_minute integer not null default 10 check (per_minute between 1 and 10000),
  -- gen_random_uuid() draws from the operating system's secure random source
  -- and is built in (PostgreSQL 13+, PGlite); two of them give 244 random bits.
  address_key bytea not null default pg_catalog.sha256(
    pg_catalog.convert_to(gen_random_uuid()::text || gen_random_uuid()::text, 'UTF8')
  )
);
insert into app_private.submission_rate_limit (singleton) values (true)
  on conflict (singleton) do nothing;

-- A fixed one-minute window per address (and per bucket: the challenge's is
-- its own), started by its first request. Windows older than a minute are
-- deleted by later requests, so the table holds about as many rows as
-- addresses seen in the last minute.
create table app_private.submission_windows (
  address_hash bytea primary key,
  started_at timestamptz not null,
  submissions integer not null
);
create index submission_windows_started_at
  on app_private.submission_windows (started_at);

revoke all on table app_private.submission_rate_limit, app_private.submission_windows
  from public, anon;

-- SECURITY DEFINER: anon may not read the key nor touch the windows; the
-- functions do, as their owner. An empty search_path and fully qualified names
-- keep a caller's objects from standing in for ours. The role setting still
-- names anon in here (a definer function changes the user, not it).
create or replace function app_private.count_against_limit(
  bucket_prefix text, per_minute integer, refusal text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  headers json;
  address text;
  bucket bytea;
  counted integer;
  started timestamptz;
begin
  headers := nullif(pg_catalog.current_setting('request.headers', true), '')::json;
  address := coalesce(headers ->> 'cf-connecting-ip', '');
  -- An IPv6 visitor is usually given a whole /64, so that is what counts:
  -- else one visitor could pick a fresh address for every insert. An IPv4
  -- visitor seen through a dual-stack socket (::ffff:a.b.c.d) counts as that
  -- IPv4 address: by its /64 every IPv4 visitor would share the one bucket ::/64.
  if address like '%:%' then
    begin
      if address::inet << inet '::ffff:0:0/96' then
        address := pg_catalog.substring(pg_catalog.host(address::inet), '([0-9.]+)$');
      else
        address := pg_catalog.network(pg_catalog.set_masklen(address::inet, 64))::text;
      end if;
    exception when invalid_text_representation then
      null; -- not an address: counted as the text it is
    end;
  end if;
  -- The insert's prefix is empty, so its windows are the ones already stored.
  bucket := pg_catalog.sha256(
    (select address_key from app_private.submission_rate_limit)
    || pg_catalog.convert_to(bucket_prefix || address, 'UTF8'));

  -- Expired windows go a few at a time; SKIP LOCKED, so concurrent requests
  -- never queue behind each other's housekeeping.
  delete from app_private.submission_windows
  where address_hash in (
    select address_hash from app_private.submission_windows
    where started_at <= now() - interval '1 minute'
    order by started_at
    limit 100
    for update skip locked
  );

  -- The upsert locks this bucket's row, so concurrent requests from one
  -- address (on any instance) count one after another, never past the limit.
  insert into app_private.submission_windows as w (address_hash, started_at, submissions)
  values (bucket, now(), 1)
  on conflict (address_hash) do update set
    started_at = case when w.started_at <= now() - interval '1 minute'
      then now() else w.started_at end,
    submissions = case when w.started_at <= now() - interval '1 minute'
      then 1 else w.submissions + 1 end
  returning submissions, started_at into counted, started;

  -- PostgREST answers PTxyz with HTTP status xyz; our server answers the same
  -- 429 (server/rest/to-postgrest-error.ts) and reads Retry-After from the hint.
  -- The error undoes this transaction's count too: a refused request is not counted.
  if counted > per_minute then
    raise exception using
      errcode = 'PT429',
      message = refusal,
      detail = pg_catalog.format('The limit is %s per minute.', per_minute),
      hint = pg_catalog.format(
        'Try again in %s seconds.',
        greatest(1, ceil(extract(epoch from started + interval '1 minute' - now())))::integer
      );
  end if;
end
$$;
revoke all on function app_private.count_against_limit(text, integer, text) from public;
comment on function app_private.count_against_limit(text, integer, text) is
  'The per-address limit in the database, so it holds on hosted Supabase too: counts one request in the address''s one-minute window (cf-connecting-ip; IPv6 by its /64) and refuses past the limit with PT429.';

-- The insert's limit, a BEFORE INSERT trigger on contact_submissions (the
-- challenge's, with its own bucket, is in 35_proof_of_work.sql).
-- A repeat of a stored lead (its submission_key is already stored) is answered
-- as stored and counts against no limit: the insert's ON CONFLICT skips it
-- after the BEFORE triggers, so the limit must not count it first.
create or replace function app_private.limit_submission_rate()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if pg_catalog.current_setting('role', true) is distinct from 'anon' then
    return new;
  end if;
  -- A repeat: skipped by ON CONFLICT and answered as stored, so never counted.
  if new.submission_key is not null and exists (
    select 1 from public.contact_submissions where submission_key = new.submission_key
  ) then
    return new;
  end if;
  perform app_private.count_against_limit(
    '',
    (select per_minute from app_private.submission_rate_limit),
    'Too many submissions from this address');
  return new;
end
$$;
revoke all on function app_private.limit_submission_rate() from public;
comment on function app_private.limit_submission_rate() is
  'Refuses an address past RATE_LIMIT_PER_MINUTE with PostgREST''s 429; a repeat of a stored submission key is free, so a re-sent lead is never refused.';

create trigger contact_submissions_limit_rate
  before insert on public.contact_submissions
  for each row
  execute function app_private.limit_submission_rate();
