-- Content spam (docs/spam.md, "Content"): every lead is scored as it is
-- stored, here in the database so the same rules hold on every backend, and
-- one scored at 5 or more is held as suspected spam, as the honeypot holds
-- one: stored, listed under Spam, counted in the digest, never pushed or
-- emailed one by one, and released by "Not spam". Nothing is refused or
-- dropped for its words. Each verdict keeps its reasons (spam_reasons, codes
-- that shared/copy/spam-reasons.ts puts in plain words); the agency's own
-- marks teach a naive Bayes over the words of its leads (spam_learn).

-- Phrases of the common pitches, matched as whole words in the lower-cased
-- text with everything but letters, digits and currency signs made a space.
-- Phrases, never single words a real enquiry uses (SEO, Google, ranking,
-- chatbot, price): none of these holds a lead on its own.
create table app_private.spam_phrases (
  phrase text primary key check (phrase ~ '^[a-z0-9$£€]+( [a-z0-9$£€]+)*$'),
  category text not null check (category in (
    'seo', 'outsourcing', 'followers', 'loans', 'crypto', 'casino', 'pharmacy', 'data_lists',
    'renewal', 'cold', 'owner', 'bulk')),
  -- A cold greeting a client writing formally uses too: weighed 1 rather than 2 (below).
  formal boolean not null default false
);
revoke all on table app_private.spam_phrases from public, anon, authenticated;
insert into app_private.spam_phrases (category, phrase)
select c, p from (values
  -- Never 'critical issues': WordPress's Site Health calls its findings so, and a client whose site
  -- was hacked quotes it beside its scanner's words and its host's notice.
  ('seo', array['page 1 of google', '1st page of google', 'google maps 3 pack', 'targeted visitors', 'targeted traffic', 'offer you our seo', 'hurting your business', 'we ran a full scan', 'accessibility lawsuits', 'recorded a quick', 'vulnerabilities found', 'broken link on your', 'free article for your', 'write a free article', 'featured on your', 'resource page',
    'backlink', 'backlinks', 'guest post', 'guest posts', 'guest posting',
    'link building', 'link insertion', 'link insertions', 'dofollow', 'do follow',
    'domain authority', 'high da', 'sponsored post', 'sponsored posts', 'high quality backlinks',
    'rank your website', 'ranking of your website', 'your website ranking', 'your website on the first page',
    'your site on the first page', 'increase your website traffic', 'traffic to your website',
    'organic traffic to your', 'errors on your website', 'your website has errors',
    'your site has errors', 'issues on your website', 'seo audit report', 'free seo audit',
    'website audit report', 'publish an article on your', 'write an article for your']),
  -- Never 'offshore' alone: offshore wind is a trade of this country's coasts.
  ('outsourcing', array['virtual assistant', 'virtual assistants', 'offshore team', 'offshore teams',
    'offshore developers', 'offshore development', 'offshore staff', 'dedicated developer',
    'dedicated developers', 'hire dedicated', 'white label', 'outsource your', 'outsourcing partner',
    'our team of developers', 'usd per hour', 'per hour usd']),
  -- Never 'instagram followers' alone: a client counts its own.
  ('followers', array['buy instagram followers', 'buy tiktok followers', 'social media package',
    'buy followers', 'real followers',
    'active followers', 'youtube subscribers', 'buy google reviews', 'buy reviews',
    'purchase reviews', 'likes and followers']),
  ('loans', array['eligible for up to', 'government grant', 'grant funding available', 'equipment finance', 'pay off your debts', 'per employee', 'private investor', 'international investors',
    'business loan', 'business loans', 'working capital', 'merchant cash advance',
    'pre approved', 'funding approved', 'line of credit', 'unsecured loan', 'loan offer',
    'get funded', 'funding for your business', 'sba loan']),
  ('crypto', array['bitcoin', 'crypto investment', 'cryptocurrency investment', 'forex trading',
    'trading signals', 'usdt', 'binance', 'guaranteed returns', 'passive income',
    'investment platform', 'crypto trading', 'double your investment']),
  ('casino', array['winning notification', 'won the sum of', 'real money poker', 'crash game', 'casino affiliate',
    'online casino', 'free spins', 'casino bonus', 'jackpot', 'sports betting',
    'betting tips', 'slot machines', 'online slots']),
  ('pharmacy', array['belly fat', 'cbd gummy', 'modafinil', 'xanax', 'oxycodone', 'valium', 'generic medications', 'canadian pharmacy',
    'viagra', 'cialis', 'no prescription', 'without prescription',
    'weight loss pills', 'tramadol', 'pharmacy online', 'cheap meds']),
  ('data_lists', array['scrape linkedin', 'store owners with emails', 'healthcare professionals email',
    -- Never 'mailing list': a client wants a sign-up for its own.
    'email list', 'email lists', 'contact list', 'contact lists',
    'b2b leads', 'b2b data', 'decision makers', 'leads database', 'verified emails',
    'email database', 'targeted leads', 'c level executives', 'attendees list']),
  ('renewal', array['account has been temporarily suspended', 'flagged for suspension', 'is now overdue', 'trademark publication', 'ssl certificate for your website expires', 'listing ref',
    'final notice', 'domain listing', 'domain registration notice', 'expiration notice',
    'search engine registration', 'search engine submission', 'domain will expire',
    'listing will expire', 'annual listing', 'secure your listing', 'domain service expiration',
    'will be removed from search']),
  ('cold', array['hope this message finds you well', 'hope this email finds you well', 'i came across your website', 'dear customer', 'dear friend',
    'dear sir madam', 'i noticed your website', 'i was checking your website',
    'i came across your website and noticed',
    -- Asked of a site's owner by a pitch, and of the agency by a visitor who wants its owner.
    'are you the owner of']),
  -- Whoever calls the agency "website owner" has not read its page: weighed as a pitch.
  ('owner', array['hello business owner', 'dear website owner', 'hello website owner',
    'hi website owner', 'dear business owner', 'website owner']),
  ('bulk', array['unsubscribe', 'reply stop', 'opt out', 'to stop receiving',
    'no longer wish to receive', 'reply with remove', 'if you are not interested'])
) as v(c, ps), pg_catalog.unnest(ps) as p
on conflict (phrase) do nothing;
-- Openings of formal letters, which pitches copy: a client writes them too, and beside one phrase
-- of a trade that pitches also name ("business loans" from a finance broker) a cold greeting's 2
-- held real enquiries. "Dear friend" and "Are you the owner of" a client hardly writes.
update app_private.spam_phrases set formal = true
where phrase in ('dear sir madam', 'hope this message finds you well',
  'hope this email finds you well', 'i came across your website',
  'i came across your website and noticed', 'i noticed your website');
