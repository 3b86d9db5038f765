-- Issue 32: a repeat is free, and the challenge is limited per address.
--
-- 1. A repeat of a stored lead (its submission_key is already stored: the
--    page re-sending a lead whose answer was lost, or the form without
--    JavaScript sending the same words again, keyed by 20261124010000's
--    trigger) is answered as stored and counts against no limit. The
--    insert's ON CONFLICT (submission_key) DO NOTHING skips it after the
--    BEFORE triggers, so the limit must not count it first. A first send and
--    its repeat racing each other may both count: the safe side.
-- 2. POST /rest/v1/rpc/contact_challenge is limited per address like the
--    insert, at CHALLENGES_PER_SUBMISSION times its limit, counted in the same
--    windows under a bucket of its own. Each challenge is a transaction, and
--    a script could otherwise stockpile them for their lifetime. A refusal is
--    PostgREST's 429 (PT429); the page waits and asks again.
--
-- The address rule (cf-connecting-ip, an IPv6 /64, one shared bucket for
-- none) is 20261123030000_rate_limit.sql's, now in one function both use.

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
  -- else one visitor could pick a fresh address for every insert.
  if address like '%:%' then
    begin
      address := pg_catalog.network(pg_catalog.set_masklen(address::inet, 64))::text;
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

-- The challenge as 20261124020000_proof_of_work.sql issues it, counted first.
-- A visitor asks for one when the form is first used and one per send (and
-- again after a refusal or an expiry): 10 per allowed submission is far above
-- that, and far below what a script stockpiling them asks for.
create or replace function public.contact_challenge()
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  challenges_per_submission constant integer := 10;
  settings app_private.proof_of_work;
  salt text;
  secret_number bigint;
  challenge text;
begin
  if pg_catalog.current_setting('role', true) = 'anon' then
    perform app_private.count_against_limit(
      'challenge:',
      challenges_per_submission * (select per_minute from app_private.submission_rate_limit),
      'Too many challenges from this address');
  end if;
  select * into strict settings from app_private.proof_of_work;
  salt := pg_catalog.encode(extensions.gen_random_bytes(12), 'hex')
    || '?expires='
    || (floor(extract(epoch from pg_catalog.clock_timestamp())) + settings.expires_seconds)::bigint
    || '&';
  -- A secure random number, not random(): a predictable one would skip the work.
  secret_number := ('x' || pg_catalog.encode(extensions.gen_random_bytes(4), 'hex'))::bit(32)::bigint
    % settings.max_number;
  challenge := pg_catalog.encode(
    pg_catalog.sha256(pg_catalog.convert_to(salt || secret_number, 'UTF8')), 'hex');
  return pg_catalog.json_build_object(
    'algorithm', 'SHA-256',
    'challenge', challenge,
    'maxnumber', settings.max_number,
    'salt', salt,
    'signature', pg_catalog.encode(
      extensions.hmac(pg_catalog.convert_to(challenge, 'UTF8'),
        pg_catalog.convert_to(settings.hmac_key, 'UTF8'), 'sha256'), 'hex')
  );
end
$$;

revoke all on function public.contact_challenge() from public;
grant execute on function public.contact_challenge() to anon;
