-- Written by `npm run db:diff` from supabase/schemas/: read it before committing.
-- Every migration runs twice in tests/server/migrations.test.ts: make what it creates `if not exists`.
-- WordPress's Site Health calls its findings "critical issues": a hacked client quotes it.
delete from app_private.spam_phrases where phrase = 'critical issues';

set local check_function_bodies = off;

CREATE OR REPLACE FUNCTION app_private.spam_verdict(lead_name text, lead_email text, lead_message text, signature integer[], blast_keys integer[], OUT score real, OUT reasons text[])
 RETURNS record
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  plain text := app_private.spam_plain(lead_message);
  -- A client asking about a pitch it got ("is this genuine?", "legit or not?", "should I reply?",
  -- "do you know anything about this?") or writing of the agency it had ("our last SEO agency"): it
  -- quotes a pitch's words to ask about them. Clients ask all these ways; with only the first, two
  -- of five who pasted a pitch to ask about it were held.
  asking constant boolean := plain ~ ('\m(is|was) (this|it|that)( email| letter| message)? (real'
    '|genuine|legit|legitimate|a scam|safe|true|from google)\M|\mis any of (this|it) true\M|\m(our'
    '|my) (last|old|previous|former)( seo| web| website| web design| digital| marketing)? (agency'
    '|company|developer|designer|firm|provider)\M|\m(legit|genuine|real|a scam) or not\M'
    '|\mshould (i|we) (reply|respond|answer|ignore|pay|worry|be worried)\M'
    '|\mdo you know anything about (this|it)\M');
  -- What the sender wrote, without what it quotes when it asks: 40 characters or more between
  -- quotation marks are the pitch's words, for the phrases and the learned model alone. So is a
  -- forwarded email, from its mail program's marker or its first header line on: a client forwards
  -- a pitch whole, unquoted.
  own_words text := case when asking
    then pg_catalog.regexp_replace(pg_catalog.regexp_replace(lead_message,
      '"[^"]{40,}"|“[^”]{40,}”', ' ', 'g'),
      '-{2,} ?(forwarded|original) message ?-{2,}.*|begin forwarded message:.*|\n(from|subject): .*',
      ' ', 'i')
    else lead_message end;
  -- The domain of the sender's own address: its links and its name in the name field are its own.
  own_domain text := pg_catalog.lower(pg_catalog.split_part(lead_email, '@', 2));
  links integer;
  own integer;
  -- The text with any cold greeting taken out, where the reader's business is looked for.
  addressed text := plain;
  greeting text;
  kinds record;
  others integer;
  capped boolean;
  latin integer;
  other_script integer;
  -- The letters of every script but Latin: Greek to Mongolian, Greek extended, Glagolitic, Coptic,
  -- Georgian, Ethiopic, Cyrillic, CJK, kana, Yi, Hangul, the Hebrew and Arabic presentation
  -- forms, half-width kana and the CJK letters beyond the first plane. Not Latin's own extensions,
  -- punctuation, symbols nor emoji.
  scripts constant text := '\u0370-\u1cff\u1f00-\u1fff\u2c00-\u2c5f\u2c80-\u2dff\u2e80-\ua6ff'
    '\ua800-\uab2f\uab70-\ud7ff\uf900-\ufaff\ufb1d-\ufdff\ufe70-\ufefc\uff66-\uffdc'
    '\U00020000-\U0003134f';
  chance real;
