-- Written by `npm run db:diff` from supabase/schemas/: read it before committing.
-- Every migration runs twice in tests/server/migrations.test.ts: make what it creates `if not exists`.

-- A reply the local mailbox kept (docs/local-mailbox.md) never left the machine: the inbox and the
-- log say so rather than that a mail server accepted it.
alter table public.lead_replies add column if not exists kept_locally boolean not null default false;
