-- Contact submissions: the one table the site writes to, and the leads the
-- inbox reads (docs/product.md, docs/inbox.md).
--
-- Visitors insert as role anon, through PostgREST (hosted Supabase) or our
-- server, which runs the same statement. What runs on such an insert, in order:
--   BEFORE triggers, in name order: 00_trim_text and assign_key (here),
--   check_proof (35_proof_of_work.sql), limit_rate (30_rate_limits.sql) and
--   score_spam (55_spam_score.sql);
--   the CHECK constraints below and row-level security;
--   ON CONFLICT (submission_key) DO NOTHING: a repeat is the same lead;
--   AFTER triggers: the delivery queues (40_delivery.sql) and the push alerts
--   (70_alerts.sql).
--
-- The CHECKs encode shared/validation.ts (keep them in step; the tests compare
-- the two over every BMP character and at random):
--   * lengths in code points first. PostgreSQL may evaluate the parts of an
--     AND in any order, so each check is a CASE: its patterns run only on text
--     whose length is in range, never on an oversized value;
--   * trimmed, with whitespace as JavaScript's \s and String.prototype.trim(),
--     spelt out, as PostgreSQL's own \s and [[:space:]] differ:
--       [ \t\n\v\f\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]
--   * at least one visible character: a character outside INVISIBLE_RANGES,
--     written here as the class
--       [\u0001-\u0020\u007f-\u00a0\u00ad … \U000e0000-\U000e0fff]
--     (whitespace, controls, Unicode's default-ignorable code points, blank
--     lookalikes; NUL and lone surrogates cannot be stored in text at all);
--   * no C0 control characters, except line feed and tab in the message;
--   * an email address holds no invisible character at all.

create table public.contact_submissions (
  id bigint generated always as identity primary key,
  created_at timestamptz not null default now(),
  name text not null,
  email text not null,
  message text not null,
  -- The inbox's status (50_inbox.sql moves it); visitors never set it.
  status text not null default 'new',
  suspected_spam boolean not null default false,
  submission_key uuid,
  proof text,
  verified boolean not null default true,
  replied_at timestamptz,
  diagnosed_at timestamptz,
  -- The page's promises as deadlines, written by the clocks' worker (60_clocks.sql).
  reply_due timestamptz,
  diagnosis_due timestamptz,
  -- How a lead was first answered: 'email' (a reply the relay accepted) or
  -- 'marked' ("Mark replied"; 80_replies.sql); null while it is not.
  reply_method text,
  -- The inbox's search: words, compared with each lead's stored words, instead
  -- of `ilike '%…%'` over every message (PGlite ignores statement_timeout, so
  -- one long pattern held the embedded server for seconds). 'simple': no
  -- dictionary and no stemming or stop words, so names and addresses are kept
  -- as written. The address goes in twice: whole, and cut at its punctuation.
  -- Only of a row within the limits: a generated column is computed before the
  -- CHECKs, and a refused address of 60,000 characters took 36 ms to cut up.
  -- No GIN index: `@@` is not LEAKPROOF, so under a member's row-level
  -- security PostgreSQL may not use one; an index would only cost each insert.
  search tsvector
    generated always as (
    case when char_length(name) <= 100 and char_length(email) <= 254
      and char_length(message) <= 5000 then
      pg_catalog.to_tsvector('simple'::regconfig,
        name || ' ' || email || ' ' || pg_catalog.translate(email, '@.-_+', '     ') || ' ' || message)
    end
  ) stored,
  -- Content spam, scored at insert (55_spam_score.sql): the score, its
  -- reasons as codes, and the MinHash signature that finds a blast with
  -- the keys its look-up finds candidates by.
  spam_score real,
  spam_reasons text[],
  spam_signature integer[],
  spam_blast_keys integer[],

  constraint contact_submissions_status_check check (
    status in ('new', 'replied', 'diagnosed', 'won', 'lost', 'archived')
  ),
  -- A constraint (not a partial index), so `on conflict (submission_key)` infers it.
  constraint contact_submissions_submission_key_key unique (submission_key),
  constraint contact_submissions_reply_method_check
    check (reply_method in ('email', 'marked'))
);

