-- The inbox's search (docs/inbox.md, "Search"; issue 39): words, compared
-- with each lead's stored words, instead of `ilike '%…%'` over every message.
-- PGlite runs queries in the server's own process and ignores
-- statement_timeout, so one long pattern over long messages held the whole
-- embedded server for seconds. Matching a query against a lead's sorted words
-- costs a binary search per word, whatever the query.
--
-- 'simple': no dictionary (PGlite and hosted Supabase both have it) and no
-- stemming or stop words, so names and addresses are kept as written. The
-- address goes in twice: whole (the parser keeps 'ada@example.co.uk' as one
-- word) and cut at its punctuation, so "example" finds it too.
--
-- No GIN index: `@@` is not LEAKPROOF, so under a member's row-level security
-- PostgreSQL may not use one, and checks each lead's words instead; an index
-- would only cost each insert. Idempotent.

alter table public.contact_submissions add column if not exists search tsvector
  generated always as (
    pg_catalog.to_tsvector('simple'::regconfig,
      name || ' ' || email || ' ' || pg_catalog.translate(email, '@.-_+', '     ') || ' ' || message)
  ) stored;

comment on column public.contact_submissions.search is
  'The words of name, email (whole and in parts) and message, for the inbox''s search (the search column of inbox_list, PostgREST''s fts filter); kept by PostgreSQL, never written.';

-- The list as the inbox reads it: inbox_leads and each lead's words, to
-- search by (PostgREST's search=fts(simple).…). A view of its own, because
-- inbox_leads cannot gain a column here: its migration, run again, would
-- then have to drop one. A column added to inbox_leads later is added here
-- too, after search. security_invoker: the reader's row-level security applies.
create or replace view public.inbox_list with (security_invoker = true) as
select l.*, s.search
from public.inbox_leads l
join public.contact_submissions s on s.id = l.id;

revoke all on table public.inbox_list from public, anon, authenticated;
grant select on table public.inbox_list to authenticated;