comment on table app_private.spam_phrases is
  'Phrases of the common pitches, by kind: a lead with one kind scores 3 (3.5 with two of its phrases, 4 with three; calling the reader "website owner" is such a kind), a cold greeting 2 (1 when every one found is formal: pitch:greeting), a mailing-list footer 2.5; the held line is 5, so no one phrase holds a lead alone.';

-- What the agency taught: per word (hashed, so no erased lead's words stay
-- readable), in how many leads marked spam and how many real ones it stood.
create table app_private.spam_tokens (
  token bigint primary key,
  spam integer not null default 0 check (spam >= 0),
  ham integer not null default 0 check (ham >= 0)
);
create table app_private.spam_model (
  singleton boolean primary key default true check (singleton),
  spam_docs integer not null default 0 check (spam_docs >= 0),
  ham_docs integer not null default 0 check (ham_docs >= 0)
);
insert into app_private.spam_model (singleton) values (true) on conflict do nothing;
-- Each lead's mark, so the opposite mark undoes it; goes with the lead.
create table app_private.spam_marks (
  submission_id bigint primary key references public.contact_submissions (id) on delete cascade,
  spam boolean not null,
  marked_at timestamptz not null default now()
);
-- The disposable email domains, from the maintained list a server or worker
-- writes at start (server/db/disposable-domains.ts).
create table app_private.disposable_domains (
  domain text primary key check (domain = pg_catalog.lower(domain))
);
revoke all on table app_private.spam_tokens, app_private.spam_model, app_private.spam_marks,
  app_private.disposable_domains
  from public, anon, authenticated;

-- The lower-cased text with every run of other characters one space, padded:
-- a phrase matches as ' phrase '. PL/pgSQL, as the signature's functions
-- below: a SQL function with a SET clause is neither inlined nor keeps its
-- plan, so each insert planned it again.
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
revoke all on function app_private.spam_plain(text) from public;
comment on function app_private.spam_plain(text) is
  'A lead''s text as the phrase rules read it: lower case, words of letters, digits and currency signs, one space between.';

