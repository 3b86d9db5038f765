-- Written by `npm run db:diff` from supabase/schemas/: read it before committing.
-- Every migration runs twice in tests/server/migrations.test.ts: make what it creates `if not exists`.
-- It drops: a renamed column or table is a drop and an add here.
--
-- Refresh-token reuse as GoTrue answers it: a used token shown again (auth-js
-- retries a refresh whose answer was lost, with the same token; two tabs can
-- refresh at once) ended the session at once, signing the member out. Now the
-- token just before the live one, or an older one within the reuse interval,
-- gets the live token back (derived, so only hashes are still stored), and
-- any other ends the session as before, answered as GoTrue's
-- refresh_token_already_used. The old signature goes: the server calls the new one.

drop function if exists "app_private"."auth_rotate_refresh"(old_hash text, new_hash text);

set local check_function_bodies = off;

CREATE OR REPLACE FUNCTION app_private.auth_next_refresh(token text)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select pg_catalog.rtrim(pg_catalog.translate(pg_catalog.encode(extensions.hmac(
    pg_catalog.convert_to('next:' || token, 'UTF8'), pg_catalog.convert_to(k.secret, 'UTF8'),
    'sha256'), 'base64'), '+/', '-_'), '=')
  from app_private.auth_signing_key k
$function$
;

CREATE OR REPLACE FUNCTION app_private.auth_rotate_refresh(presented text, reuse_seconds integer)
 RETURNS TABLE(outcome text, refresh_token text, session_id uuid, user_id uuid, email text, added_at timestamp with time zone)
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  token app_private.auth_refresh_tokens;
  issued text := app_private.auth_next_refresh(presented);
  issued_used_at timestamptz;
  steps integer := 0;
begin
  -- Concurrent uses of one token wait here, and the later ones then see it used.
  select * into token from app_private.auth_refresh_tokens t
    where t.token_hash = app_private.auth_hash('refresh:' || presented) for update;
  if not found then
    return;
  end if;
  if token.used_at is null then
    update app_private.auth_refresh_tokens t set used_at = pg_catalog.now()
      where t.token_hash = token.token_hash;
    insert into app_private.auth_refresh_tokens (token_hash, session_id)
      values (app_private.auth_hash('refresh:' || issued), token.session_id);
  else
    -- Each token has one next, so the tokens a session was given are a chain
    -- ending in its live one. Within the interval, at most a few steps behind.
    loop
      select t.used_at into issued_used_at from app_private.auth_refresh_tokens t
        where t.token_hash = app_private.auth_hash('refresh:' || issued)
          and t.session_id = token.session_id;
      exit when not found or issued_used_at is null
        or token.used_at <= pg_catalog.now() - pg_catalog.make_interval(secs => reuse_seconds)
        or steps >= 10;
      issued := app_private.auth_next_refresh(issued);
      steps := steps + 1;
    end loop;
    if not found or issued_used_at is not null then
      delete from app_private.auth_sessions s where s.id = token.session_id;
      return query select 'already_used', null::text, null::uuid, null::uuid, null::text,
        null::timestamptz;
      return;
    end if;
  end if;
  return query
    select 'session', issued, s.id, m.user_id, m.email, m.added_at
    from app_private.auth_sessions s join app_private.inbox_members m on m.email = s.email
    where s.id = token.session_id;
end
$function$
;

comment on function app_private.auth_next_refresh(text) is 'The refresh token that follows one, derived under the signing key: a token shown again gets the same next one back, though only hashes are stored.';

revoke execute on function app_private.auth_next_refresh(text) from public;

comment on function app_private.auth_rotate_refresh(text,integer) is 'Rotating refresh tokens as GoTrue rotates them: each is exchanged once; shown again, the one just before the live token, or an older one within the reuse interval, gets the live token back, and any other ends the session, as a copy is in someone else''s hands.';

revoke execute on function app_private.auth_rotate_refresh(text,integer) from public;
