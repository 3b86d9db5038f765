-- The agency's inbox (docs/inbox.md), part 4: sign-in by an emailed code on
-- our own server (server/auth/, Supabase Auth's email OTP as supabase-js
-- calls it). On hosted Supabase, Supabase Auth does all this and these
-- tables stay empty. Everything lives in app_private, which PostgREST never
-- exposes and only the owner reads, so N instances share one state and
-- nothing needs configuring. Idempotent.
--
-- Codes and refresh tokens are kept only as HMAC-SHA256 under the signing
-- key below: a copy of the table alone signs no one in.

create schema if not exists extensions;
create extension if not exists pgcrypto with schema extensions;
create schema if not exists app_private;
revoke all on schema app_private from public;

-- The key that signs access tokens (HS256) and keys the hashes; made here,
-- like the proof of work's key. Rotate with an UPDATE: every session ends.
create table if not exists app_private.auth_signing_key (
  singleton boolean primary key default true check (singleton),
  secret text not null default pg_catalog.encode(extensions.gen_random_bytes(32), 'hex')
);
insert into app_private.auth_signing_key (singleton) values (true)
  on conflict (singleton) do nothing;

-- One live code per member address; asking again replaces it.
create table if not exists app_private.auth_codes (
  email text primary key references app_private.inbox_members (email) on delete cascade,
  code_hash text not null,
  expires_at timestamptz not null,
  wrong_tries integer not null default 0
);