-- The words a lead teaches and is judged by: the 'simple' parser's (any
-- script, no stemming), hashed, at most 500, and the email's domain.
create or replace function app_private.spam_tokens_of(name text, email text, message text)
returns bigint[]
language sql
immutable
set search_path = ''
as $$
  select pg_catalog.array_agg(distinct t.h) from (
    (select pg_catalog.hashtextextended(w.lexeme, 7207) as h
     from pg_catalog.unnest(pg_catalog.to_tsvector('simple'::regconfig, name || ' ' || message)) as w
     where pg_catalog.char_length(w.lexeme) between 2 and 40
     limit 500)
    union all
    select pg_catalog.hashtextextended('@' || pg_catalog.lower(pg_catalog.split_part(email, '@', 2)), 7207)
  ) as t
$$;
revoke all on function app_private.spam_tokens_of(text, text, text) from public;
comment on function app_private.spam_tokens_of(text, text, text) is
  'The words of a lead''s name and message (any script) and its email''s domain, hashed: what the learned model counts.';

-- Sixteen MinHash values over the message's three-word shingles (its first
-- 400 words of letters: digits left out, so a changed figure is the same
-- text): two messages share each value with the chance of their shingles'
-- overlap, so ten of sixteen in common is nearly the same text: an overlap
-- of 0.8 matches 39 times in 40, one of 0.3 (two enquiries sharing a stock
-- phrase) once in 140, where four of eight matched one in five. Null for a
-- message under 8 words: short notes are alike by nature.
create or replace function app_private.spam_signature_of(message text)
returns integer[]
language plpgsql
immutable
set search_path = ''
as $$
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
$$;
revoke all on function app_private.spam_signature_of(text) from public;
comment on function app_private.spam_signature_of(text) is
  'A message''s MinHash signature (16 values over its three-word shingles), to find the same or nearly the same text sent by others; null under 8 words.';

-- The near-duplicate look-up of a blast (locality-sensitive hashing): the
-- sixteen values in parts of 4, 4, 4, 3 and 1, and each three values of a
-- part hashed to one key, 13 keys. Ten values of sixteen in common put three
-- in one part (two in each of the parts of 4 and 3 and the last value make
-- nine), a whole key, so two leads that can be a blast always share one; two
-- that share stock phrases share three given values now and then. So a lead
-- reads only the few leads it may repeat, with 13 index keys where pairs of
-- bands took 28: each key is a GIN insert at every lead.
create or replace function app_private.spam_blast_keys(signature integer[])
returns integer[]
language plpgsql
immutable
strict
set search_path = ''
as $$
begin
  return array[
    pg_catalog.hashtext('a:' || signature[1] || ':' || signature[2] || ':' || signature[3]),
    pg_catalog.hashtext('b:' || signature[1] || ':' || signature[2] || ':' || signature[4]),
    pg_catalog.hashtext('c:' || signature[1] || ':' || signature[3] || ':' || signature[4]),
    pg_catalog.hashtext('d:' || signature[2] || ':' || signature[3] || ':' || signature[4]),
    pg_catalog.hashtext('e:' || signature[5] || ':' || signature[6] || ':' || signature[7]),
    pg_catalog.hashtext('f:' || signature[5] || ':' || signature[6] || ':' || signature[8]),
    pg_catalog.hashtext('g:' || signature[5] || ':' || signature[7] || ':' || signature[8]),
    pg_catalog.hashtext('h:' || signature[6] || ':' || signature[7] || ':' || signature[8]),
    pg_catalog.hashtext('i:' || signature[9] || ':' || signature[10] || ':' || signature[11]),
    pg_catalog.hashtext('j:' || signature[9] || ':' || signature[10] || ':' || signature[12]),
    pg_catalog.hashtext('k:' || signature[9] || ':' || signature[11] || ':' || signature[12]),
    pg_catalog.hashtext('l:' || signature[10] || ':' || signature[11] || ':' || signature[12]),
    pg_catalog.hashtext('m:' || signature[13] || ':' || signature[14] || ':' || signature[15])
  ];
end
$$;
revoke all on function app_private.spam_blast_keys(integer[]) from public;
comment on function app_private.spam_blast_keys(integer[]) is
  'A MinHash signature''s values in parts of 4, 4, 4, 3 and 1, each three of a part hashed into one of 13 keys: every two leads that can be a blast (ten values in common) share a key, and are the candidates a blast is looked for among.';

