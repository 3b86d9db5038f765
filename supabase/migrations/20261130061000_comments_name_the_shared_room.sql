-- Written by `npm run db:diff` from supabase/schemas/: read it before committing.

comment on column public.contact_submissions.spam_reasons is 'Why it was scored or held, as codes the inbox and the export put in plain words (shared/copy/spam-reasons.ts).';

comment on function app_private.trim_submission_text() is 'One trim rule for both routes: name, email and message are stored without surrounding whitespace, as shared/validation.ts counts them.';
