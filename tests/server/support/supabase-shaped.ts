/**
 * What hosted Supabase has before our migrations run: its roles, its `auth`
 * schema with auth.jwt(), auth.uid() and auth.role() (Supabase's own
 * definitions, marked so a replacement would show), pgcrypto in `extensions`,
 * and default grants of everything in `public` to its API roles.
 */
export const SUPABASE_PREPARATION = `
  do $$ begin
    if not exists (select from pg_roles where rolname = 'anon') then create role anon nologin noinherit; end if;
    if not exists (select from pg_roles where rolname = 'authenticated') then create role authenticated nologin noinherit; end if;
    if not exists (select from pg_roles where rolname = 'service_role') then create role service_role nologin noinherit bypassrls; end if;
  end $$;
  create schema auth;
  create function auth.jwt() returns jsonb language sql stable as $f$
    -- supabase's own
    select coalesce(nullif(current_setting('request.jwt.claim', true), ''),
                    nullif(current_setting('request.jwt.claims', true), ''))::jsonb
  $f$;
  create function auth.uid() returns uuid language sql stable as $f$
    -- supabase's own
    select coalesce(nullif(current_setting('request.jwt.claim.sub', true), ''),
                    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub'))::uuid
  $f$;
  create function auth.role() returns text language sql stable as $f$
    -- supabase's own
    select coalesce(nullif(current_setting('request.jwt.claim.role', true), ''),
                    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role'))::text
  $f$;
  grant usage on schema auth to anon, authenticated, service_role;
  create schema extensions;
  create extension pgcrypto with schema extensions;
  alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
  alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
  alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
`;