-- On the stored keys (spam_blast_keys, written by the trigger below): an
-- index on an expression computes it a second time at every insert.
create index contact_submissions_spam_blast_keys
  on public.contact_submissions using gin (spam_blast_keys)
  with (fastupdate = off)
  where spam_blast_keys is not null;

-- The learned model's vote (Paul Graham's "A Plan for Spam"): each known
-- word's chance of spam, a real lead's count doubled (a real lead held costs
-- more than a spam let through), the 15 words furthest from even, combined.
-- No vote until the agency has marked 3 of each, nor on fewer than 6 known words.
create or replace function app_private.spam_bayes(tokens bigint[])
returns real
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  model app_private.spam_model;
  chance real;
begin
  select * into model from app_private.spam_model;
  if model.spam_docs < 3 or model.ham_docs < 3 then
    return null;
  end if;
  select case when count(*) >= 6 then
           1 / (1 + pg_catalog.exp(sum(pg_catalog.ln(1 - p) - pg_catalog.ln(p)))) end
    into chance
  from (
    select p from (
      -- Gary Robinson's smoothing: a word seen once says little, pulled towards even.
      select greatest(0.01, least(0.99, (0.5 + seen * ps / (ps + ph)) / (1 + seen))) as p from (
        select least(1.0, t.spam::real / model.spam_docs) as ps,
               least(1.0, 2.0 * t.ham / model.ham_docs) as ph,
               t.spam + t.ham as seen
        from app_private.spam_tokens t where t.token = any (tokens)
      ) as known where ps + ph > 0
    ) as scored
    order by pg_catalog.abs(p - 0.5) desc
    limit 15
  ) as telling;
  return chance;
end
$$;
revoke all on function app_private.spam_bayes(bigint[]) from public;
comment on function app_private.spam_bayes(bigint[]) is
  'The chance a lead is spam by the words the agency''s marks taught (naive Bayes, 15 most telling words); null before 3 marks of each kind.';

-- The other senders of the same or nearly the same text in the last 3 days
-- (a blast), among the recent leads that share a key with this one. Never by
-- reading the whole table: the leads' keys are nearly all unique, so with no
-- statistics (the embedded database never analyses) or with ANALYZE's, which
-- find no common key, PostgreSQL guesses that one lead in sixteen shares a key
-- and that the LIMIT below is met soonest by a sequential scan. None shares
-- one, and every insert read every lead: 9.5 ms a lead at 10,000 of them.
create or replace function app_private.spam_blast_others(
  signature integer[], blast_keys integer[], lead_email text, lead_name text,
  out others integer, out capped boolean
)
language plpgsql
stable
set search_path = ''
set enable_seqscan = off
-- Should the index ever be unusable, the scan it falls back to costs 10^10 in
-- the plan, over the threshold at which PostgreSQL compiles a query with JIT:
-- 50 to 90 ms each time, where the scan itself takes less.
set jit = off
as $$
begin
  -- Bounded whatever the blast's size: at most 200 recent leads sharing a
  -- key are read, and the count stops at 10 ("10+" other senders). Copies
  -- under this lead's own name count from two other addresses on: one person
  -- sends again from a corrected or a second address, a blast under one name
  -- comes from many.
  select least(count(distinct s.address) filter (where not s.same_name)
      + coalesce(nullif(count(distinct s.address) filter (where s.same_name), 1), 0), 10),
    count(*) > 10
    into others, capped
  from (
    select pg_catalog.lower(s.email) as address,
      pg_catalog.lower(s.name) = pg_catalog.lower(lead_name) as same_name
    from (
      select s.email, s.name, s.spam_signature as theirs from public.contact_submissions s
      where s.spam_blast_keys && blast_keys
        -- "is true" keeps the planner off the created_at index: ANDed with
        -- the keys' few rows it read every lead of the three days.
        and (s.created_at > pg_catalog.now() - interval '3 days') is true
      limit 200
    ) as s
    where pg_catalog.lower(s.email) <> pg_catalog.lower(lead_email)
      -- Values in common, position by position, in one expression: a
      -- subquery over the two arrays was a plan run for every candidate.
      and (s.theirs[1] = signature[1])::integer + (s.theirs[2] = signature[2])::integer
        + (s.theirs[3] = signature[3])::integer + (s.theirs[4] = signature[4])::integer
        + (s.theirs[5] = signature[5])::integer + (s.theirs[6] = signature[6])::integer
        + (s.theirs[7] = signature[7])::integer + (s.theirs[8] = signature[8])::integer
        + (s.theirs[9] = signature[9])::integer + (s.theirs[10] = signature[10])::integer
        + (s.theirs[11] = signature[11])::integer + (s.theirs[12] = signature[12])::integer
        + (s.theirs[13] = signature[13])::integer + (s.theirs[14] = signature[14])::integer
        + (s.theirs[15] = signature[15])::integer + (s.theirs[16] = signature[16])::integer >= 10
    limit 11
  ) as s;
