-- The proof check's cleanup of expired proofs scanned every used proof on
-- every insert. Its bound was pg_catalog.clock_timestamp(), which is
-- volatile, so PostgreSQL could not use it as an index condition: the index
-- on used_proofs.expires_at was walked from end to end with the bound as a
-- filter ("Rows Removed by Filter: 6000" for 6,000 unexpired proofs). As
-- used_proofs holds every proof of the last PROOF_OF_WORK_EXPIRES_SECONDS
-- (20 minutes by default), the check's cost grew with the rate of
-- submissions: at a few thousand proofs it cost several times the insert
-- itself on the embedded database (bench/submissions.ts, README "Benchmarks").
--
-- The same function as 20261124020000_proof_of_work.sql (an applied migration
-- is never edited), with the clock read once into a variable: PL/pgSQL passes
-- a variable to its statements as a parameter, so `expires_at <= checked_at`
-- is an index condition and the cleanup reads only the expired entries.
-- Nothing else changes: the trigger and its grants stay as they are.

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
