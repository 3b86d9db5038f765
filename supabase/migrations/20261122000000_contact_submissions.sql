-- Contact submissions: the one table the site writes to.
--
-- Runs unchanged on hosted Supabase (via the Supabase CLI), on PostgreSQL 15+
-- and on the embedded database (PGlite), so every statement is idempotent:
-- running the file twice changes nothing.
--
-- The CHECK constraints encode src/features/contact/validation.ts (keep them in
-- step): every field trimmed, lengths counted in code points as char_length()
-- does, and the email pattern ^[^\s@]+@[^\s@]+\.[^\s@]+$. PostgreSQL's own \s
-- and [[:space:]] differ from JavaScript's, so the whitespace set is spelt out:
-- exactly the characters JavaScript's \s and String.prototype.trim() match,
--   [ \t\n\v\f\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]
-- NUL and lone surrogates cannot be stored in a UTF-8 text column at all.

create table if not exists public.contact_submissions (
  id bigint generated always as identity primary key,
  created_at timestamptz not null default now(),
  name text not null,
  email text not null,
  message text not null,
  -- For lead handling later; visitors never set it (anon may insert only the three fields).
  status text not null default 'new',

  constraint contact_submissions_name_check check (
    char_length(name) between 1 and 100
    and name !~ '^[ \t\n\v\f\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]'
    and name !~ '[ \t\n\v\f\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]$'
  ),
  -- The pattern forbids whitespace anywhere, so the address is trimmed too.
  constraint contact_submissions_email_check check (
    char_length(email) between 3 and 254
    and email ~ '^[^@ \t\n\v\f\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+@[^@ \t\n\v\f\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+\.[^@ \t\n\v\f\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+$'
  ),
  constraint contact_submissions_message_check check (
    char_length(message) between 1 and 5000
    and message !~ '^[ \t\n\v\f\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]'
    and message !~ '[ \t\n\v\f\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]$'
  ),
  constraint contact_submissions_status_check check (
    status in ('new', 'contacted', 'closed', 'spam')
  )
);

comment on table public.contact_submissions is
  'Messages from the site''s contact form. Visitors (role anon) may only insert name, email and message.';

-- The role PostgREST uses for requests without a signed-in user. Hosted
-- Supabase already has it; plain PostgreSQL and PGlite get it here.
do $$
begin
  if not exists (select from pg_catalog.pg_roles where rolname = 'anon') then
    create role anon nologin;
  end if;
end
$$;

-- The server inserts with SET LOCAL ROLE anon, so the connecting user must be
-- a member of anon. Superusers (and Supabase's postgres role) already are.
do $$
begin
  if not pg_catalog.pg_has_role(current_user, 'anon', 'MEMBER') then
    execute format('grant anon to %I', current_user);
  end if;
end
$$;

-- Row-level security: anon may insert, and there is no policy (and no grant)
-- for anything else. Not FORCEd: the table owner is the admin who reads the
-- leads (scripts/submissions.ts); it is anon that must be fenced in.
alter table public.contact_submissions enable row level security;

-- Supabase grants everything on new tables to anon and authenticated by
-- default; take it all back, then give anon exactly one thing.
revoke all on table public.contact_submissions from public, anon;
do $$
begin
  if exists (select from pg_catalog.pg_roles where rolname = 'authenticated') then
    revoke all on table public.contact_submissions from authenticated;
  end if;
end
$$;

grant usage on schema public to anon;
grant insert (name, email, message) on table public.contact_submissions to anon;

-- An identity column needs no sequence privilege to insert; Supabase's default
-- grants on the sequence would only let anon burn ids, so revoke them too.
do $$
declare
  id_sequence text := pg_catalog.pg_get_serial_sequence('public.contact_submissions', 'id');
begin
  execute format('revoke all on sequence %s from public, anon', id_sequence);
  if exists (select from pg_catalog.pg_roles where rolname = 'authenticated') then
    execute format('revoke all on sequence %s from authenticated', id_sequence);
  end if;
end
$$;

-- Any row anon may insert is acceptable: the CHECK constraints do the judging.
drop policy if exists contact_submissions_anon_insert on public.contact_submissions;
create policy contact_submissions_anon_insert on public.contact_submissions
  as permissive for insert to anon
  with check (true);
