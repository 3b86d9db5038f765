-- Written by `npm run db:diff` from supabase/schemas/: read it before committing.
-- Every migration runs twice in tests/server/migrations.test.ts: make what it creates `if not exists`.
-- It drops: a renamed column or table is a drop and an add here.

drop function if exists "app_private"."auth_request_code"(address text, client text, code text, code_seconds integer, pair_gap_seconds integer, pair_per_hour integer, email_per_hour integer, client_per_hour integer);

set local check_function_bodies = off;

CREATE OR REPLACE FUNCTION app_private.auth_ask_code(address text, client text, code text, code_seconds integer, pair_gap_seconds integer, pair_per_hour integer, email_per_hour integer, client_per_hour integer, OUT outcome text, OUT wait_seconds integer)
 RETURNS record
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  member_email text := pg_catalog.lower(address);
  email_key text := app_private.auth_hash('email:' || pg_catalog.lower(address));
  client_key text := app_private.auth_hash('client:' || client);
  is_member boolean;
  last_at timestamptz;
begin
  perform app_private.auth_lock_address(email_key);
  delete from app_private.auth_code_requests where at < pg_catalog.now() - interval '1 hour';
  delete from app_private.auth_sign_in_codes c
    where c.email = member_email and c.expires_at <= pg_catalog.now();
  if (select count(*) from app_private.auth_code_requests where client_hash = client_key)
      >= client_per_hour then
    outcome := 'client_limit';
    return;
  end if;
  last_at := (select max(at) from app_private.auth_code_requests
              where email_hash = email_key and client_hash = client_key);
  if last_at > pg_catalog.now() - pg_catalog.make_interval(secs => pair_gap_seconds) then
    outcome := 'email_gap';
    -- GoTrue's "after N seconds": what is left of the gap, its fraction dropped.
    wait_seconds := pg_catalog.floor(pg_catalog.date_part('epoch',
      last_at + pg_catalog.make_interval(secs => pair_gap_seconds) - pg_catalog.now()));
    return;
  end if;
  if (select count(*) from app_private.auth_code_requests
      where email_hash = email_key and client_hash = client_key) >= pair_per_hour
    or (select count(*) from app_private.auth_code_requests where email_hash = email_key)
      >= email_per_hour then
    outcome := 'email_limit';
    return;
  end if;
  insert into app_private.auth_code_requests (email_hash, client_hash) values (email_key, client_key);
  is_member := exists (select from app_private.inbox_members m where m.email = member_email);
  insert into app_private.auth_sign_in_codes (email, code_hash, expires_at)
    select member_email, app_private.auth_hash('code:' || member_email || ':' || code),
           pg_catalog.now() + pg_catalog.make_interval(secs => code_seconds)
    where is_member;
  outcome := case when is_member then 'send' else 'ignore' end;
end
$function$
;

comment on function app_private.auth_ask_code(text,text,text,integer,integer,integer,integer,integer) is 'A sign-in code request: the same statements for any address (same answer, same timing), a code stored only for a member and kept until used or expired; limited per address and client address together, under a higher cap per address, so a stranger elsewhere cannot use up a member''s requests.';

revoke execute on function app_private.auth_ask_code(text,text,text,integer,integer,integer,integer,integer) from public;
