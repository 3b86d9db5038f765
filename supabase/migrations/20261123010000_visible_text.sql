-- Contact submissions: every field must show something, hold no control
-- characters, and be judged by length before any pattern runs.
--
-- Replaces the three field constraints of 20261122000000_contact_submissions.sql
-- under the same names, so refusals still name the column. The rules are
-- src/features/contact/validation.ts's (keep them in step; the tests compare
-- the two over every BMP character and at random):
--   * lengths in code points first. PostgreSQL may evaluate the parts of an
--     AND in any order, so each check is a CASE: its patterns run only on text
--     whose length is in range, never on an oversized value;
--   * trimmed, with whitespace as JavaScript's \s (spelt out as before);
--   * at least one visible character: a character outside INVISIBLE_RANGES,
--     written here as the class
--       [\u0001-\u0020\u007f-\u00a0\u00ad … \U000e0000-\U000e0fff]
--     (whitespace, controls, Unicode's default-ignorable code points, blank
--     lookalikes; NUL cannot be stored at all);
--   * no C0 control characters, except line feed and tab in the message;
--   * an email address holds no invisible character at all.
--
-- NOT VALID: the new rules judge new rows; rows stored under the old rules
-- stay, and a start never fails over them.

alter table public.contact_submissions
  drop constraint if exists contact_submissions_name_check;
alter table public.contact_submissions
  add constraint contact_submissions_name_check check (
    case when char_length(name) between 1 and 100 then
      name !~ '^[ \t\n\v\f\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]'
      and name !~ '[ \t\n\v\f\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]$'
      and name ~ '[^\u0001-\u0020\u007f-\u00a0\u00ad\u034f\u061c\u115f-\u1160\u1680\u17b4-\u17b5\u180b-\u180f\u2000-\u200f\u2028-\u202f\u205f-\u206f\u2800\u3000\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e0fff]'
      and name !~ '[\u0001-\u001f]'
    else false end
  ) not valid;

alter table public.contact_submissions
  drop constraint if exists contact_submissions_email_check;
alter table public.contact_submissions
  add constraint contact_submissions_email_check check (
    case when char_length(email) between 3 and 254 then
      email ~ '^[^@ \t\n\v\f\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+@[^@ \t\n\v\f\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+\.[^@ \t\n\v\f\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+$'
      and email !~ '[\u0001-\u0020\u007f-\u00a0\u00ad\u034f\u061c\u115f-\u1160\u1680\u17b4-\u17b5\u180b-\u180f\u2000-\u200f\u2028-\u202f\u205f-\u206f\u2800\u3000\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e0fff]'
    else false end
  ) not valid;

alter table public.contact_submissions
  drop constraint if exists contact_submissions_message_check;
alter table public.contact_submissions
  add constraint contact_submissions_message_check check (
    case when char_length(message) between 1 and 5000 then
      message !~ '^[ \t\n\v\f\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]'
      and message !~ '[ \t\n\v\f\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]$'
      and message ~ '[^\u0001-\u0020\u007f-\u00a0\u00ad\u034f\u061c\u115f-\u1160\u1680\u17b4-\u17b5\u180b-\u180f\u2000-\u200f\u2028-\u202f\u205f-\u206f\u2800\u3000\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e0fff]'
      and message !~ '[\u0001-\u0008\u000b-\u001f]'
    else false end
  ) not valid;
