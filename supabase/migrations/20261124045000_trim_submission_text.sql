-- One rule for every path into contact_submissions: the three text fields are
-- trimmed before the CHECK constraints judge them. The form trims before it
-- sends and our native-form route trims (src/features/contact/validation.ts);
-- a JSON insert straight to PostgREST (hosted Supabase, where no server of
-- ours runs) or to our server did not, so " Jane" was refused there with a
-- CHECK error while the form stored "Jane". Now the database trims on every
-- path, and the CHECKs (20261123010000_visible_text.sql) judge trimmed text.
--
-- The set removed is exactly what JavaScript's String.prototype.trim()
-- removes (its \s: ECMAScript's WhiteSpace and LineTerminator), the class the
-- CHECKs spell out as
--   [ \t\n\v\f\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]
-- written here with chr() so no string-escaping setting can change it. btrim
-- with a set of characters runs in one pass, whatever the text's length.
--
-- BEFORE triggers run in name order, all before any CHECK; this one's name
-- sorts first, so every other trigger sees the trimmed text too.

create schema if not exists app_private;

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

create or replace trigger contact_submissions_00_trim_text
  before insert on public.contact_submissions
  for each row
  execute function app_private.trim_submission_text();
