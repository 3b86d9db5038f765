-- The per-address submission rate limit, in the database, so that one rule
-- holds whoever sends the insert: this project's server (embedded database or
-- PostgreSQL, one instance or many) or PostgREST on hosted Supabase, where no
-- server of ours runs. Idempotent, like every migration here.
--
-- Who is limited: inserts made as role anon, which is what visitors insert as
-- (PostgREST and our server both `set local role anon`). The owner (admin CLI,
-- migrations, the service role) is not limited.
--
-- Whose address: the JSON setting `request.headers`, which PostgREST fills
-- with the request's headers (names in lower case) for each transaction; our
-- server sets the same setting, per row, to the address it trusts (Fastify's
-- request.ip). The header read is `cf-connecting-ip`:
--   * Hosted Supabase's API sits behind Cloudflare, which sets cf-connecting-ip
--     to the address that connected and replaces any value a client sends.
--   * X-Forwarded-For's first entry is whatever the client put there (a
--     visitor can send their own X-Forwarded-For and pick a fresh bucket each
--     time); the entries a proxy appends after it vary with the route taken.
-- A PostgREST run elsewhere must have its proxy overwrite the header, e.g.
-- nginx's `proxy_set_header CF-Connecting-IP $remote_addr;`.
-- An IPv6 address counts as its /64, the block one subscriber is usually given.
-- An anon insert with no address (SQL with no request.headers) counts against
-- one shared bucket: unidentified inserts are limited together, never freely.
--
-- What is stored: a keyed SHA-256 of the address, never the address; the key
-- is random, made once here, and readable only by the owner. Each address has
-- one row, its current window; windows older than a minute are deleted by
-- later inserts, so the table holds about as many rows as addresses seen in
-- the last minute.

create schema if not exists app_private;
revoke all on schema app_private from public;

-- One row: the limit, and the key the address hashes are made with.
create table if not exists app_private.submission_rate_limit (
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

-- A fixed one-minute window per address, started by its first insert.
create table if not exists app_private.submission_windows (
  address_hash bytea primary key,
  started_at timestamptz not null,
  submissions integer not null
);
create index if not exists submission_windows_started_at
  on app_private.submission_windows (started_at);

revoke all on table app_private.submission_rate_limit, app_private.submission_windows
  from public, anon;

-- SECURITY DEFINER: anon may not read the key nor touch the windows; the
-- trigger does, as the function's owner. An empty search_path and fully
-- qualified names keep a caller's objects from standing in for ours. The role
-- setting still names anon in here (a definer function changes the user, not it).
create or replace function app_private.limit_submission_rate()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  settings app_private.submission_rate_limit;
  headers json;
  address text;
  bucket bytea;
  counted integer;
  started timestamptz;
begin
  if pg_catalog.current_setting('role', true) is distinct from 'anon' then
    return new;
  end if;
  headers := nullif(pg_catalog.current_setting('request.headers', true), '')::json;
  address := coalesce(headers ->> 'cf-connecting-ip', '');
  -- An IPv6 visitor is usually given a whole /64, so that is what counts:
  -- else one visitor could pick a fresh address for every insert.
  if address like '%:%' then
    begin
      address := pg_catalog.network(pg_catalog.set_masklen(address::inet, 64))::text;
    exception when invalid_text_representation then
      null; -- not an address: counted as the text it is
    end;
  end if;
  select * into strict settings from app_private.submission_rate_limit;
  bucket := pg_catalog.sha256(settings.address_key || pg_catalog.convert_to(address, 'UTF8'));

  -- Expired windows go a few at a time; SKIP LOCKED, so concurrent inserts
  -- never queue behind each other's housekeeping.
  delete from app_private.submission_windows
  where address_hash in (
    select address_hash from app_private.submission_windows
    where started_at <= now() - interval '1 minute'
    order by started_at
    limit 100
    for update skip locked
  );

  -- The upsert locks this address's row, so concurrent inserts from one
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
  -- The error undoes this transaction's count too: a refused insert is not counted.
  if counted > settings.per_minute then
    raise exception using
      errcode = 'PT429',
      message = 'Too many submissions from this address',
      detail = pg_catalog.format('The limit is %s per minute.', settings.per_minute),
      hint = pg_catalog.format(
        'Try again in %s seconds.',
        greatest(1, ceil(extract(epoch from started + interval '1 minute' - now())))::integer
      );
  end if;
  return new;
end
$$;

revoke all on function app_private.limit_submission_rate() from public;

create or replace trigger contact_submissions_limit_rate
  before insert on public.contact_submissions
  for each row
  execute function app_private.limit_submission_rate();
