-- Sign-in by an emailed code on our own server (server/auth/, Supabase Auth's
-- email OTP as supabase-js calls it; docs/inbox.md). On hosted Supabase,
-- Supabase Auth does all this and these tables stay empty. Everything lives in
-- app_private, which PostgREST never exposes and only the owner reads, so N
-- instances share one state and nothing needs configuring.
--
-- Codes and refresh tokens are kept only as HMAC-SHA256 under the signing key
-- below: a copy of the tables alone signs no one in.
--
-- Codes nobody can take from a member: every code sent stays good until it is
-- used or expires, and using one ends the others; requests and wrong tries are
-- limited per address and client address together (a member's own budget,
-- which a stranger elsewhere cannot use), under higher caps per address (the
-- arithmetic is in docs/inbox.md); each address's requests and tries take a
-- lock, so concurrent ones cannot all pass a count each alone is under.

-- The key that signs access tokens (HS256) and keys the hashes; made here,
-- like the proof of work's key. Rotate with an UPDATE: every session ends.
create table app_private.auth_signing_key (
  singleton boolean primary key default true check (singleton),
  secret text not null default pg_catalog.encode(extensions.gen_random_bytes(32), 'hex')
);
insert into app_private.auth_signing_key (singleton) values (true)
  on conflict (singleton) do nothing;

