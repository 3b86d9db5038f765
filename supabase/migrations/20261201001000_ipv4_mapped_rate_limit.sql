-- Written by `npm run db:diff` from supabase/schemas/: read it before committing.
-- Every migration runs twice in tests/server/migrations.test.ts: make what it creates `if not exists`.

set local check_function_bodies = off;

CREATE OR REPLACE FUNCTION app_private.count_against_limit(bucket_prefix text, per_minute integer, refusal text)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;
