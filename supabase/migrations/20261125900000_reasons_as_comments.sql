-- Why each of our functions and policies exists, as COMMENT ON, so the reason
-- survives into supabase/schema.sql (the database as it is now) and into any
-- tool that reads the catalogue. From now on a migration that adds or changes
-- one states its reason here, in its COMMENT. Supabase's own functions
-- (auth.jwt(), auth.uid(), auth.role()) are not ours to annotate. Idempotent.

-- Submissions, as the page and the form without JavaScript store them.
comment on function app_private.trim_submission_text() is
  'One trim rule for both routes: name, email and message are stored without surrounding whitespace, as contact/validation.ts counts them.';
comment on function app_private.assign_submission_key() is
  'Every lead has a submission key (its reference): the page sends one per draft; the form without JavaScript gets the key of the same words stored in the last 10 minutes, so a repeat is the same lead.';
comment on function app_private.check_proof_of_work() is
  'Spam without a third party: an anon insert must carry an unused, unexpired ALTCHA v1 proof signed by contact_challenge(); it then stores the row as verified. The form without JavaScript is stored unverified.';
comment on function public.contact_challenge() is
  'Issues the ALTCHA v1 challenge the page solves before sending (POST /rest/v1/rpc/contact_challenge), signed with a key only the owner reads; counted per address, so challenges cannot be stockpiled.';
comment on function app_private.count_against_limit(text, integer, text) is
  'The per-address limit in the database, so it holds on hosted Supabase too: counts one request in the address''s one-minute window (cf-connecting-ip; IPv6 by its /64) and refuses past the limit with PT429.';
comment on function app_private.limit_submission_rate() is
  'Refuses an address past RATE_LIMIT_PER_MINUTE with PostgREST''s 429; a repeat of a stored submission key is free, so a re-sent lead is never refused.';
comment on function app_private.enqueue_lead_delivery() is
  'A stored lead is queued for email (and the webhook, when on) in its own transaction, so an acknowledged lead is never lost before delivery; suspected spam is not queued.';
comment on function app_private.purge_expired_submissions(integer, integer, boolean) is
  'Retention: deletes leads older than the period the privacy notice states, and suspected spam after 30 days, with everything hanging off them; the notice says only what this enforces.';

-- Policies: who may touch a lead.
comment on policy contact_submissions_anon_insert on public.contact_submissions is
  'Visitors (anon) may insert a lead and nothing else: never read, change or delete one.';
comment on policy contact_submissions_anon_own_insert on public.contact_submissions is
  'PostgREST''s on_conflict=submission_key reads back the row its own insert touched; anon sees that and no other row.';
comment on policy contact_submissions_member_select on public.contact_submissions is
  'Only a signed-in member of the agency''s inbox (inbox_is_member()) reads a lead.';
comment on policy lead_outbox_member_select on public.lead_outbox is
  'A member sees each lead''s email delivery state in the inbox; nobody else.';
comment on policy lead_webhooks_member_select on public.lead_webhooks is
  'A member sees each lead''s webhook delivery state in the inbox; nobody else.';
comment on policy lead_summaries_member_select on public.lead_summaries is
  'A member sees which summary email carried a lead; nobody else.';
comment on policy lead_notes_member_select on public.lead_notes is
  'A member reads the notes on leads; nobody else.';
comment on policy lead_activity_member_select on public.lead_activity is
  'A member reads who changed what, when; nobody else.';
comment on policy lead_reads_member_select on public.lead_reads is
  'A member reads their own unread markers only.';

-- The inbox: membership, changes, sign-in on our own server.
comment on function public.inbox_is_member() is
  'Whether the caller''s token (auth.jwt()->>''email'') is in the allowlist: the rule every member policy and RPC uses, on our server and on hosted Supabase alike.';
comment on function app_private.inbox_member_email() is
  'The signed-in member''s address for the activity record, or PostgREST''s 403 for anyone else: every change checks membership first.';
comment on function app_private.inbox_lead(bigint) is
  'The lead an inbox change is about, or PostgREST''s 404 (PT404) when there is none.';
comment on function public.inbox_set_status(bigint, text) is
  'A member moves a lead through New, Replied, Diagnosed, Won, Lost, Archived; Replied and Diagnosed stop the clocks; recorded in the activity.';
comment on function public.inbox_add_note(bigint, text) is
  'A member''s note on a lead, recorded in the activity.';
comment on function public.inbox_mark_read(bigint) is
  'Clears the lead''s unread marker for this member (the first opening is recorded).';
comment on function public.inbox_not_spam(bigint) is
  'Releases a lead held as suspected spam into the inbox and queues its email and webhook once, as for a new lead: nothing held is dropped without a sign.';
comment on function public.inbox_erase(bigint) is
  'Erasure on request (UK GDPR): deletes the lead with its delivery rows, notes and markers, and records only the fact.';
comment on function app_private.auth_hash(text) is
  'Codes and refresh tokens are stored only as HMAC-SHA256 under the database''s signing key: a copy of the tables signs no one in.';
comment on function app_private.auth_request_code(text, text, text, integer, integer, integer, integer) is
  'A sign-in code request: the same statements for any address (same answer, same timing), a code stored only for a member, limited per address and per client address.';
comment on function app_private.auth_verify_code(text, text, text, integer) is
  'A typed code: right, in time and unused starts a session; a wrong one counts, and the code dies at the fifth.';
comment on function app_private.auth_rotate_refresh(text, text) is
  'Rotating refresh tokens: each works once, and a used one shown again ends the session, as a copy is in someone else''s hands.';

-- The page's promises as clocks.
comment on function public.lead_figures(integer, timestamptz, text) is
  'Speed-to-lead figures over the last days, for the inbox''s figures view and the weekly digest alike; as the caller, so only a member sees them.';