-- NOT VALID, as deployed databases have them: these rules judge new rows, and
-- rows stored under an earlier rule stay.
alter table public.contact_submissions
  add constraint contact_submissions_name_check check (
    case when char_length(name) between 1 and 100 then
      name !~ '^[ \t\n\v\f\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]'
      and name !~ '[ \t\n\v\f\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]$'
      and name ~ '[^\u0001-\u0020\u007f-\u00a0\u00ad\u034f\u061c\u115f-\u1160\u1680\u17b4-\u17b5\u180b-\u180f\u2000-\u200f\u2028-\u202f\u205f-\u206f\u2800\u3000\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e0fff]'
      and name !~ '[\u0001-\u001f]'
    else false end
  ) not valid;
-- The pattern forbids whitespace anywhere, so the address is trimmed too.
alter table public.contact_submissions
  add constraint contact_submissions_email_check check (
    case when char_length(email) between 3 and 254 then
      email ~ '^[^@ \t\n\v\f\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+@[^@ \t\n\v\f\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+\.[^@ \t\n\v\f\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+$'
      and email !~ '[\u0001-\u0020\u007f-\u00a0\u00ad\u034f\u061c\u115f-\u1160\u1680\u17b4-\u17b5\u180b-\u180f\u2000-\u200f\u2028-\u202f\u205f-\u206f\u2800\u3000\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e0fff]'
    else false end
  ) not valid;
alter table public.contact_submissions
  add constraint contact_submissions_message_check check (
    case when char_length(message) between 1 and 5000 then
      message !~ '^[ \t\n\v\f\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]'
      and message !~ '[ \t\n\v\f\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]$'
      and message ~ '[^\u0001-\u0020\u007f-\u00a0\u00ad\u034f\u061c\u115f-\u1160\u1680\u17b4-\u17b5\u180b-\u180f\u2000-\u200f\u2028-\u202f\u205f-\u206f\u2800\u3000\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e0fff]'
      and message !~ '[\u0001-\u0008\u000b-\u001f]'
    else false end
  ) not valid;

comment on table public.contact_submissions is
  'Messages from the site''s contact form. Visitors (role anon) may only insert name, email and message.';
comment on column public.contact_submissions.suspected_spam is
  'The form''s honeypot was filled: kept, flagged, never emailed.';
comment on column public.contact_submissions.submission_key is
  'Drawn by the visitor''s device per draft (or by the database for a keyless insert); unique, so a retry is stored once. The reference shown to the visitor is derived from it.';
comment on column public.contact_submissions.proof is
  'ALTCHA v1 payload, checked by the trigger contact_submissions_check_proof and then cleared.';
comment on column public.contact_submissions.verified is
  'false: sent by the form without JavaScript (our server only), which cannot make a proof.';
comment on column public.contact_submissions.spam_score is
  'The content spam score at insert (55_spam_score.sql): 5 or more held it as suspected spam.';
comment on column public.contact_submissions.spam_reasons is
  'Why it was scored or held, as codes the inbox and the export put in plain words (shared/copy/spam-reasons.ts).';
comment on column public.contact_submissions.spam_signature is
  'The message''s MinHash signature, to find the same text sent by others in the last days (a blast).';
comment on column public.contact_submissions.spam_blast_keys is
  'The signature''s values, three at a time within parts, hashed (app_private.spam_blast_keys): the keys a blast''s look-up finds its candidates by.';
comment on column public.contact_submissions.search is
  'The words of name, email (whole and in parts) and message, for the inbox''s search (the search column of inbox_list, PostgREST''s fts filter); null for a row beyond the limits, which the CHECKs refuse; kept by PostgreSQL, never written.';

-- The lookup of a recent identical message (the keyless path).
create index contact_submissions_email_created_at
  on public.contact_submissions (email, created_at);
-- The inbox's list is newest first; the Spam tab's few rows get their own
-- index so it never walks the whole table backwards (bench/inbox-list.ts).
create index contact_submissions_created_at
  on public.contact_submissions (created_at desc, id desc);
create index contact_submissions_spam_created_at
  on public.contact_submissions (created_at desc, id desc) where suspected_spam;
-- The clocks' worker (60_clocks.sql): leads still without a clock (a few rows
-- at most), and leads whose clock still runs, by deadline.
create index contact_submissions_without_clock
  on public.contact_submissions (id)
  where reply_due is null and not suspected_spam;
create index contact_submissions_reply_clock
  on public.contact_submissions (reply_due)
  where replied_at is null and not suspected_spam;
