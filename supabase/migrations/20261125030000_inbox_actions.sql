-- The agency's inbox (docs/inbox.md), part 3: every change a member makes,
-- as functions PostgREST serves (POST /rest/v1/rpc/<name>). Each checks that
-- the caller is a member and records who did what, when (lead_activity).
-- SECURITY DEFINER: members may read the tables, never write them directly.
-- A non-member gets 42501 (PostgREST's 403); an unknown lead P0002 (404);
-- a bad argument 22023 (400). Idempotent.

-- The signed-in member's address, or 42501.
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

-- The lead, locked for the change, or P0002.
create or replace function app_private.inbox_lead(lead_id bigint)
returns public.contact_submissions
language plpgsql
security definer
set search_path = ''
as $$
declare
  lead public.contact_submissions;
begin
  select * into lead from public.contact_submissions where id = lead_id for update;
  if not found then
    raise exception using errcode = 'P0002', message = 'no such lead';
  end if;
  return lead;
end
$$;
revoke all on function app_private.inbox_lead(bigint) from public;

create or replace function public.inbox_set_status(lead_id bigint, new_status text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor text := app_private.inbox_member_email();
  lead public.contact_submissions := app_private.inbox_lead(lead_id);
begin
  if new_status is null
    or new_status not in ('new', 'replied', 'diagnosed', 'won', 'lost', 'archived') then
    raise exception using errcode = '22023',
      message = 'status must be one of new, replied, diagnosed, won, lost, archived';
  end if;
  if lead.status = new_status then
    return;
  end if;
  update public.contact_submissions set
    status = new_status,
    replied_at = case when new_status = 'replied' then coalesce(replied_at, pg_catalog.now())
                      else replied_at end,
    diagnosed_at = case when new_status = 'diagnosed' then coalesce(diagnosed_at, pg_catalog.now())
                        else diagnosed_at end
  where id = lead_id;
  insert into public.lead_activity (submission_id, actor, action, detail)
  values (lead_id, actor, 'status',
          pg_catalog.jsonb_build_object('from', lead.status, 'to', new_status));
end
$$;

create or replace function public.inbox_add_note(lead_id bigint, body text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor text := app_private.inbox_member_email();
  lead public.contact_submissions := app_private.inbox_lead(lead_id);
  note_id bigint;
begin
  body := pg_catalog.btrim(body);
  if body is null or pg_catalog.char_length(body) not between 1 and 5000 then
    raise exception using errcode = '22023', message = 'a note has 1 to 5000 characters';
  end if;
  insert into public.lead_notes (submission_id, author, body)
  values (lead.id, actor, body) returning id into note_id;
  insert into public.lead_activity (submission_id, actor, action, detail)
  values (lead.id, actor, 'note', pg_catalog.jsonb_build_object('note_id', note_id));
end
$$;

-- The first opening per member is recorded; opening it again changes nothing.
create or replace function public.inbox_mark_read(lead_id bigint)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor text := app_private.inbox_member_email();
begin
  if not exists (select from public.contact_submissions where id = lead_id) then
    raise exception using errcode = 'P0002', message = 'no such lead';
  end if;
  insert into public.lead_reads (submission_id, member) values (lead_id, actor)
    on conflict do nothing;
  if found then
    insert into public.lead_activity (submission_id, actor, action) values (lead_id, actor, 'read');
  end if;
end
$$;

-- Released from the Spam tab: into the inbox, and queued for email and, when
-- that channel is on, the webhook, as the insert trigger queues a new lead
-- (app_private.enqueue_lead_delivery). Once: a lead already released, or
-- one that was never held, is left as it is.
create or replace function public.inbox_not_spam(lead_id bigint)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor text := app_private.inbox_member_email();
  lead public.contact_submissions := app_private.inbox_lead(lead_id);
begin
  if not lead.suspected_spam then
    return;
  end if;
  update public.contact_submissions set suspected_spam = false where id = lead_id;
  insert into public.lead_outbox (submission_id) values (lead_id) on conflict do nothing;
  if exists (select from app_private.lead_channels where channel = 'webhook') then
    insert into public.lead_webhooks (submission_id) values (lead_id) on conflict do nothing;
  end if;
  insert into public.lead_activity (submission_id, actor, action) values (lead_id, actor, 'not_spam');
end
$$;

-- Erasure on request: the lead, its delivery rows, notes, markers and
-- activity go (foreign keys, on delete cascade). What stays is the fact.
create or replace function public.inbox_erase(lead_id bigint)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor text := app_private.inbox_member_email();
begin
  perform app_private.inbox_lead(lead_id);
  delete from public.contact_submissions where id = lead_id;
  insert into public.lead_activity (submission_id, actor, action, detail)
  values (null, actor, 'erase', pg_catalog.jsonb_build_object('lead_id', lead_id));
end
$$;

revoke all on function public.inbox_set_status(bigint, text), public.inbox_add_note(bigint, text),
  public.inbox_mark_read(bigint), public.inbox_not_spam(bigint), public.inbox_erase(bigint)
  from public, anon, authenticated;
grant execute on function public.inbox_set_status(bigint, text), public.inbox_add_note(bigint, text),
  public.inbox_mark_read(bigint), public.inbox_not_spam(bigint), public.inbox_erase(bigint)
  to authenticated;