-- Requests for a code, for the limits per address and per client address,
-- kept as hashes (an address asked for may not be a member's) for an hour.
create table if not exists app_private.auth_code_requests (
  at timestamptz not null default now(),
  email_hash text not null,
  client_hash text not null
);
create index if not exists auth_code_requests_email on app_private.auth_code_requests (email_hash, at);
create index if not exists auth_code_requests_client on app_private.auth_code_requests (client_hash, at);

-- A session per sign-in; removing a member ends theirs (on delete cascade).
create table if not exists app_private.auth_sessions (
  id uuid primary key default gen_random_uuid(),
  email text not null references app_private.inbox_members (email) on delete cascade,
  created_at timestamptz not null default now()
);

-- Rotating refresh tokens: each works once; a used one shown again ends the
-- session, as it means a copy is in someone else's hands.
create table if not exists app_private.auth_refresh_tokens (
  token_hash text primary key,
  session_id uuid not null references app_private.auth_sessions (id) on delete cascade,
  created_at timestamptz not null default now(),
  used_at timestamptz
);
create index if not exists auth_refresh_tokens_session on app_private.auth_refresh_tokens (session_id);

revoke all on table app_private.auth_signing_key, app_private.auth_codes,
  app_private.auth_code_requests, app_private.auth_sessions, app_private.auth_refresh_tokens
  from public, anon, authenticated;

-- HMAC-SHA256 under the signing key, hex.
create or replace function app_private.auth_hash(value text)
returns text
language sql
stable
set search_path = ''
as $$
  select pg_catalog.encode(extensions.hmac(pg_catalog.convert_to(value, 'UTF8'),
    pg_catalog.convert_to(k.secret, 'UTF8'), 'sha256'), 'hex')
  from app_private.auth_signing_key k
$$;

-- A request for a code. The same statements run for any address, so a
-- member's and a stranger's requests take the same time; only a member's
-- stores a code. Returns 'send' (email the code), 'ignore' (not a member:
-- answer the same, send nothing), or the limit hit: 'email_limit' or
-- 'client_limit' (GoTrue's 429s).
create or replace function app_private.auth_request_code(
  address text, client text, code text,
  code_seconds integer, email_gap_seconds integer, email_per_hour integer, client_per_hour integer
)
returns text
language plpgsql
set search_path = ''
as $$
declare
  email_key text := app_private.auth_hash('email:' || pg_catalog.lower(address));
  client_key text := app_private.auth_hash('client:' || client);
  is_member boolean;
begin
  delete from app_private.auth_code_requests where at < pg_catalog.now() - interval '1 hour';
  if (select count(*) from app_private.auth_code_requests where client_hash = client_key)
      >= client_per_hour then
    return 'client_limit';
  end if;
  if exists (select from app_private.auth_code_requests
             where email_hash = email_key
               and at > pg_catalog.now() - pg_catalog.make_interval(secs => email_gap_seconds))
    or (select count(*) from app_private.auth_code_requests where email_hash = email_key)
      >= email_per_hour then
    return 'email_limit';
  end if;
  insert into app_private.auth_code_requests (email_hash, client_hash) values (email_key, client_key);
  is_member := exists (select from app_private.inbox_members where email = pg_catalog.lower(address));
  insert into app_private.auth_codes (email, code_hash, expires_at)
    select pg_catalog.lower(address), app_private.auth_hash('code:' || pg_catalog.lower(address) || ':' || code),
           pg_catalog.now() + pg_catalog.make_interval(secs => code_seconds)
    where is_member
  on conflict (email) do update
    set code_hash = excluded.code_hash, expires_at = excluded.expires_at, wrong_tries = 0;
  return case when is_member then 'send' else 'ignore' end;
end
$$;

-- A code typed in: right, in time and not used → a new session with its
-- first refresh token, returned with the member's id; else null, and a wrong
-- code counts against the live one, which dies at the fifth.
create or replace function app_private.auth_verify_code(
  address text, code text, refresh_hash text, max_wrong integer
)
returns table (session_id uuid, user_id uuid, email text, added_at timestamptz)
language plpgsql
set search_path = ''
as $$
declare
  live app_private.auth_codes;
  new_session uuid;
begin
  select * into live from app_private.auth_codes c
    where c.email = pg_catalog.lower(address) for update;
  if not found then
    return;
  end if;
  if live.expires_at <= pg_catalog.now() then
    delete from app_private.auth_codes c where c.email = live.email;
    return;
  end if;
  if live.code_hash <> app_private.auth_hash('code:' || live.email || ':' || code) then
    if live.wrong_tries + 1 >= max_wrong then
      delete from app_private.auth_codes c where c.email = live.email;
    else
      update app_private.auth_codes c set wrong_tries = c.wrong_tries + 1 where c.email = live.email;
    end if;
    return;
  end if;
  delete from app_private.auth_codes c where c.email = live.email;
  insert into app_private.auth_sessions (email) values (live.email) returning id into new_session;
  insert into app_private.auth_refresh_tokens (token_hash, session_id) values (refresh_hash, new_session);
  return query
    select new_session, m.user_id, m.email, m.added_at
    from app_private.inbox_members m where m.email = live.email;
end
$$;

-- A refresh token exchanged for the next: the old one is used up. A token
-- already used ends its session; an unknown one, or a non-member's, is null.
create or replace function app_private.auth_rotate_refresh(old_hash text, new_hash text)
returns table (session_id uuid, user_id uuid, email text, added_at timestamptz)
language plpgsql
set search_path = ''
as $$
declare
  token app_private.auth_refresh_tokens;
begin
  select * into token from app_private.auth_refresh_tokens t
    where t.token_hash = old_hash for update;
  if not found then
    return;
  end if;
  if token.used_at is not null then
    delete from app_private.auth_sessions s where s.id = token.session_id;
    return;
  end if;
  update app_private.auth_refresh_tokens t set used_at = pg_catalog.now()
    where t.token_hash = old_hash;
  insert into app_private.auth_refresh_tokens (token_hash, session_id)
    values (new_hash, token.session_id);
  return query
    select s.id, m.user_id, m.email, m.added_at
    from app_private.auth_sessions s join app_private.inbox_members m on m.email = s.email
    where s.id = token.session_id;
end
$$;

revoke all on function app_private.auth_hash(text),
  app_private.auth_request_code(text, text, text, integer, integer, integer, integer),
  app_private.auth_verify_code(text, text, text, integer),
  app_private.auth_rotate_refresh(text, text)
  from public;
