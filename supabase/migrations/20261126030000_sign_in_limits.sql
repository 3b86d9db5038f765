-- Sign-in codes nobody can take from a member (issue 39, docs/inbox.md). On
-- hosted Supabase, Supabase Auth signs members in and these tables stay empty.
--
-- Before: one live code per address, replaced by every request, and limits
-- per address alone, so five requests from anywhere refused the member's own
-- for an hour and killed the code they were about to type; five wrong tries
-- from anywhere killed it too.
--
-- Now:
-- * every code sent stays good until it is used or expires; a verify accepts
--   any live one, and using one ends the others;
-- * requests and wrong tries are limited per address and client address
--   together (a member's own budget, which a stranger elsewhere cannot use),
--   under higher caps per address, which bound the emails one address gets
--   and the guesses made at its codes (the arithmetic is in docs/inbox.md);
-- * each address's requests and tries take a lock, so concurrent requests
--   cannot all pass a count that each alone would see as under the cap.

-- Several live codes per address: one row per code sent.
create table if not exists app_private.auth_sign_in_codes (
  id bigint generated always as identity primary key,
  email text not null references app_private.inbox_members (email) on delete cascade,
  code_hash text not null,
  expires_at timestamptz not null
);
create index if not exists auth_sign_in_codes_email on app_private.auth_sign_in_codes (email, code_hash);

-- Wrong tries, kept as hashes like the requests (an address tried may be no
-- member's) for an hour.
create table if not exists app_private.auth_wrong_codes (
  at timestamptz not null default now(),
  email_hash text not null,
  client_hash text not null
);
create index if not exists auth_wrong_codes_email on app_private.auth_wrong_codes (email_hash, client_hash, at);
create index if not exists auth_wrong_codes_at on app_private.auth_wrong_codes (at);
create index if not exists auth_code_requests_pair on app_private.auth_code_requests (email_hash, client_hash, at);

revoke all on table app_private.auth_sign_in_codes, app_private.auth_wrong_codes
  from public, anon, authenticated;

-- The one-code table and the functions that kept it go; a code live at this
-- migration is lost, and its member asks again.
drop function if exists app_private.auth_request_code(text, text, text, integer, integer, integer, integer);
drop function if exists app_private.auth_verify_code(text, text, text, integer);
drop table if exists app_private.auth_codes;

-- One address's requests and tries, one at a time (an advisory lock for the
-- transaction, keyed by the address's hash, so it works for a stranger's too).
create or replace function app_private.auth_lock_address(email_key text)
returns void
language sql
set search_path = ''
as $$
  select pg_catalog.pg_advisory_xact_lock(7207, pg_catalog.hashtext(email_key))
$$;

-- A request for a code. The same statements run for any address, so a
-- member's and a stranger's requests take the same time; only a member's
-- stores a code. Returns 'send' (email the code), 'ignore' (not a member:
-- answer the same, send nothing), or the limit reached: 'client_limit' (per
-- client address), 'email_gap' (a minute per address and client address),
-- 'email_limit' (per address and client address, or per address).
create or replace function app_private.auth_request_code(
  address text, client text, code text, code_seconds integer, pair_gap_seconds integer,
  pair_per_hour integer, email_per_hour integer, client_per_hour integer
)
returns text
language plpgsql
set search_path = ''
as $$
declare
  member_email text := pg_catalog.lower(address);
  email_key text := app_private.auth_hash('email:' || pg_catalog.lower(address));
  client_key text := app_private.auth_hash('client:' || client);
  is_member boolean;
begin
  perform app_private.auth_lock_address(email_key);
  delete from app_private.auth_code_requests where at < pg_catalog.now() - interval '1 hour';
  delete from app_private.auth_sign_in_codes c
    where c.email = member_email and c.expires_at <= pg_catalog.now();
  if (select count(*) from app_private.auth_code_requests where client_hash = client_key)
      >= client_per_hour then
    return 'client_limit';
  end if;
  if exists (select from app_private.auth_code_requests
             where email_hash = email_key and client_hash = client_key
               and at > pg_catalog.now() - pg_catalog.make_interval(secs => pair_gap_seconds)) then
    return 'email_gap';
  end if;
  if (select count(*) from app_private.auth_code_requests
      where email_hash = email_key and client_hash = client_key) >= pair_per_hour
    or (select count(*) from app_private.auth_code_requests where email_hash = email_key)
      >= email_per_hour then
    return 'email_limit';
  end if;
  insert into app_private.auth_code_requests (email_hash, client_hash) values (email_key, client_key);
  is_member := exists (select from app_private.inbox_members m where m.email = member_email);
  insert into app_private.auth_sign_in_codes (email, code_hash, expires_at)
    select member_email, app_private.auth_hash('code:' || member_email || ':' || code),
           pg_catalog.now() + pg_catalog.make_interval(secs => code_seconds)
    where is_member;
  return case when is_member then 'send' else 'ignore' end;
end
$$;

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

revoke all on function app_private.auth_lock_address(text),
  app_private.auth_request_code(text, text, text, integer, integer, integer, integer, integer),
  app_private.auth_verify_code(text, text, text, text, integer, integer)
  from public;

comment on function app_private.auth_lock_address(text) is
  'One address''s code requests and tries one at a time, so concurrent ones cannot all pass a limit each alone is under.';
comment on function app_private.auth_request_code(text, text, text, integer, integer, integer, integer, integer) is
  'A sign-in code request: the same statements for any address (same answer, same timing), a code stored only for a member and kept until used or expired; limited per address and client address together, under a higher cap per address, so a stranger elsewhere cannot use up a member''s requests.';
comment on function app_private.auth_verify_code(text, text, text, text, integer, integer) is
  'A typed code: any live one of the address starts a session and ends the others; wrong tries are limited per address and client address together and per address, which bounds guessing (docs/inbox.md).';
