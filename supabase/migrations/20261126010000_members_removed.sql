-- The inbox's allowlist, part 2 (issue 39): a removal holds. Each removal is
-- recorded here, in the database, so every instance on it agrees and a
-- restart cannot undo it: INBOX_EMAILS adds only an address that was never
-- removed, and only the operator's `members add` takes a removal back.
-- Members are added and removed only by the functions below: the operator's
-- commands, our server's start (INBOX_EMAILS) and a member's
-- rpc/inbox_remove_member. Idempotent.

create table if not exists app_private.inbox_removed_members (
  email text primary key check (char_length(email) between 3 and 254 and email = lower(email)),
  removed_at timestamptz not null default now(),
  -- A member's address, or 'operator' for `npm run submissions -- members remove`.
  removed_by text not null check (char_length(removed_by) between 1 and 254)
);
revoke all on table app_private.inbox_removed_members from public, anon, authenticated;
comment on table app_private.inbox_removed_members is
  'Who was removed from the inbox, when and by whom: INBOX_EMAILS never adds them back at a start; the operator''s members add does.';

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