create index contact_submissions_diagnosis_clock
  on public.contact_submissions (diagnosis_due)
  where diagnosed_at is null and not suspected_spam;

-- Row-level security: anon may insert; a member reads. Not FORCEd: the table
-- owner is the admin who reads the leads (scripts/submissions.ts); it is anon
-- and authenticated that must be fenced in.
alter table public.contact_submissions enable row level security;

-- Supabase grants everything on new tables to anon and authenticated by
-- default; take it all back, then give each role exactly what it needs.
revoke all on table public.contact_submissions from public, anon, authenticated;
-- The form sends the three fields, the honeypot's flag, the draft's key and
-- the proof (PostgREST needs a column grant for each); it may not say whether
-- the row is verified: the proof's trigger decides.
grant insert (name, email, message, suspected_spam, submission_key, proof)
  on table public.contact_submissions to anon;
-- `on conflict (submission_key)` reads the arbiter column, so PostgreSQL wants
-- SELECT on it (without: 42501). Once an insert needs SELECT, row-level
-- security also checks the new row against the SELECT policies (see
-- contact_submissions_anon_own_insert).
grant select (submission_key) on table public.contact_submissions to anon;
grant select on table public.contact_submissions to authenticated;

-- An identity column needs no sequence privilege to insert; Supabase's default
-- grants on the sequence would only let anon burn ids, so revoke them too.
revoke all on sequence public.contact_submissions_id_seq from public, anon, authenticated;

-- Any row anon may insert is acceptable: the CHECK constraints do the judging.
create policy contact_submissions_anon_insert on public.contact_submissions
  as permissive for insert to anon
  with check (true);
comment on policy contact_submissions_anon_insert on public.contact_submissions is
  'Visitors (anon) may insert a lead and nothing else: never read, change or delete one.';

-- Passes exactly the rows of anon's own transaction (created_at defaults to
-- now(), the transaction's start, and anon may not set it): the new row
-- passes, and a select sees no row stored by anyone else.
create policy contact_submissions_anon_own_insert on public.contact_submissions
  as permissive for select to anon
  using (created_at = pg_catalog.now());
comment on policy contact_submissions_anon_own_insert on public.contact_submissions is
  'PostgREST''s on_conflict=submission_key reads back the row its own insert touched; anon sees that and no other row.';

-- `(select public.inbox_is_member())` is evaluated once per statement.
create policy contact_submissions_member_select on public.contact_submissions
  for select to authenticated using ((select public.inbox_is_member()));
comment on policy contact_submissions_member_select on public.contact_submissions is
  'Only a signed-in member of the agency''s inbox (inbox_is_member()) reads a lead.';

-- The three text fields are trimmed before the CHECKs judge them, on every
-- path (the form, our native-form route, a JSON insert straight to PostgREST).
-- The set removed is exactly what JavaScript's String.prototype.trim() removes,
-- written with chr() so no string-escaping setting can change it. btrim with a
-- set of characters runs in one pass, whatever the text's length.
create or replace function app_private.trim_submission_text()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  whitespace constant text := pg_catalog.concat(
    pg_catalog.chr(32), pg_catalog.chr(9), pg_catalog.chr(10), pg_catalog.chr(11),
    pg_catalog.chr(12), pg_catalog.chr(13), pg_catalog.chr(160), pg_catalog.chr(5760),
    pg_catalog.chr(8192), pg_catalog.chr(8193), pg_catalog.chr(8194), pg_catalog.chr(8195),
    pg_catalog.chr(8196), pg_catalog.chr(8197), pg_catalog.chr(8198), pg_catalog.chr(8199),
    pg_catalog.chr(8200), pg_catalog.chr(8201), pg_catalog.chr(8202), pg_catalog.chr(8232),
    pg_catalog.chr(8233), pg_catalog.chr(8239), pg_catalog.chr(8287), pg_catalog.chr(12288),
    pg_catalog.chr(65279)
  );
begin
  new.name := pg_catalog.btrim(new.name, whitespace);
  new.email := pg_catalog.btrim(new.email, whitespace);
  new.message := pg_catalog.btrim(new.message, whitespace);
  return new;
end
$$;
revoke all on function app_private.trim_submission_text() from public;
comment on function app_private.trim_submission_text() is
  'One trim rule for both routes: name, email and message are stored without surrounding whitespace, as shared/validation.ts counts them.';

