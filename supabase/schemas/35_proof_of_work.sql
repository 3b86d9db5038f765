-- The proof of work, issued and checked by the database, so that it holds
-- where no server of ours runs (hosted Supabase) as much as behind our own
-- server (docs/spam.md). Every insert made as anon carries one.
--
-- It is ALTCHA's open v1 (hash-based, SHA-256, HMAC-signed), so
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
  -- (server/db/proof-of-work-settings.ts). A visitor tries maxnumber / 2 hashes on
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

-- The challenge, as PostgREST exposes it: POST /rest/v1/rpc/contact_challenge.
-- SECURITY DEFINER to sign with a key anon may not read; it writes nothing but
-- its count, so issuing a challenge costs one hash and one HMAC. Counted per
-- address (count_against_limit, 30_rate_limits.sql) at 10 per allowed
-- submission: a visitor asks for one when the form is first used and one per
-- send (and again after a refusal or an expiry), far below what a script
-- stockpiling them asks for. A refusal is PostgREST's 429.
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
-- Supabase grants execute on new functions in public to anon and authenticated:
-- only anon's calls are counted against an address, so only anon may call it.
revoke all on function public.contact_challenge() from public, anon, authenticated;
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
