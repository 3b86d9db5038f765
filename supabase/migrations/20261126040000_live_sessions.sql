-- The agency's inbox (docs/inbox.md): a session that ended reads nothing.
--
-- Until now a member's access token read leads and called the inbox
-- functions for up to an hour after its session had ended (sign-out, a
-- reused refresh token, removal): row-level security looked only at the
-- token's email. Membership now also needs the token's `session_id` to name
-- a live session, checked here in the database so it holds on hosted
-- Supabase too. Every policy and inbox function goes through
-- inbox_is_member(), so this one function is the whole change.
--
-- Where sessions live:
-- - our server (embedded database, PostgreSQL): app_private.auth_sessions,
--   whose rows sign-out, refresh-token reuse and removal delete;
-- - hosted Supabase: auth.sessions, Supabase Auth's own table, whose `id` is
--   the JWT's session_id and whose row sign-out and refresh-token reuse
--   delete (supabase/auth internal/models/sessions.go, internal/api/logout.go).
-- A session is live when it is in either. auth.sessions exists only where
-- Supabase made it, and a function that names a missing table cannot be
-- created, so the body is chosen here, at migration time. Supabase Auth's
-- migrations run before a project's own, so it is there when this runs on
-- hosted Supabase. Nothing is created in the `auth` schema. Idempotent.

-- Sign-out everywhere and removal delete a member's sessions by address.
create index if not exists auth_sessions_email on app_private.auth_sessions (email);

do $$
declare
  -- Supabase Auth's sessions, only where that table exists: `sub` is its user's id.
  supabase_sessions constant text := $sql$
      or exists (select from auth.sessions s
                 where s.id = token_session and s.user_id::text = claims ->> 'sub')$sql$;
  has_supabase_sessions constant boolean := pg_catalog.to_regclass('auth.sessions') is not null;
begin
  if has_supabase_sessions
    and not pg_catalog.has_table_privilege('auth.sessions', 'select') then
    -- Fail the migration rather than install a rule that refuses every member.
    raise exception 'auth.sessions exists but % may not read it', current_user;
  end if;
  -- PL/pgSQL, not SQL: this runs once per statement of every inbox request,
  -- and PL/pgSQL keeps its plans for the connection where an SQL function is
  -- planned again each time (bench: about 90 against 250 to 1,500 µs a
  -- statement on PostgreSQL). A session_id is a uuid only when it looks like
  -- one: a signed token with any other is no session, never a cast error.
  execute pg_catalog.format($fn$
create or replace function public.inbox_is_member()
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $body$
declare
  claims constant jsonb := auth.jwt();
  token_email constant text := pg_catalog.lower(claims ->> 'email');
  token_session_text constant text := claims ->> 'session_id';
  token_session uuid;
begin
  if token_session_text is null or token_session_text !~
      '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' then
    return false;
  end if;
  token_session := token_session_text::uuid;
  return exists (select from app_private.inbox_members m where m.email = token_email)
    and (exists (select from app_private.auth_sessions s
                 where s.id = token_session and s.email = token_email)%s);
end
$body$
$fn$, case when has_supabase_sessions then supabase_sessions else '' end);
end
$$;

-- create or replace keeps the grants; restated so this file alone says who may call it.
revoke all on function public.inbox_is_member() from public, anon, authenticated;
grant execute on function public.inbox_is_member() to authenticated;

comment on function public.inbox_is_member() is
  'Whether the caller''s token (auth.jwt()) is a member''s (its email in the allowlist) and still names a live session (its session_id in app_private.auth_sessions, our server''s, or auth.sessions, Supabase Auth''s, where that exists): the rule every member policy and RPC uses, so a signed-out, reused or removed session reads nothing on every topology.';