end
$$;
revoke all on function app_private.spam_blast_others(integer[], integer[], text, text) from public;
comment on function app_private.spam_blast_others(integer[], integer[], text, text) is
  'How many others sent the same or nearly the same text in the last 3 days (a blast; under the lead''s own name, from two other addresses on), counted to 10 (capped: more), from the leads that share a blast key; never a read of every lead.';

-- The verdict of one lead: its score and the codes of the signals that
-- counted. Reads the other recent leads (a blast) and the learned model.
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
$$;
revoke all on function app_private.spam_verdict(text, text, text, integer[], integer[]) from public;
comment on function app_private.spam_verdict(text, text, text, integer[], integer[]) is
  'A lead''s spam score and the codes of the signals that counted (links, a link in the name or address, pitch phrases by kind, prices in US dollars, another script, a throwaway address, a blast, the learned model); 5 or more holds it.';

-- Scores every insert, whoever makes it, after the proof and the rate limit
-- (trigger names run in order) and before the CHECKs; a row beyond the
-- limits is left for them to refuse, unscored.
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
  -- The same text sent at the same moment, in transactions that cannot see each other's rows:
  -- the first to take its signature's lock is stored before the next looks, so the next sees it
  -- (the look-up below takes its snapshot after the wait) and is held. One lock a lead, so a
  -- batch of 100 leads holds 100, and waited on only by a lead of the very same signature.
  if new.spam_signature is not null then
    perform pg_catalog.pg_advisory_xact_lock(7209, pg_catalog.hashtext(new.spam_signature::text));
  end if;
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
revoke all on function app_private.score_submission() from public;
comment on function app_private.score_submission() is
  'Every lead is scored as it is stored, on every backend: 5 or more holds it as suspected spam, with its reasons; nothing is refused for its words.';

create trigger contact_submissions_score_spam
  before insert on public.contact_submissions
  for each row execute function app_private.score_submission();

-- Learning from a mark: the lead's words counted as spam or real, once; the
-- opposite mark moves them. One learner at a time (marks are rare).
create or replace function app_private.spam_learn(lead_id bigint, spam boolean, unless_marked boolean default false)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  previous boolean;
  marked boolean;
  tokens bigint[];
begin
  perform pg_catalog.pg_advisory_xact_lock(7207, pg_catalog.hashtext('spam_learn'));
  select m.spam into previous from app_private.spam_marks m where m.submission_id = spam_learn.lead_id;
  marked := found;
  if marked and (previous = spam_learn.spam or unless_marked) then
    return;
  end if;
  select app_private.spam_tokens_of(s.name, s.email, s.message) into tokens
    from public.contact_submissions s where s.id = spam_learn.lead_id;
  if tokens is null then
    return;
  end if;
  if marked then
    update app_private.spam_tokens t
      set spam = t.spam - (case when previous then 1 else 0 end),
          ham = t.ham - (case when previous then 0 else 1 end)
      where t.token = any (tokens);
    update app_private.spam_model
      set spam_docs = spam_docs - (case when previous then 1 else 0 end),
          ham_docs = ham_docs - (case when previous then 0 else 1 end);
  end if;
  insert into app_private.spam_tokens as t (token, spam, ham)
    select u.token, case when spam_learn.spam then 1 else 0 end, case when spam_learn.spam then 0 else 1 end
    from pg_catalog.unnest(tokens) as u(token) order by u.token
    on conflict (token) do update set spam = t.spam + excluded.spam, ham = t.ham + excluded.ham;
  update app_private.spam_model
    set spam_docs = spam_docs + (case when spam_learn.spam then 1 else 0 end),
        ham_docs = ham_docs + (case when spam_learn.spam then 0 else 1 end);
  insert into app_private.spam_marks as m (submission_id, spam) values (spam_learn.lead_id, spam_learn.spam)
    on conflict (submission_id) do update set spam = excluded.spam, marked_at = pg_catalog.now();
