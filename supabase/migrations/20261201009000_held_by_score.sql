-- Written by `npm run db:diff` from supabase/schemas/: read it before committing.
-- Every migration runs twice in tests/server/migrations.test.ts: make what it creates `if not exists`.

-- Whether the content score held a lead (5 or more), for the inbox: only then are its signals the
-- reasons it was held; a lead a member marked spam says so instead (docs/inbox.md).

set local check_function_bodies = off;

CREATE OR REPLACE FUNCTION public.held_by_score(lead inbox_leads)
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(s.spam_score >= 5, false) from public.contact_submissions s where s.id = lead.id
$function$
;

CREATE OR REPLACE FUNCTION public.held_by_score(lead inbox_list)
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(s.spam_score >= 5, false) from public.contact_submissions s where s.id = lead.id
$function$
;

comment on function public.held_by_score(public.inbox_leads) is 'Whether the content score held the lead as it was stored (5 or more), so its signals are why it was held, as a computed field of inbox_leads.';

revoke all on function public.held_by_score(public.inbox_leads) from public, anon, authenticated;

grant execute on function public.held_by_score(public.inbox_leads) to authenticated;

comment on function public.held_by_score(public.inbox_list) is 'The field held_by_score of inbox_leads, for inbox_list, the view the inbox''s list and export read.';

revoke all on function public.held_by_score(public.inbox_list) from public, anon, authenticated;

grant execute on function public.held_by_score(public.inbox_list) to authenticated;
