-- The agency's inbox: who is a member (docs/inbox.md).
--
-- A member is a signed-in user whose token's `email` claim is in the allowlist
-- and whose `session_id` names a live session. The rule is here, in the
-- database, so it holds where no server of ours runs: on hosted Supabase the
-- token comes from Supabase Auth, elsewhere from our server's /auth/v1
-- (server/auth/, whose tables are 15_sign_in.sql). Every member policy and
-- inbox function goes through public.inbox_is_member().

-- The allowlist: INBOX_EMAILS at our server's start, and
-- `npm run submissions -- members add|remove|list` on any backend. Addresses
-- are kept in lower case, as Supabase Auth keeps them. user_id is the `sub`
-- of the tokens our server signs; on hosted Supabase only the email counts.
create table app_private.inbox_members (
  email text primary key check (char_length(email) between 3 and 254 and email = lower(email)),
  user_id uuid not null unique default gen_random_uuid(),
  added_at timestamptz not null default now()
);
revoke all on table app_private.inbox_members from public, anon, authenticated;

-- Each removal is recorded, so every instance agrees and a restart cannot undo
-- it: INBOX_EMAILS adds only an address that was never removed, and only the
-- operator's `members add` takes a removal back.
create table app_private.inbox_removed_members (
  email text primary key check (char_length(email) between 3 and 254 and email = lower(email)),
  removed_at timestamptz not null default now(),
  -- A member's address, or 'operator' for `npm run submissions -- members remove`.
  removed_by text not null check (char_length(removed_by) between 1 and 254)
);
revoke all on table app_private.inbox_removed_members from public, anon, authenticated;
comment on table app_private.inbox_removed_members is
  'Who was removed from the inbox, when and by whom: INBOX_EMAILS never adds them back at a start; the operator''s members add does.';

-- Whether the caller is a member with a live session. SECURITY DEFINER to read
-- the allowlist, which nobody else may; in `public` so that row-level security
-- on every table can call it (PostgREST also serves it as rpc/inbox_is_member).
--
-- Where sessions live:
-- - our server (embedded database, PostgreSQL): app_private.auth_sessions,
--   whose rows sign-out, refresh-token reuse and removal delete;
-- - hosted Supabase: auth.sessions, Supabase Auth's own table, whose `id` is
--   the JWT's session_id (supabase/auth internal/models/sessions.go).
-- A session is live when it is in either. auth.sessions exists only where
-- Supabase made it, and a function that names a missing table cannot be
-- created, so the body is chosen here, when this runs.
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
    -- Fail rather than install a rule that refuses every member.
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
-- Supabase grants execute on new functions in public to anon and authenticated.
revoke all on function public.inbox_is_member() from public, anon, authenticated;
grant execute on function public.inbox_is_member() to authenticated;
comment on function public.inbox_is_member() is
  'Whether the caller''s token (auth.jwt()) is a member''s (its email in the allowlist) and still names a live session (its session_id in app_private.auth_sessions, our server''s, or auth.sessions, Supabase Auth''s, where that exists): the rule every member policy and RPC uses, so a signed-out, reused or removed session reads nothing on every topology.';

-- The signed-in member's address, or 42501 (PostgREST's 403).
create or replace function app_private.inbox_member_email()
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.inbox_is_member() then
    raise exception using errcode = '42501', message = 'permission denied: not an inbox member';
  end if;
  return pg_catalog.lower(auth.jwt() ->> 'email');
end
$$;
revoke all on function app_private.inbox_member_email() from public;
comment on function app_private.inbox_member_email() is
  'The signed-in member''s address for the activity record, or PostgREST''s 403 for anyone else: every change checks membership first.';

-- The operator's add: takes back a removal, then adds. True if they were not a member.
create or replace function app_private.inbox_add_member(member_email text)
returns boolean
language plpgsql
set search_path = ''
as $$
declare
  address text := pg_catalog.lower(pg_catalog.btrim(member_email));
begin
  delete from app_private.inbox_removed_members r where r.email = address;
  insert into app_private.inbox_members (email) values (address) on conflict (email) do nothing;
  return found;
end
$$;
revoke all on function app_private.inbox_add_member(text) from public;
comment on function app_private.inbox_add_member(text) is
  'The operator''s members add: the one way back in for an address that was removed, so INBOX_EMAILS cannot undo a removal.';

-- Removes a member (their sessions and refresh tokens go with them, on delete
-- cascade) and records the removal, even of an address that was not a member:
-- the operator can keep an INBOX_EMAILS address out before it is ever added.
-- True if they were a member.
create or replace function app_private.inbox_remove_member(member_email text, removed_by text)
returns boolean
language plpgsql
set search_path = ''
as $$
declare
  address text := pg_catalog.lower(pg_catalog.btrim(member_email));
  was_member boolean;
begin
  delete from app_private.inbox_members m where m.email = address;
  was_member := found;
  insert into app_private.inbox_removed_members (email, removed_by)
  values (address, inbox_remove_member.removed_by)
  on conflict (email) do update set removed_at = pg_catalog.now(), removed_by = excluded.removed_by;
  return was_member;
end
$$;
revoke all on function app_private.inbox_remove_member(text, text) from public;
comment on function app_private.inbox_remove_member(text, text) is
  'One removal for the operator''s command and a member''s rpc/inbox_remove_member: the member and their sessions go, and the removal is recorded so no restart brings them back.';

-- INBOX_EMAILS at our server's start: each address is added unless it is a
-- member already or was removed. One statement, so instances starting at
-- once agree. Says what became of each address, for the start-up log.
create or replace function app_private.inbox_seed_members(emails text[])
returns table (address text, outcome text)
language sql
set search_path = ''
as $$
  with wanted as (
    select distinct pg_catalog.lower(pg_catalog.btrim(e)) as address
    from pg_catalog.unnest(emails) as e
  ),
  added as (
    insert into app_private.inbox_members (email)
    select w.address from wanted w
    where not exists (select from app_private.inbox_removed_members r where r.email = w.address)
    on conflict (email) do nothing
    returning email
  )
  select w.address,
    case
      when exists (select from added a where a.email = w.address) then 'added'
      when exists (select from app_private.inbox_members m where m.email = w.address) then 'member'
      else 'removed'
    end
  from wanted w
  order by w.address
$$;
revoke all on function app_private.inbox_seed_members(text[]) from public;
comment on function app_private.inbox_seed_members(text[]) is
  'INBOX_EMAILS fills the allowlist but never undoes a removal: an address removed by the operator or a member is skipped, and the start-up log says so.';

-- A member removes another: the same removal as the operator's, recorded with
-- the member's address. Not themselves, so a member can never empty the
-- allowlist (the operator can). A non-member gets 42501 (PostgREST's 403),
-- an address that is not a member PT404 (404), their own address 22023 (400).
create or replace function public.inbox_remove_member(email text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor text := app_private.inbox_member_email();
  address text := pg_catalog.lower(pg_catalog.btrim(inbox_remove_member.email));
begin
  if address is null or address = actor then
    raise exception using errcode = '22023',
      message = 'a member cannot remove themselves; the operator can (members remove)';
  end if;
  if not exists (select from app_private.inbox_members m where m.email = address) then
    raise exception using errcode = 'PT404', message = 'no such member';
  end if;
  perform app_private.inbox_remove_member(address, actor);
end
$$;
revoke all on function public.inbox_remove_member(text) from public, anon, authenticated;
grant execute on function public.inbox_remove_member(text) to authenticated;
comment on function public.inbox_remove_member(text) is
  'A member ends another member''s access at once (their sessions go) and for good: no restart or INBOX_EMAILS brings them back; recorded with who removed them.';