end
$$;
revoke all on function app_private.spam_learn(bigint, boolean, boolean) from public;
comment on function app_private.spam_learn(bigint, boolean, boolean) is
  'Teaches the model one lead as spam or real ("Spam", "Not spam"; a take or a reply as real unless_marked), once; the opposite mark undoes the first.';

-- "Spam" on a lead: held, as the score would hold it, and learned.
create or replace function public.inbox_mark_spam(lead_id bigint)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor text := app_private.inbox_member_email();
  lead public.contact_submissions := app_private.inbox_lead(lead_id);
begin
  -- A lead the score held is marked too: the mark is recorded, and the morning's note of held
  -- leads no longer asks anyone to look at it.
  if not lead.suspected_spam or not ('marked' = any (coalesce(lead.spam_reasons, '{}'))) then
    update public.contact_submissions s
      set suspected_spam = true,
          spam_reasons = pg_catalog.array_remove(coalesce(s.spam_reasons, '{}'), 'marked') || 'marked'::text
      where s.id = lead_id;
    insert into public.lead_activity (submission_id, actor, action) values (lead_id, actor, 'spam');
  end if;
  perform app_private.spam_learn(lead_id, true);
end
$$;
comment on function public.inbox_mark_spam(bigint) is
  '"Spam": moves the lead to the Spam folder (held as suspected spam: no more alerts or clocks) and teaches the model; "Not spam" undoes both.';

-- The reasons as a PostgREST computed field of the inbox's views
-- (select=*,spam_reasons), as the caller: row-level security decides.
create or replace function public.spam_reasons(lead public.inbox_leads)
returns text[]
language sql
stable
set search_path = ''
as $$
  select s.spam_reasons from public.contact_submissions s where s.id = lead.id
$$;
comment on function public.spam_reasons(public.inbox_leads) is
  'Why the lead was held or scored (codes: links:N, link_in_name, link_in_email, pitch:<kind>, second_person, dollars, script, disposable, blast:N or blast:N+ (at least N), learned, honeypot, marked), as a computed field of inbox_leads.';
create or replace function public.spam_reasons(lead public.inbox_list)
returns text[]
language sql
stable
set search_path = ''
as $$
  select s.spam_reasons from public.contact_submissions s where s.id = lead.id
$$;
comment on function public.spam_reasons(public.inbox_list) is
  'The field spam_reasons of inbox_leads, for inbox_list, the view the inbox''s list and export read.';

-- Whether the score held the lead as it was stored (5 or more, as score_submission holds it), as a
-- computed field of both views (select=…,held_by_score): only then are its signals the reasons it
-- was held. A lead a member marked, or the honeypot held, with a lower score was held by that, and
-- the signals are only what the score counted. As the caller: row-level security decides.
create or replace function public.held_by_score(lead public.inbox_leads)
returns boolean
language sql
stable
set search_path = ''
as $$
  select coalesce(s.spam_score >= 5, false) from public.contact_submissions s where s.id = lead.id
$$;
comment on function public.held_by_score(public.inbox_leads) is
  'Whether the content score held the lead as it was stored (5 or more), so its signals are why it was held, as a computed field of inbox_leads.';
create or replace function public.held_by_score(lead public.inbox_list)
returns boolean
language sql
stable
set search_path = ''
as $$
  select coalesce(s.spam_score >= 5, false) from public.contact_submissions s where s.id = lead.id
$$;
comment on function public.held_by_score(public.inbox_list) is
  'The field held_by_score of inbox_leads, for inbox_list, the view the inbox''s list and export read.';

revoke all on function public.inbox_mark_spam(bigint), public.spam_reasons(public.inbox_leads),
  public.spam_reasons(public.inbox_list), public.held_by_score(public.inbox_leads),
  public.held_by_score(public.inbox_list)
  from public, anon, authenticated;
grant execute on function public.inbox_mark_spam(bigint), public.spam_reasons(public.inbox_leads),
  public.spam_reasons(public.inbox_list), public.held_by_score(public.inbox_leads),
  public.held_by_score(public.inbox_list)
  to authenticated;
