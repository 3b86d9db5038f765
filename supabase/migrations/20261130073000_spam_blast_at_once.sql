-- Written by `npm run db:diff` from supabase/schemas/: read it before committing.
-- Every migration runs twice in tests/server/migrations.test.ts: make what it creates `if not exists`.

set local check_function_bodies = off;

CREATE OR REPLACE FUNCTION app_private.score_submission()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  verdict record;
begin
  new.spam_score := null;
  new.spam_reasons := null;
  new.spam_signature := null;
  new.spam_blast_keys := null;
  if pg_catalog.char_length(new.name) > 100 or pg_catalog.char_length(new.email) > 254
    or pg_catalog.char_length(new.message) > 5000 then
    return new;
  end if;
  new.spam_signature := app_private.spam_signature_of(new.message);
  new.spam_blast_keys := app_private.spam_blast_keys(new.spam_signature);
  -- The same text sent at the same moment, in transactions that cannot see each other's rows:
  -- the first to take its signature's lock is stored before the next looks, so the next sees it
  -- (the look-up below takes its snapshot after the wait) and is held. One lock a lead, so a
  -- batch of 100 leads holds 100, and waited on only by a lead of the very same signature.
  if new.spam_signature is not null then
    perform pg_catalog.pg_advisory_xact_lock(7209, pg_catalog.hashtext(new.spam_signature::text));
  end if;
  select * into verdict from app_private.spam_verdict(
    new.name, new.email, new.message, new.spam_signature, new.spam_blast_keys);
  new.spam_score := verdict.score;
  new.spam_reasons := verdict.reasons;
  if new.suspected_spam then
    new.spam_reasons := 'honeypot'::text || verdict.reasons;
  elsif verdict.score >= 5 then
    new.suspected_spam := true;
  end if;
  return new;
end
$function$
;
