-- Roles and schemas: what every other file here builds on.
--
-- The database as it is now (README.md beside this file). It runs on hosted
-- Supabase, PostgreSQL 15+ and PGlite. Hosted Supabase already owns the roles
-- anon and authenticated, the `auth` schema and auth.jwt(), auth.uid(),
-- auth.role(): each is made here only where it is missing, and never replaced.

-- PostgREST's roles: anon for a request without a signed-in user,
-- authenticated for a member of the agency's inbox.
do $$
begin
  if not exists (select from pg_catalog.pg_roles where rolname = 'anon') then
    create role anon nologin;
  end if;
  if not exists (select from pg_catalog.pg_roles where rolname = 'authenticated') then
    create role authenticated nologin;
  end if;
end
$$;

-- Our server inserts with `set local role anon` and reads with `set local role
-- authenticated`, as PostgREST does, so the connecting user must be a member of
-- both. Superusers (and Supabase's postgres role) already are.
do $$
begin
  if not pg_catalog.pg_has_role(current_user, 'anon', 'MEMBER') then
    execute format('grant anon to %I', current_user);
  end if;
  if not pg_catalog.pg_has_role(current_user, 'authenticated', 'MEMBER') then
    execute format('grant authenticated to %I', current_user);
  end if;
end
$$;

grant usage on schema public to anon;
grant usage on schema public to authenticated;

-- pgcrypto: the proof of work's HMAC and the sign-in's keys. Hosted Supabase
-- has it in `extensions`; PGlite loads it from its contrib
-- (server/db/embedded-database.ts).
create schema if not exists extensions;
create extension if not exists pgcrypto with schema extensions;

-- What only the owner reads: outside `public`, so PostgREST never lists it.
-- The migration runner (server/db/migrations.ts) keeps its own bookkeeping here too.
create schema if not exists app_private;
revoke all on schema app_private from public;

create schema if not exists auth;

-- PostgREST's claims, as Supabase's own definitions read them: the JSON in
-- request.jwt.claims (PostgREST 9+), or the older per-claim settings.
do $$
begin
  if not exists (
    select from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'auth' and p.proname = 'jwt' and p.pronargs = 0
  ) then
    execute $fn$
      create function auth.jwt() returns jsonb language sql stable as $body$
        select coalesce(
          nullif(current_setting('request.jwt.claim', true), ''),
          nullif(current_setting('request.jwt.claims', true), '')
        )::jsonb
      $body$
    $fn$;
    grant usage on schema auth to anon, authenticated;
  end if;
  if not exists (
    select from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'auth' and p.proname = 'uid' and p.pronargs = 0
  ) then
    execute $fn$
      create function auth.uid() returns uuid language sql stable as $body$
        select coalesce(
          nullif(current_setting('request.jwt.claim.sub', true), ''),
          (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
        )::uuid
      $body$
    $fn$;
  end if;
  if not exists (
    select from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'auth' and p.proname = 'role' and p.pronargs = 0
  ) then
    execute $fn$
      create function auth.role() returns text language sql stable as $body$
        select coalesce(
          nullif(current_setting('request.jwt.claim.role', true), ''),
          (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
        )::text
      $body$
    $fn$;
  end if;
end
$$;
