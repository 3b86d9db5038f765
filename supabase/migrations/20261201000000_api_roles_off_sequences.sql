-- Hosted Supabase grants anon and authenticated USAGE, SELECT and UPDATE on
-- every new sequence in public. Only contact_submissions_id_seq had them taken
-- back: with UPDATE a role may setval() an identity sequence to its maximum,
-- and every insert into its table then fails (lead_activity: every inbox change).
-- Identity columns need no sequence privilege to insert. Elsewhere nothing was
-- granted and these change nothing. Rerunnable.
revoke all on sequence public.lead_summaries_id_seq from public, anon, authenticated;
revoke all on sequence public.lead_notes_id_seq, public.lead_activity_id_seq
  from public, anon, authenticated;
revoke all on sequence public.push_devices_id_seq from public, anon, authenticated;
revoke all on sequence public.lead_replies_id_seq from public, anon, authenticated;

-- The same default grant of execute: lead_figures is for members.
revoke all on function public.lead_figures(integer, timestamptz, text) from public, anon;
