-- Exactly once (docs/product.md#exactly-once): every submission carries a key,
-- and the database stores each key once.
--
-- * The page draws a random UUID per draft and sends it with every attempt of
--   that draft. The insert asks PostgREST to skip a repeat:
--     POST /rest/v1/contact_submissions?on_conflict=submission_key
--     Prefer: resolution=ignore-duplicates
--   which PostgREST runs as `insert … on conflict (submission_key) do nothing
--   returning 1`; our server runs the same statement. A repeat answers 201 and
--   changes nothing: no row is inserted, so the AFTER INSERT outbox trigger
--   (lead email) does not fire either.
-- * An insert without a key is given one by a BEFORE trigger, so every row
--   has a reference. For the form without JavaScript (only our server takes
--   it; it sets `contact.native_form` for that row and inserts with
--   the same ON CONFLICT) the key is that of the same name, email and message
--   stored in the last 10 minutes, if any: a double tap or "back and send
--   again" is the same submission and is skipped. Other keyless inserts (an
--   old page) get a fresh key. The BEFORE triggers that run after this one
--   (PostgreSQL fires them in name order) see the row's final key.
--
-- Anon may insert the key and never read another's: see the grants below.
-- Idempotent; runs on hosted Supabase, PostgreSQL 15+ and PGlite.

alter table public.contact_submissions
  add column if not exists submission_key uuid;

comment on column public.contact_submissions.submission_key is
  'Drawn by the visitor''s device per draft (or by the database for a keyless insert); unique, so a retry is stored once. The reference shown to the visitor is derived from it.';

-- Rows stored before this migration get a key, so every lead has a reference.
update public.contact_submissions set submission_key = gen_random_uuid()
  where submission_key is null;

-- A constraint (not a partial index), so `on conflict (submission_key)` infers it.
do $$
begin
  if not exists (
    select from pg_catalog.pg_constraint
    where conrelid = 'public.contact_submissions'::regclass
      and conname = 'contact_submissions_submission_key_key'
  ) then
    alter table public.contact_submissions
      add constraint contact_submissions_submission_key_key unique (submission_key);
  end if;
end
$$;

grant insert (submission_key) on table public.contact_submissions to anon;
-- `on conflict (submission_key)` reads the arbiter column, so PostgreSQL wants
-- SELECT on it (without: 42501). Once an insert needs SELECT, row-level
-- security also checks the new row against the SELECT policies, and with none
-- it refuses every insert ("new row violates row-level security policy").
-- This policy passes exactly the rows of anon's own transaction (created_at
-- defaults to now(), the transaction's start, and anon may not set it): the
-- new row passes, and a select sees no row stored by anyone else.
grant select (submission_key) on table public.contact_submissions to anon;
drop policy if exists contact_submissions_anon_own_insert on public.contact_submissions;
create policy contact_submissions_anon_own_insert on public.contact_submissions
  as permissive for select to anon
  using (created_at = pg_catalog.now());

-- The lookup of a recent identical message (the keyless path).
create index if not exists contact_submissions_email_created_at
  on public.contact_submissions (email, created_at);

create schema if not exists app_private;
revoke all on schema app_private from public;

-- SECURITY DEFINER: anon may not read the table; the trigger does, as its
-- owner. An empty search_path and qualified names, as in the other triggers.
create or replace function app_private.assign_submission_key()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  earlier uuid;
begin
  if new.submission_key is not null then
    return new;
  end if;
  if pg_catalog.current_setting('contact.native_form', true) is distinct from 'on' then
    new.submission_key := gen_random_uuid();
    return new;
  end if;
  -- Two identical posts at once wait for each other here (until the first
  -- commits), so the second sees the first's row and takes its key.
  perform pg_catalog.pg_advisory_xact_lock(
    20261124,
    pg_catalog.hashtext(new.email || chr(31) || new.name || chr(31) || new.message)
  );
  select s.submission_key into earlier
  from public.contact_submissions s
  where s.email = new.email
    and s.name = new.name
    and s.message = new.message
    and s.created_at > pg_catalog.now() - interval '10 minutes'
  order by s.created_at desc, s.id desc
  limit 1;
  new.submission_key := coalesce(earlier, gen_random_uuid());
  return new;
end
$$;

revoke all on function app_private.assign_submission_key() from public;

-- Named to sort first: PostgreSQL fires a table's BEFORE triggers in name order.
create or replace trigger contact_submissions_assign_key
  before insert on public.contact_submissions
  for each row
  execute function app_private.assign_submission_key();
