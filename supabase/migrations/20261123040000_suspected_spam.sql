-- Suspected spam: a submission whose hidden honeypot field was filled (by a
-- bot, or by a browser's autofill). It is stored, so a real enquiry is never
-- lost without trace, but not emailed; the export shows it under its own
-- delivery status. Every other rule (CHECKs, RLS, rate limit) still applies:
-- it is an ordinary insert by anon with one more column. Idempotent.

alter table public.contact_submissions
  add column if not exists suspected_spam boolean not null default false;

comment on column public.contact_submissions.suspected_spam is
  'The form''s honeypot was filled: kept, flagged, never emailed.';

-- The form sends the flag in the insert body (PostgREST needs a column grant).
grant insert (suspected_spam) on table public.contact_submissions to anon;

-- The outbox trigger of 20261122010000_lead_outbox.sql, now skipping flagged
-- rows: no outbox row, so nothing is ever sent for them.
create or replace function app_private.enqueue_lead_delivery()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not new.suspected_spam then
    insert into public.lead_outbox (submission_id) values (new.id);
  end if;
  return null;
end
$$;

revoke all on function app_private.enqueue_lead_delivery() from public;
