/**
 * Hosted Supabase's API roles. Roles belong to the whole cluster, not to one
 * database, so the tests' global setup makes them once (tests/setup/global-setup.ts):
 * two files creating them at once would race on pg_authid.
 */
export const SUPABASE_ROLES = `
  do $$ begin
    if not exists (select from pg_roles where rolname = 'anon') then create role anon nologin noinherit; end if;
    if not exists (select from pg_roles where rolname = 'authenticated') then create role authenticated nologin noinherit; end if;
    if not exists (select from pg_roles where rolname = 'service_role') then create role service_role nologin noinherit bypassrls; end if;
  end $$;
`;
