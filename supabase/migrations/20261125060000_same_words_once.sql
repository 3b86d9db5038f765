-- One definition of "the same words within 10 minutes" (issue 36): the key
-- trigger and our server's repeat check (server/native-form/sent-page.ts) both
-- call this function instead of each writing the query. Idempotent.

create or replace function app_private.same_words_key(email text, name text, message text)
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select s.submission_key
  from public.contact_submissions s
  where s.email = same_words_key.email
    and s.name = same_words_key.name
    and s.message = same_words_key.message
    and s.created_at > pg_catalog.now() - interval '10 minutes'
  order by s.created_at desc, s.id desc
  limit 1
$$;

revoke all on function app_private.same_words_key(text, text, text) from public;

comment on function app_private.same_words_key(text, text, text) is
  'The form without JavaScript sent the same words again within 10 minutes: the key of that submission, so a repeat is the same lead (one definition for the trigger and the server).';

-- Changed: the trigger now asks same_words_key() rather than repeating its query.
create or replace function app_private.assign_submission_key()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
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
  new.submission_key := coalesce(
    app_private.same_words_key(new.email, new.name, new.message),
    gen_random_uuid()
  );
  return new;
end
$$;
