-- One note of held leads per working day, named by its local date: a real
-- enquiry the score held is seen by the next working morning, not the next
-- Monday. Each covers the leads held up to `covers_until` (that day's 08:00)
-- since the last one's, so a day no instance ran is covered by the next note
-- (docs/lead-clocks.md, "The held leads of a day").
create table if not exists app_private.held_lead_notes (
  day date primary key,
  sent_at timestamptz not null,
  covers_until timestamptz not null
);

revoke all on table app_private.held_lead_notes from public;
