-- The agency's inbox (docs/inbox.md), part 1: who may read a lead.
--
-- A member is a signed-in user whose token's `email` claim is in the
-- allowlist below. The rule is here, in the database, so it holds where no
-- server of ours runs: on hosted Supabase the token comes from Supabase Auth,
-- elsewhere from our server's /auth/v1 (server/auth/). Idempotent, like every
-- migration here: it runs on hosted Supabase, PostgreSQL 15+ and PGlite.
--
-- Hosted Supabase already owns the `auth` schema, auth.jwt(), auth.uid(),
-- auth.role() and the role `authenticated`: each is created here only where
-- it is missing, and never replaced (tests/server/inbox-supabase.test.ts).

do $$
begin
  if not exists (select from pg_catalog.pg_roles where rolname = 'authenticated') then
    create role authenticated nologin;
  end if;
end
$$;

-- Our server reads as `set local role authenticated`, as PostgREST does, so
-- the connecting user must be a member of it (superusers already are).
do $$
begin
  if not pg_catalog.pg_has_role(current_user, 'authenticated', 'MEMBER') then
    execute format('grant authenticated to %I', current_user);
  end if;
end
$$;

grant usage on schema public to authenticated;

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

create schema if not exists app_private;
revoke all on schema app_private from public;

-- The allowlist: INBOX_EMAILS at our server's start, and
-- `npm run submissions -- members add|remove|list` on any backend. Addresses
-- are kept in lower case, as Supabase Auth keeps them. user_id is the `sub`
-- of the tokens our server signs; on hosted Supabase only the email counts.
create table if not exists app_private.inbox_members (
  email text primary key check (char_length(email) between 3 and 254 and email = lower(email)),
  user_id uuid not null unique default gen_random_uuid(),
  added_at timestamptz not null default now()
);
revoke all on table app_private.inbox_members from public, anon, authenticated;

-- Whether the caller is a member: SECURITY DEFINER to read the allowlist,
-- which nobody else may. In `public` so that row-level security on every
-- table can call it; PostgREST also serves it as rpc/inbox_is_member, which
-- tells a signed-in user only about themselves.
create or replace function public.inbox_is_member()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select from app_private.inbox_members m
    where m.email = pg_catalog.lower(auth.jwt() ->> 'email')
  )
$$;

-- Supabase grants execute on new functions in public to anon and authenticated.
revoke all on function public.inbox_is_member() from public, anon, authenticated;
grant execute on function public.inbox_is_member() to authenticated;
