-- Written by `npm run db:diff` from supabase/schemas/: read it before committing.
-- Every migration runs twice in tests/server/migrations.test.ts: make what it creates `if not exists`.

-- The leads released with "Not spam" lately, for escalation (server/leads/push/escalation-queries.ts).
CREATE INDEX IF NOT EXISTS lead_activity_released ON public.lead_activity USING btree (at) WHERE (action = 'not_spam'::text);
