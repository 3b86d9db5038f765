-- The spam score's cost on the insert path (docs/spam.md, "What it costs").
-- The functions the trigger calls are PL/pgSQL: as SQL functions with a SET
-- clause they were neither inlined nor kept their plans, so every insert
-- planned the signature's query again. The blast look-up's keys are stored
-- (spam_blast_keys) and indexed as stored, where an index on the expression
-- computed them a second time at every insert; and a key is a pair of bands,
-- not one band, so a lead reads only the leads it may repeat.

alter table public.contact_submissions add column if not exists spam_blast_keys integer[];
comment on column public.contact_submissions.spam_blast_keys is
  'The signature''s bands, paired and hashed (app_private.spam_blast_keys): the keys a blast''s look-up finds its candidates by.';

create or replace function app_private.spam_plain(body text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
begin
  return ' ' || pg_catalog.btrim(pg_catalog.regexp_replace(pg_catalog.lower(body),
    '[^a-z0-9$£€]+', ' ', 'g')) || ' ';
end
$$;

create or replace function app_private.spam_signature_of(message text)
returns integer[]
language plpgsql
immutable
set search_path = ''
as $$
begin
  -- PL/pgSQL keeps this query's plan for the session; as a SQL function it
  -- was planned again at every insert, most of the signature's cost.
  return (
    with words as (
      select w[1:400] as w from pg_catalog.string_to_array(pg_catalog.btrim(
        pg_catalog.regexp_replace(pg_catalog.lower(message), '[^a-z]+', ' ', 'g')), ' ') as w
    ),
    -- In one pass (lead() over the words): indexing the array word by word costs
    -- a copy of it each time.
    shingles as (
      -- Made non-negative first: a negative hash stayed negative through every
      -- function below and won every minimum, so texts sharing a few such
      -- shingles matched on all sixteen values.
      select (pg_catalog.hashtext(u.word || ' ' || u.next || ' ' || u.after)::bigint
              % 2147483647 + 2147483647) % 2147483647 as h
      from words, lateral (
        select v.word, lead(v.word, 1) over (order by v.n) as next,
               lead(v.word, 2) over (order by v.n) as after
        from pg_catalog.unnest(words.w) with ordinality as v(word, n)
      ) as u
      where pg_catalog.cardinality(words.w) >= 8 and u.after is not null
    )
    select case when count(*) > 0 then array[
      min((h * 1103515245 + 12345) % 2147483647), min((h * 69069 + 1) % 2147483647),
      min((h * 1664525 + 1013904223) % 2147483647), min((h * 22695477 + 1) % 2147483647),
      min((h * 214013 + 2531011) % 2147483647), min((h * 134775813 + 1) % 2147483647),
      min((h * 16807 + 0) % 2147483647), min((h * 48271 + 11) % 2147483647),
      min((h * 1566083941 + 7) % 2147483647), min((h * 1812433253 + 3) % 2147483647),
      min((h * 742938285 + 17) % 2147483647), min((h * 950706377 + 29) % 2147483647),
      min((h * 1226874159 + 41) % 2147483647), min((h * 62089911 + 53) % 2147483647),
      min((h * 397204095 + 67) % 2147483647), min((h * 2147483629 + 79) % 2147483647)
    ]::integer[] end
    from shingles
  );
end
$$;

-- The near-duplicate look-up of a blast (locality-sensitive hashing by
-- bands): the sixteen values in eight bands of two, each band hashed, and
-- each of the 28 pairs of bands hashed to one key. Ten values of sixteen in
-- common leave at least two bands whole (six differing values break six
-- bands at most), so two leads that can be a blast always share a key; two
-- that share stock phrases share a band now and then, two bands almost never.
-- So a lead reads only the few leads it may repeat, where keys of one band
-- each had it read a share of all the leads of three days alike in part.
create or replace function app_private.spam_blast_keys(signature integer[])
returns integer[]
language plpgsql
immutable
strict
set search_path = ''
as $$
declare
  bands integer[] := array[
    pg_catalog.hashtext('1:' || signature[1] || ':' || signature[2]),
    pg_catalog.hashtext('2:' || signature[3] || ':' || signature[4]),
    pg_catalog.hashtext('3:' || signature[5] || ':' || signature[6]),
    pg_catalog.hashtext('4:' || signature[7] || ':' || signature[8]),
    pg_catalog.hashtext('5:' || signature[9] || ':' || signature[10]),
    pg_catalog.hashtext('6:' || signature[11] || ':' || signature[12]),
    pg_catalog.hashtext('7:' || signature[13] || ':' || signature[14]),
    pg_catalog.hashtext('8:' || signature[15] || ':' || signature[16])
  ];
begin
  return (
    select pg_catalog.array_agg(pg_catalog.hashint8((a.band::bigint << 32) | (b.band::bigint & 4294967295)))
    from pg_catalog.unnest(bands) with ordinality as a(band, n)
    join pg_catalog.unnest(bands) with ordinality as b(band, m) on a.n < b.m
  );
end
$$;
revoke all on function app_private.spam_blast_keys(integer[]) from public;
comment on function app_private.spam_blast_keys(integer[]) is
  'A MinHash signature''s eight bands of two values, paired and hashed into 28 keys: leads sharing a key share two bands, as every two that can be a blast do, and are the candidates a blast is looked for among.';

drop index if exists public.contact_submissions_spam_bands;
drop function if exists app_private.spam_bands(integer[]);
-- The look-up reads three days back: the leads of those days get their keys.
update public.contact_submissions set spam_blast_keys = app_private.spam_blast_keys(spam_signature)
  where spam_signature is not null and created_at > pg_catalog.now() - interval '3 days';
-- On the stored keys (spam_blast_keys, written by the trigger below): an
-- index on an expression computes it a second time at every insert.
create index if not exists contact_submissions_spam_blast_keys
  on public.contact_submissions using gin (spam_blast_keys)
  with (fastupdate = off)
  where spam_blast_keys is not null;

drop function if exists app_private.spam_verdict(text, text, text, integer[]);
create or replace function app_private.spam_verdict(
  lead_name text, lead_email text, lead_message text, signature integer[], blast_keys integer[],
  out score real, out reasons text[]
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  plain text := app_private.spam_plain(lead_message);
  links integer;
  own integer;
  kinds record;
  others integer;
  capped boolean;
  latin integer;
  other_script integer;
  chance real;
begin
  score := 0;
  reasons := '{}';
  links := pg_catalog.array_length(pg_catalog.regexp_split_to_array(
    lead_message, 'https?://|www\.', 'i'), 1) - 1;
  if links >= 3 then
    score := score + case when links >= 4 then 4 else 2.5 end;
    reasons := reasons || ('links:' || links);
  elsif links = 2 then
    score := score + 1;
  end if;
  if lead_name ~* '(https?://|www\.|\.(com|net|org|ru|xyz|info|biz)\M)' then
    score := score + 4;
    reasons := reasons || 'link_in_name'::text;
  end if;
  if pg_catalog.split_part(lead_email, '@', 1) ~* '(https?|www\.)' then
    score := score + 4;
    reasons := reasons || 'link_in_email'::text;
  end if;
  for kinds in
    select p.category, count(*) as hits from app_private.spam_phrases p
    -- The bare phrase first: most are absent, and it spares building each padded one.
    where pg_catalog.strpos(plain, p.phrase) > 0 and pg_catalog.strpos(plain, ' ' || p.phrase || ' ') > 0
    group by p.category order by p.category
  loop
    score := score + case kinds.category when 'cold' then 2 when 'bulk' then 2.5
      else case when kinds.hits >= 3 then 4 when kinds.hits = 2 then 3.5 else 3 end end;
    reasons := reasons || ('pitch:' || kinds.category);
  end loop;
  -- A sender writing of their own business ("our website", "we run") is a
  -- client; a pitch writes of yours. Quoted spam in a real enquiry is let through.
  own := (select count(*) from pg_catalog.unnest(array[' our website ', ' my website ',
      ' our site ', ' my site ', ' our business ', ' my business ', ' our shop ', ' my shop ',
      ' we run ', ' i run ', ' our company ', ' my company ', ' i own ', ' we own ',
      ' our customers ', ' my customers ']) as phrase
    where pg_catalog.strpos(plain, phrase) > 0)
    - (pg_catalog.strpos(plain, ' visit our website ') > 0)::integer;
  if own >= 2 then
    score := score - 3;
  end if;
  -- A pitch writes of the reader's business, several ways; a client of their own.
  if own = 0 and (select count(*) from pg_catalog.unnest(array[' your website ', ' your site ',
      ' your business ', ' your company ', ' your blog ', ' your page ', ' your channel ',
      ' your wallet ', ' your brand ', ' your agency ', ' your clients ', ' your rankings ',
      ' your traffic ', ' your listing ', ' your domain ', ' your account ']) as phrase
    where pg_catalog.strpos(plain, phrase) > 0) >= 2 then
    score := score + 2.5;
    reasons := reasons || 'second_person'::text;
  end if;
  if lead_message ~ '\$ ?[0-9]+ ?(/|per |an )(hr|hour)' then
    if not ('pitch:outsourcing' = any (reasons)) then
      score := score + 3;
      reasons := reasons || 'pitch:outsourcing'::text;
    end if;
  end if;
  -- Prices in US dollars, to a page written for UK firms in pounds: the
  -- currency of the pitches sent worldwide, rare in an enquiry from here.
  if lead_message ~* '(\$|usd ?)[0-9]' then
    score := score + 2;
    reasons := reasons || 'dollars'::text;
  end if;
  other_script := case when lead_message !~ '[\u0370-\ud7af]' then 0
    else pg_catalog.char_length(pg_catalog.regexp_replace(lead_message,
    '[^\u0370-\u03ff\u0400-\u052f\u0590-\u05ff\u0600-\u06ff\u0900-\u097f\u0e00-\u0e7f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]',
    '', 'g')) end;
  if other_script >= 20 then
    latin := pg_catalog.char_length(pg_catalog.regexp_replace(lead_message, '[^A-Za-z\u00c0-\u024f]', '', 'g'));
    if other_script > latin then
      score := score + 5;
      reasons := reasons || 'script'::text;
    end if;
  end if;
  if exists (select from app_private.disposable_domains d
             where d.domain = pg_catalog.lower(pg_catalog.split_part(lead_email, '@', 2))) then
    score := score + 2.5;
    reasons := reasons || 'disposable'::text;
  end if;
  if signature is not null then
    -- Bounded whatever the blast's size: at most 200 recent leads sharing a
    -- key are read, and the count stops at 10 ("10+" other senders).
    select least(count(distinct pg_catalog.lower(s.email)), 10), count(*) > 10 into others, capped
    from (
      select s.email from (
        select s.email, s.name, s.spam_signature from public.contact_submissions s
        where s.spam_blast_keys && blast_keys
          -- "is true" keeps the planner off the created_at index: ANDed with
          -- the keys' few rows it read every lead of the three days.
          and (s.created_at > pg_catalog.now() - interval '3 days') is true
        limit 200
      ) as s
      where pg_catalog.lower(s.email) <> pg_catalog.lower(lead_email)
        and pg_catalog.lower(s.name) <> pg_catalog.lower(lead_name)
        and (select count(*)
             from rows from (pg_catalog.unnest(s.spam_signature), pg_catalog.unnest(signature))
               as v(theirs, ours)
             where v.theirs = v.ours) >= 10
      limit 11
    ) as s;
    if others > 0 then
      score := score + 5;
      reasons := reasons || ('blast:' || others || case when capped then '+' else '' end);
    end if;
  end if;
  -- The words are read only once the model has enough marks to vote.
  if exists (select from app_private.spam_model m where m.spam_docs >= 3 and m.ham_docs >= 3) then
    chance := app_private.spam_bayes(app_private.spam_tokens_of(lead_name, lead_email, lead_message));
  end if;
  -- A real lead's words count twice in the model, so its chances lean
  -- real: an even chance already leans spam, and only a sure one speaks for
  -- a lead.
  if chance >= 0.9 then
    score := score + 5;
    reasons := reasons || 'learned'::text;
  elsif chance >= 0.5 then
    score := score + 3;
    reasons := reasons || 'learned'::text;
  elsif chance <= 0.01 then
    score := score - 2;
  end if;
end
$$;
revoke all on function app_private.spam_verdict(text, text, text, integer[], integer[]) from public;
comment on function app_private.spam_verdict(text, text, text, integer[], integer[]) is
  'A lead''s spam score and the codes of the signals that counted (links, a link in the name or address, pitch phrases by kind, prices in US dollars, another script, a throwaway address, a blast, the learned model); 5 or more holds it.';

create or replace function app_private.score_submission()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  verdict record;
begin
  new.spam_score := null;
  new.spam_reasons := null;
  new.spam_signature := null;
  new.spam_blast_keys := null;
  if pg_catalog.char_length(new.name) > 100 or pg_catalog.char_length(new.email) > 254
    or pg_catalog.char_length(new.message) > 5000 then
    return new;
  end if;
  new.spam_signature := app_private.spam_signature_of(new.message);
  new.spam_blast_keys := app_private.spam_blast_keys(new.spam_signature);
  select * into verdict from app_private.spam_verdict(
    new.name, new.email, new.message, new.spam_signature, new.spam_blast_keys);
  new.spam_score := verdict.score;
  new.spam_reasons := verdict.reasons;
  if new.suspected_spam then
    new.spam_reasons := 'honeypot'::text || verdict.reasons;
  elsif verdict.score >= 5 then
    new.suspected_spam := true;
  end if;
  return new;
end
$$;
