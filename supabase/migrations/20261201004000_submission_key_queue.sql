-- Written by `npm run db:diff` from supabase/schemas/: read it before committing.
-- Every migration runs twice in tests/server/migrations.test.ts: make what it creates `if not exists`.
--
-- Two sends of one draft at once queue on its key before either records a
-- proof. Each could otherwise hold the proof the other needed while waiting
-- for the other's key: PostgreSQL aborted one (a deadlock), and our server's
-- retry could race the other for the proof into the same deadlock, three
-- times, and answer 500 (a clean-clone run with two busy loops, 29 Nov).

set local check_function_bodies = off;

CREATE OR REPLACE FUNCTION app_private.assign_submission_key()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if new.submission_key is not null then
    -- Two sends of one draft at once (the page's retry beside a reload's fresh
    -- proof, two tabs, two instances) queue here, on the key, before either
    -- records a proof: otherwise each could hold a proof the other needs while
    -- waiting for the other's key, a deadlock PostgreSQL ends by aborting one,
    -- and a retry could race the other for the proof into the same deadlock.
    -- The second then sees the first's row and is skipped as the repeat it is.
    perform pg_catalog.pg_advisory_xact_lock(20261129, pg_catalog.hashtext(new.submission_key::text));
    return new;
  end if;
  if pg_catalog.current_setting('contact.native_form', true) is distinct from 'on' then
    new.submission_key := gen_random_uuid();
    return new;
  end if;
  -- Two identical posts at once wait for each other here (until the first
  -- commits), so the second sees the first's row and takes its key.
  perform pg_catalog.pg_advisory_xact_lock(
    20261124,
    pg_catalog.hashtext(new.email || chr(31) || new.name || chr(31) || new.message)
  );
  new.submission_key := coalesce(
    app_private.same_words_key(new.email, new.name, new.message),
    gen_random_uuid()
  );
  return new;
end
$function$
;