begin
  score := 0;
  if asking then
    plain := app_private.spam_plain(own_words);
    addressed := plain;
  end if;
  reasons := '{}';
  -- Sites linked to, each once ('https://www.' is one link, not a scheme and then a www.), but
  -- the sender's own: a client lists the pages of its site, a pitch the sites it sells.
  links := (select count(distinct linked.host) from (
      select pg_catalog.lower(pg_catalog.regexp_replace(link[1], '^www\.', '', 'i')) as host
      from pg_catalog.regexp_matches(lead_message, '(?:https?://|(?=www\.))([a-z0-9.-]+)', 'gi')
        as link
    ) as linked
    where own_domain = '' or not (linked.host = own_domain or linked.host like '%.' || own_domain));
  if links >= 3 then
    score := score + case when links >= 4 then 4 else 2.5 end;
    reasons := reasons || ('links:' || links);
  elsif links = 2 then
    -- Named too, though two alone hold nothing: every point a held lead was given is explained.
    score := score + 1;
    reasons := reasons || 'links:2'::text;
  end if;
  -- A bare domain in the name is a signature when it is the sender's own ("Sue, foodbank.org.uk").
  if lead_name ~* '(https?://|www\.)' or (lead_name ~* '\.(com|net|org|ru|xyz|info|biz)\M'
      and (own_domain = '' or pg_catalog.strpos(pg_catalog.lower(lead_name), own_domain) = 0)) then
    score := score + 4;
    reasons := reasons || 'link_in_name'::text;
  end if;
  if pg_catalog.split_part(lead_email, '@', 1) ~* '(https?|www\.)' then
    score := score + 4;
    reasons := reasons || 'link_in_email'::text;
  end if;
  for kinds in
    -- Each kind's phrases found, the longest first: 'i came across your website and noticed'
    -- before its start, as a cold greeting is taken out below.
    select p.category, count(*) as hits, pg_catalog.bool_and(p.formal) as formal,
      pg_catalog.array_agg(p.phrase order by pg_catalog.length(p.phrase) desc) as phrases
    from app_private.spam_phrases p
    -- The bare phrase first: most are absent, and it spares building each padded one.
    where pg_catalog.strpos(plain, p.phrase) > 0 and pg_catalog.strpos(plain, ' ' || p.phrase || ' ') > 0
    group by p.category order by p.category
  loop
    score := score + case kinds.category when 'cold' then case when kinds.formal then 1 else 2 end
      when 'bulk' then 2.5 else case when kinds.hits >= 3 then 4 when kinds.hits = 2 then 3.5 else 3 end end;
    reasons := reasons || ('pitch:' || case when kinds.category = 'cold' and kinds.formal
      then 'greeting' else kinds.category end);
    -- A cold greeting's own words ("I came across your website") are counted once, as the
    -- greeting, not again below as writing of the reader's business: a visitor writing to the
    -- agency formally says as much, and a word more ("your agency") with two pasted links held
    -- such an enquiry.
    -- So is a pitch phrase that itself says "your" ("your website on the first page"), counted as
    -- its kind: a client asking how to get "your website on the first page" writes a generic you.
    foreach greeting in array kinds.phrases loop
      if kinds.category = 'cold' or greeting like 'your %' then
        addressed := pg_catalog.replace(addressed, ' ' || greeting || ' ', '  ');
      end if;
    end loop;
  end loop;
  -- A sender writing of their own business ("our website", "we run") is a
  -- client; a pitch writes of yours. Quoted spam in a real enquiry is let through.
  own := (select count(*) from pg_catalog.unnest(array[' our website ', ' my website ',
      ' our site ', ' my site ', ' our business ', ' my business ', ' our shop ', ' my shop ',
      ' we run ', ' i run ', ' our company ', ' my company ', ' i own ', ' we own ',
      ' our customers ', ' my customers ']) as phrase
    where pg_catalog.strpos(plain, phrase) > 0)
    - (pg_catalog.strpos(plain, ' visit our website ') > 0)::integer;
  -- So is one asking about a pitch it got (above).
  if asking then
    own := own + 2;
  end if;
  if own >= 2 then
    score := score - 3;
  end if;
  -- A pitch writes of the reader's business, several ways; a client of their own. Looked for in
  -- the text without its cold greeting (above).
  if own = 0 and (select count(*) from pg_catalog.unnest(array[' your website ', ' your site ',
      ' your business ', ' your company ', ' your blog ', ' your page ', ' your channel ',
      ' your wallet ', ' your brand ', ' your agency ', ' your clients ', ' your rankings ',
      ' your traffic ', ' your listing ', ' your domain ', ' your account ']) as phrase
    where pg_catalog.strpos(addressed, phrase) > 0) >= 2 then
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
  -- Not beside a price in pounds: a client with customers in both says both.
  if lead_message ~* '(\$|usd ?)[0-9]' and lead_message !~ '£ ?[0-9]' then
    score := score + 2;
    reasons := reasons || 'dollars'::text;
  end if;
  other_script := case when lead_message !~ ('[' || scripts || ']') then 0
    -- Runs of the others removed at once ('+'): one match a character took five times as long.
    else pg_catalog.char_length(pg_catalog.regexp_replace(lead_message, '[^' || scripts || ']+', '', 'g')) end;
  if other_script >= 20 then
    latin := pg_catalog.char_length(pg_catalog.regexp_replace(lead_message, '[^A-Za-z\u00c0-\u024f]+', '', 'g'));
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
    select b.others, b.capped into others, capped
      from app_private.spam_blast_others(signature, blast_keys, lead_email, lead_name) as b;
    if others > 0 then
      score := score + 5;
      reasons := reasons || ('blast:' || others || case when capped then '+' else '' end);
    end if;
  end if;
  -- The words are read only once the model has enough marks to vote.
  if exists (select from app_private.spam_model m where m.spam_docs >= 3 and m.ham_docs >= 3) then
    chance := app_private.spam_bayes(app_private.spam_tokens_of(lead_name, lead_email, own_words));
  end if;
  -- A real lead's words count twice in the model, so its chances lean
  -- real: a chance of 0.7 already leans spam (0.5 held a food blogger's
  -- enquiry for the words it shares with marked spam), and only a sure one
  -- speaks for a lead.
  if chance >= 0.9 then
    score := score + 5;
    reasons := reasons || 'learned'::text;
  elsif chance >= 0.7 then
    score := score + 3;
    reasons := reasons || 'learned'::text;
  elsif chance <= 0.01 then
    score := score - 2;
  end if;
end
$function$
;
