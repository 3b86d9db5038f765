-- Hosted Supabase grants execute on every new function in public to anon and
-- authenticated; contact_challenge took it back from public only, so there a
-- signed-in user could call it. It counts only anon's calls against an
-- address (30_rate_limits.sql), so theirs were uncounted: challenges without
-- limit, to stockpile and solve for anon's inserts. Elsewhere nothing was
-- granted and this changes nothing. Rerunnable. (db:diff compares databases
-- without Supabase's default grants, so it cannot write this one.)
revoke all on function public.contact_challenge() from public, anon, authenticated;
grant execute on function public.contact_challenge() to anon;