-- BEFORE triggers run in name order, all before any CHECK; this one's name
-- sorts first, so every other trigger sees the trimmed text too.
create trigger contact_submissions_00_trim_text
  before insert on public.contact_submissions
  for each row
  execute function app_private.trim_submission_text();

-- One definition of "the same words within 10 minutes": the key trigger and
-- our server's repeat check (server/native-form/sent-page.ts) both call it.
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

-- Exactly once (docs/product.md#exactly-once): an insert without a key is
-- given one. The form without JavaScript (only our server takes it; it sets
-- `contact.native_form` for that row) gets the key of the same words stored in
-- the last 10 minutes, if any: a double tap or "back and send again" is the
-- same submission and is skipped. Other keyless inserts get a fresh key.
-- SECURITY DEFINER: anon may not read the table; the trigger does, as its owner.
create or replace function app_private.assign_submission_key()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.submission_key is not null then
    -- Two sends of one draft at once (the page's retry beside a reload's fresh
    -- proof, two tabs, two instances) queue here, on the key, before either
    -- records a proof: otherwise each could hold a proof the other needs while
    -- waiting for the other's key, a deadlock PostgreSQL ends by aborting one,
    -- and a retry could race the other for the proof into the same deadlock.
    -- The second then sees the first's row and is skipped as the repeat it is.
    perform pg_catalog.pg_advisory_xact_lock(20261129, pg_catalog.hashtext(new.submission_key::text));
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
revoke all on function app_private.assign_submission_key() from public;
comment on function app_private.assign_submission_key() is
  'Every lead has a submission key (its reference): the page sends one per draft; the form without JavaScript gets the key of the same words stored in the last 10 minutes, so a repeat is the same lead.';

create trigger contact_submissions_assign_key
  before insert on public.contact_submissions
  for each row
  execute function app_private.assign_submission_key();

-- Retention (docs/product.md#ruling-retention): submissions are deleted once
-- older than the period the privacy notice states (VITE_RETENTION_MONTHS, 12 by
-- default), and suspected spam after 30 days, by our server's worker, `npm run
-- worker` or `npm run submissions -- purge`. Everything hanging off a
-- submission goes with it (on delete cascade). dry_run lists what would go.
-- Only the owner may run it.
create or replace function app_private.purge_expired_submissions(
  retention_months integer,
  spam_days integer,
  dry_run boolean default false
)
returns table (id bigint, created_at timestamptz, suspected_spam boolean)
language plpgsql
set search_path = ''
as $$
begin
  if retention_months is null or retention_months < 1
    or spam_days is null or spam_days < 1 then
    raise exception using
      errcode = '22023',
      message = 'purge_expired_submissions needs a period of at least 1 month and 1 day';
  end if;
  -- One list of what is due: listed as it is on a dry run, deleted otherwise.
  return query
    with due as (
      select s.id, s.created_at, s.suspected_spam
      from public.contact_submissions s
      where s.created_at < pg_catalog.now() - pg_catalog.make_interval(months => retention_months)
        or (s.suspected_spam
          and s.created_at < pg_catalog.now() - pg_catalog.make_interval(days => spam_days)
          -- A lead a member marked "Spam" gets its 30 days from the mark: marked by
          -- mistake on a lead weeks old, it stays long enough for "Not spam".
          and not exists (select from app_private.spam_marks m where m.submission_id = s.id
            and m.spam and m.marked_at >= pg_catalog.now() - pg_catalog.make_interval(days => spam_days)))
      -- Locked, so a lead a member releases ("Not spam") while this runs is read again once
      -- released, and kept: not deleted for what it was when the purge began.
      for update of s
    ), gone as (
      delete from public.contact_submissions s using due
      where not dry_run and s.id = due.id
      returning s.id
    )
    select due.id, due.created_at, due.suspected_spam from due
    where dry_run or due.id in (select gone.id from gone)
    order by due.created_at, due.id;
end
$$;
revoke all on function app_private.purge_expired_submissions(integer, integer, boolean)
  from public;
comment on function app_private.purge_expired_submissions(integer, integer, boolean) is
  'Retention: deletes leads older than the period the privacy notice states, and suspected spam after 30 days (from a member''s "Spam" mark, if later), with everything hanging off them; the notice says only what this enforces.';
