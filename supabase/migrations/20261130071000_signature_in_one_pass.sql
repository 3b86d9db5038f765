-- Written by `npm run db:diff` from supabase/schemas/: read it before committing.
-- Every migration runs twice in tests/server/migrations.test.ts: make what it creates `if not exists`.

set local check_function_bodies = off;

CREATE OR REPLACE FUNCTION app_private.spam_signature_of(message text)
 RETURNS integer[]
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
declare
  words text[] := (pg_catalog.string_to_array(pg_catalog.btrim(
    pg_catalog.regexp_replace(pg_catalog.lower(message), '[^a-z]+', ' ', 'g')), ' '))[1:400];
begin
  if pg_catalog.cardinality(words) < 8 then
    return null;
  end if;
  -- PL/pgSQL keeps this query's plan for the session; as a SQL function it
  -- was planned again at every insert, most of the signature's cost.
  return (
    with shingles as (
      -- Made non-negative first: a negative hash stayed negative through every
      -- function below and won every minimum, so texts sharing a few such
      -- shingles matched on all sixteen values.
      select (pg_catalog.hashtext(w.word || ' ' || w.next || ' ' || w.after)::bigint
              % 2147483647 + 2147483647) % 2147483647 as h
      -- Each word beside the next two, in one pass: three unnests side by
      -- side. A window's lead() sorted the words first, a fifth of the
      -- signature's cost; indexing the array copied it at each word.
      from rows from (pg_catalog.unnest(words), pg_catalog.unnest(words[2:]),
        pg_catalog.unnest(words[3:])) as w(word, next, after)
      where w.after is not null
    )
    select array[
      min((h * 1103515245 + 12345) % 2147483647), min((h * 69069 + 1) % 2147483647),
      min((h * 1664525 + 1013904223) % 2147483647), min((h * 22695477 + 1) % 2147483647),
      min((h * 214013 + 2531011) % 2147483647), min((h * 134775813 + 1) % 2147483647),
      min((h * 16807 + 0) % 2147483647), min((h * 48271 + 11) % 2147483647),
      min((h * 1566083941 + 7) % 2147483647), min((h * 1812433253 + 3) % 2147483647),
      min((h * 742938285 + 17) % 2147483647), min((h * 950706377 + 29) % 2147483647),
      min((h * 1226874159 + 41) % 2147483647), min((h * 62089911 + 53) % 2147483647),
      min((h * 397204095 + 67) % 2147483647), min((h * 2147483629 + 79) % 2147483647)
    ]::integer[]
    from shingles
  );
end
$function$
;
