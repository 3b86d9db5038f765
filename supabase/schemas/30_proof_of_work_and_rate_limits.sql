-- Spam defences in the database, so they hold where no server of ours runs
-- (hosted Supabase) as much as behind our own server (docs/spam.md,
-- docs/rate-limit.md): a proof of work on every insert made as anon, and a
-- per-address limit on inserts and on the challenges.
--
-- The proof of work is ALTCHA's open v1 (hash-based, SHA-256, HMAC-signed), so
-- ALTCHA's own libraries solve and verify it:
--
--   challenge:  {algorithm: "SHA-256", challenge, maxnumber, salt, signature}
--     salt      = random hex || '?expires=<unix seconds>&'  (the '&' is
--                 altcha-lib's delimiter against parameter splicing)
--     challenge = hex sha256(salt || number), number secret, in [0, maxnumber)
--     signature = hex HMAC-SHA256(key, challenge)
--   proof:      base64 of the JSON {algorithm, challenge, number, salt, signature}
--
-- The salt is inside the hash and the hash is inside the signature, so the
-- expiry a client shows us is the one we signed.

-- One row: the signing key, and the difficulty and lifetime of a challenge.
-- Only the owner reads it (no grant, like the rate limit's address key).
create table app_private.proof_of_work (
  singleton boolean primary key default true check (singleton),
  -- PROOF_OF_WORK_MAX_NUMBER, written by our server at its start only when set
  -- (server/db/proof-of-work.ts). A visitor tries maxnumber / 2 hashes on
  -- average: at 60,000 about a second on Chromium's 4x-throttled main thread,
  -- the stand-in for a mid-range phone (about 2 s at worst; bench/solve-time.ts).
  max_number integer not null default 60000 check (max_number between 1 and 100000000),
  -- PROOF_OF_WORK_EXPIRES_SECONDS: how long a challenge may be solved and used.
  expires_seconds integer not null default 1200 check (expires_seconds between 10 and 86400),
  -- Text, because ALTCHA's libraries take the HMAC key as a string. Rotate it
  -- with an UPDATE (docs/spam.md): challenges in flight then fail once.
  hmac_key text not null default pg_catalog.encode(
    pg_catalog.sha256(
      pg_catalog.convert_to(gen_random_uuid()::text || gen_random_uuid()::text, 'UTF8')
    ),
    'hex'
  )
);
insert into app_private.proof_of_work (singleton) values (true)
  on conflict (singleton) do nothing;

-- Each proof is good for one submission. The row keeps the submission_key it
-- was used with, so that the same submission's retry (same proof, same key)
-- passes; it is deleted once its challenge has expired, as no one can use it then.
create table app_private.used_proofs (
  challenge text primary key,
  submission_key text,
  expires_at timestamptz not null
);
create index used_proofs_expires_at on app_private.used_proofs (expires_at);

revoke all on table app_private.proof_of_work, app_private.used_proofs from public, anon;

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
comment on function app_private.count_against_limit(text, integer, text) is
  'The per-address limit in the database, so it holds on hosted Supabase too: counts one request in the address''s one-minute window (cf-connecting-ip; IPv6 by its /64) and refuses past the limit with PT429.';

-- The challenge, as PostgREST exposes it: POST /rest/v1/rpc/contact_challenge.
-- SECURITY DEFINER to sign with a key anon may not read; it writes nothing but
-- its count, so issuing a challenge costs one hash and one HMAC. Counted per
-- address at 10 per allowed submission: a visitor asks for one when the form
-- is first used and one per send (and again after a refusal or an expiry), far
-- below what a script stockpiling them asks for. A refusal is PostgREST's 429.
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
comment on function public.contact_challenge() is
  'Issues the ALTCHA v1 challenge the page solves before sending (POST /rest/v1/rpc/contact_challenge), signed with a key only the owner reads; counted per address, so challenges cannot be stockpiled.';

-- The check, on every insert made as anon (PostgREST's and our server's).
--
-- Our server's form without JavaScript cannot make a proof; its insert is
-- stored unverified instead. It says so with the setting contact.native_form,
-- set per row inside our own statement (server/db/insert-batcher.ts). No
-- PostgREST client can set it: PostgREST runs no SQL a client writes, puts a
-- request's headers, cookies and claims only into request.* settings, and
-- exposes only functions in its exposed schemas, none of which sets a setting.
--
-- Errors: PostgREST answers PTxyz with HTTP status xyz, and our server answers
-- the same (server/rest/to-postgrest-error.ts): PT400 for a missing or
-- malformed proof, PT403 for one that is wrong, expired or already used. The
-- page fetches a fresh challenge once on PT403 (src/features/contact/proof-of-work.ts).
--
-- The clock is read once into a variable: PL/pgSQL passes a variable to its
-- statements as a parameter, so `expires_at <= checked_at` is an index
-- condition and the cleanup reads only the expired entries.
create or replace function app_private.check_proof_of_work()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  settings app_private.proof_of_work;
  payload jsonb;
  salt text;
  proof_challenge text;
  number_text text;
  expires bigint;
  row_key text := pg_catalog.to_jsonb(new) ->> 'submission_key';
  used_with text;
  recorded boolean;
  -- One reading of the clock for the whole check. A variable is a parameter
  -- to the statements below, so the cleanup can use the index on expires_at.
  checked_at timestamptz := pg_catalog.clock_timestamp();
begin
  if pg_catalog.current_setting('role', true) is distinct from 'anon' then
    return new;
  end if;
  new.verified := false;
  if pg_catalog.current_setting('contact.native_form', true) = 'on' then
    new.proof := null;
    return new;
  end if;

  if new.proof is null then
    raise exception using errcode = 'PT400',
      message = 'A proof of work is required',
      hint = 'Solve the challenge from POST /rest/v1/rpc/contact_challenge and send it as "proof".';
  end if;
  -- Lengths before any parsing: an ALTCHA payload is about 300 characters.
  if pg_catalog.length(new.proof) > 1000 then
    raise exception using errcode = 'PT400', message = 'The proof of work is malformed',
      detail = 'It is longer than 1000 characters.';
  end if;
  begin
    payload := pg_catalog.convert_from(pg_catalog.decode(new.proof, 'base64'), 'UTF8')::jsonb;
  exception when others then
    payload := null;
  end;
  salt := payload ->> 'salt';
  proof_challenge := payload ->> 'challenge';
  number_text := payload ->> 'number';
  if pg_catalog.jsonb_typeof(payload) is distinct from 'object'
    or payload ->> 'algorithm' is distinct from 'SHA-256'
    or proof_challenge !~ '^[0-9a-f]{64}$' or proof_challenge is null
    or (payload ->> 'signature') !~ '^[0-9a-f]{64}$' or payload ->> 'signature' is null
    or pg_catalog.jsonb_typeof(payload -> 'number') is distinct from 'number'
    or number_text !~ '^[0-9]{1,9}$'
    or pg_catalog.jsonb_typeof(payload -> 'salt') is distinct from 'string'
    or pg_catalog.length(salt) > 200
  then
    raise exception using errcode = 'PT400', message = 'The proof of work is malformed',
      detail = 'Expected base64 of ALTCHA''s JSON {algorithm, challenge, number, salt, signature}.';
  end if;

  select * into strict settings from app_private.proof_of_work;
  if pg_catalog.encode(extensions.hmac(pg_catalog.convert_to(proof_challenge, 'UTF8'),
        pg_catalog.convert_to(settings.hmac_key, 'UTF8'), 'sha256'), 'hex')
      <> payload ->> 'signature'
    or pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(salt || number_text, 'UTF8')), 'hex')
      <> proof_challenge
  then
    raise exception using errcode = 'PT403', message = 'The proof of work is wrong',
      hint = 'Fetch a new challenge and solve it.';
  end if;
  -- Signed by us, so the expiry is ours; we issue none without one.
  expires := pg_catalog.substring(salt, '[?&]expires=([0-9]{1,12})(&|$)')::bigint;
  if expires is null or expires <= floor(extract(epoch from checked_at)) then
    raise exception using errcode = 'PT403', message = 'The proof of work has expired',
      hint = 'Fetch a new challenge and solve it.';
  end if;

  -- Expired proofs go a few at a time; SKIP LOCKED, so concurrent inserts
  -- never queue behind each other's housekeeping (as in the rate limit).
  delete from app_private.used_proofs
  where used_proofs.challenge in (
    select u.challenge from app_private.used_proofs as u
    where u.expires_at <= checked_at
    order by u.expires_at
    limit 100
    for update skip locked
  );
  -- The primary key makes a second use, on any connection, wait for the
  -- first and then see it. A refused insert rolls this back: its proof stays usable.
  insert into app_private.used_proofs (challenge, submission_key, expires_at)
  values (proof_challenge, row_key, pg_catalog.to_timestamp(expires))
  on conflict do nothing
  returning true into recorded;
  if recorded is null then
    select u.submission_key into used_with from app_private.used_proofs as u
    where u.challenge = proof_challenge;
    -- The same submission's retry (same proof, same key) passes; the
    -- database's unique submission_key then makes it change nothing.
    if row_key is null or used_with is distinct from row_key then
      raise exception using errcode = 'PT403', message = 'The proof of work has been used',
        hint = 'Fetch a new challenge and solve it.';
    end if;
  end if;

  new.verified := true;
  -- Checked and recorded: the row need not carry it.
  new.proof := null;
  return new;
end
$$;
revoke all on function app_private.check_proof_of_work() from public;
comment on function app_private.check_proof_of_work() is
  'Spam without a third party: an anon insert must carry an unused, unexpired ALTCHA v1 proof signed by contact_challenge(); it then stores the row as verified. The form without JavaScript is stored unverified.';

-- BEFORE triggers run in name order: this one ("check") before the rate
-- limit's ("limit"), so an insert without a valid proof is refused before it
-- costs the rate limit's upsert.
create trigger contact_submissions_check_proof
  before insert on public.contact_submissions
  for each row
  execute function app_private.check_proof_of_work();

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