-- Requests for a code, for the limits per address and per client address,
-- kept as hashes (an address asked for may not be a member's) for an hour.
create table app_private.auth_code_requests (
  at timestamptz not null default now(),
  email_hash text not null,
  client_hash text not null
);
create index auth_code_requests_email on app_private.auth_code_requests (email_hash, at);
create index auth_code_requests_client on app_private.auth_code_requests (client_hash, at);
create index auth_code_requests_pair on app_private.auth_code_requests (email_hash, client_hash, at);

-- A session per sign-in; removing a member ends theirs (on delete cascade).
create table app_private.auth_sessions (
  id uuid primary key default gen_random_uuid(),
  email text not null references app_private.inbox_members (email) on delete cascade,
  created_at timestamptz not null default now()
);
-- Sign-out everywhere and removal delete a member's sessions by address.
create index auth_sessions_email on app_private.auth_sessions (email);

-- Rotating refresh tokens: each works once; a used one shown again ends the
-- session, as it means a copy is in someone else's hands.
create table app_private.auth_refresh_tokens (
  token_hash text primary key,
  session_id uuid not null references app_private.auth_sessions (id) on delete cascade,
  created_at timestamptz not null default now(),
  used_at timestamptz
);
create index auth_refresh_tokens_session on app_private.auth_refresh_tokens (session_id);

-- Several live codes per address: one row per code sent.
create table app_private.auth_sign_in_codes (
  id bigint generated always as identity primary key,
  email text not null references app_private.inbox_members (email) on delete cascade,
  code_hash text not null,
  expires_at timestamptz not null
);
create index auth_sign_in_codes_email on app_private.auth_sign_in_codes (email, code_hash);

-- Wrong tries, kept as hashes like the requests (an address tried may be no
-- member's) for an hour.
create table app_private.auth_wrong_codes (
  at timestamptz not null default now(),
  email_hash text not null,
  client_hash text not null
);
create index auth_wrong_codes_email on app_private.auth_wrong_codes (email_hash, client_hash, at);
create index auth_wrong_codes_at on app_private.auth_wrong_codes (at);

revoke all on table app_private.auth_signing_key, app_private.auth_code_requests,
  app_private.auth_sessions, app_private.auth_refresh_tokens, app_private.auth_sign_in_codes,
  app_private.auth_wrong_codes
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
comment on function app_private.auth_hash(text) is
  'Codes and refresh tokens are stored only as HMAC-SHA256 under the database''s signing key: a copy of the tables signs no one in.';

-- One address's requests and tries, one at a time (an advisory lock for the
-- transaction, keyed by the address's hash, so it works for a stranger's too).
create or replace function app_private.auth_lock_address(email_key text)
returns void
language sql
set search_path = ''
as $$
  select pg_catalog.pg_advisory_xact_lock(7207, pg_catalog.hashtext(email_key))
$$;
comment on function app_private.auth_lock_address(text) is
  'One address''s code requests and tries one at a time, so concurrent ones cannot all pass a limit each alone is under.';

-- A request for a code. The same statements run for any address, so a
-- member's and a stranger's requests take the same time; only a member's
-- stores a code. Returns 'send' (email the code), 'ignore' (not a member:
-- answer the same, send nothing), or the limit reached: 'client_limit' (per
-- client address), 'email_gap' (a minute per address and client address,
-- with the whole seconds left of it, as GoTrue words its refusal),
-- 'email_limit' (per address and client address, or per address).
create or replace function app_private.auth_ask_code(
  address text, client text, code text, code_seconds integer, pair_gap_seconds integer,
  pair_per_hour integer, email_per_hour integer, client_per_hour integer,
  out outcome text, out wait_seconds integer
)
language plpgsql
set search_path = ''
as $$
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
$$;
comment on function app_private.auth_ask_code(text, text, text, integer, integer, integer, integer, integer) is
  'A sign-in code request: the same statements for any address (same answer, same timing), a code stored only for a member and kept until used or expired; limited per address and client address together, under a higher cap per address, so a stranger elsewhere cannot use up a member''s requests.';

-- A code typed in. Over the limit of wrong tries (per address and client
-- address, or per address) → 'limit', and the code is not even compared.
-- Else any live code of the address that matches → a new session with its
-- first refresh token ('session', with the member), and the address's other
-- codes end; no match → 'wrong', counted. The same statements for any address.
create or replace function app_private.auth_verify_code(
  address text, client text, code text, refresh_hash text,
  wrong_per_pair integer, wrong_per_email integer
)
returns table (outcome text, session_id uuid, user_id uuid, email text, added_at timestamptz)
language plpgsql
set search_path = ''
as $$
declare
  member_email text := pg_catalog.lower(address);
  email_key text := app_private.auth_hash('email:' || pg_catalog.lower(address));
  client_key text := app_private.auth_hash('client:' || client);
  matched bigint;
  new_session uuid;
begin
  perform app_private.auth_lock_address(email_key);
  delete from app_private.auth_wrong_codes w where w.at < pg_catalog.now() - interval '1 hour';
  if (select count(*) from app_private.auth_wrong_codes w
      where w.email_hash = email_key and w.client_hash = client_key) >= wrong_per_pair
    or (select count(*) from app_private.auth_wrong_codes w where w.email_hash = email_key)
      >= wrong_per_email then
    return query select 'limit', null::uuid, null::uuid, null::text, null::timestamptz;
    return;
  end if;
  select c.id into matched from app_private.auth_sign_in_codes c
    where c.email = member_email and c.expires_at > pg_catalog.now()
      and c.code_hash = app_private.auth_hash('code:' || member_email || ':' || code)
    limit 1 for update;
  if matched is null then
    insert into app_private.auth_wrong_codes (email_hash, client_hash) values (email_key, client_key);
    return query select 'wrong', null::uuid, null::uuid, null::text, null::timestamptz;
    return;
  end if;
  delete from app_private.auth_sign_in_codes c where c.email = member_email;
  insert into app_private.auth_sessions (email) values (member_email) returning id into new_session;
  insert into app_private.auth_refresh_tokens (token_hash, session_id) values (refresh_hash, new_session);
  return query
    select 'session', new_session, m.user_id, m.email, m.added_at
    from app_private.inbox_members m where m.email = member_email;
end
$$;
comment on function app_private.auth_verify_code(text, text, text, text, integer, integer) is
  'A typed code: any live one of the address starts a session and ends the others; wrong tries are limited per address and client address together and per address, which bounds guessing (docs/inbox.md).';

-- The refresh token that follows one: HMAC-SHA256 of it under the signing key,
-- base64url like the first (43 characters). Derived rather than random, so a
-- token shown again can be answered with the token that followed it, as
-- GoTrue answers, though only hashes are stored.
create or replace function app_private.auth_next_refresh(token text)
returns text
language sql
stable
set search_path = ''
as $$
  select pg_catalog.rtrim(pg_catalog.translate(pg_catalog.encode(extensions.hmac(
    pg_catalog.convert_to('next:' || token, 'UTF8'), pg_catalog.convert_to(k.secret, 'UTF8'),
    'sha256'), 'base64'), '+/', '-_'), '=')
  from app_private.auth_signing_key k
$$;
comment on function app_private.auth_next_refresh(text) is
  'The refresh token that follows one, derived under the signing key: a token shown again gets the same next one back, though only hashes are stored.';

-- A refresh token exchanged for the next ('session', with the next token and
-- the member); an unknown one, or a non-member's, is no row. A token used
-- before is GoTrue's reuse: the one just before the session's live token
-- (a retry whose answer was lost, two tabs refreshing at once) gets the live
-- one back, at any time; an older one within reuse_seconds of its use
-- (GoTrue's GOTRUE_SECURITY_REFRESH_TOKEN_REUSE_INTERVAL) gets it too; any
-- other ends the session ('already_used'), as a copy is in someone else's hands.
create or replace function app_private.auth_rotate_refresh(presented text, reuse_seconds integer)
returns table (
  outcome text, refresh_token text, session_id uuid, user_id uuid, email text, added_at timestamptz
)
language plpgsql
set search_path = ''
as $$
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
$$;
comment on function app_private.auth_rotate_refresh(text, integer) is
  'Rotating refresh tokens as GoTrue rotates them: each is exchanged once; shown again, the one just before the live token, or an older one within the reuse interval, gets the live token back, and any other ends the session, as a copy is in someone else''s hands.';

revoke all on function app_private.auth_hash(text), app_private.auth_lock_address(text),
  app_private.auth_ask_code(text, text, text, integer, integer, integer, integer, integer),
  app_private.auth_verify_code(text, text, text, text, integer, integer),
  app_private.auth_next_refresh(text), app_private.auth_rotate_refresh(text, integer)
  from public;
