-- Content spam, bounded and undone: a blast's look-up reads at most 200
-- recent leads sharing a value and counts at most 10 other senders
-- ("blast:10+"), so a lead of a large blast costs what the first did; and
-- "Not spam" takes back a member's "Spam" from the reasons it shows.

create or replace function app_private.spam_verdict(
  lead_name text, lead_email text, lead_message text, signature integer[],
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
    where pg_catalog.strpos(plain, ' ' || p.phrase || ' ') > 0
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
    -- value are read, and the count stops at 10 ("10+" other senders).
    select least(count(distinct pg_catalog.lower(s.email)), 10), count(*) > 10 into others, capped
    from (
      select s.email from (
        select s.email, s.name, s.spam_signature from public.contact_submissions s
        where s.spam_signature && signature
          and s.created_at > pg_catalog.now() - interval '3 days'
        limit 200
      ) as s
      where pg_catalog.lower(s.email) <> pg_catalog.lower(lead_email)
        and pg_catalog.lower(s.name) <> pg_catalog.lower(lead_name)
        and (select count(*) from pg_catalog.generate_series(1, 8) as k
             where s.spam_signature[k] = signature[k]) >= 4
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
  if chance >= 0.97 then
    score := score + 5;
    reasons := reasons || 'learned'::text;
  elsif chance >= 0.8 then
    score := score + 3;
    reasons := reasons || 'learned'::text;
  elsif chance <= 0.05 then
    score := score - 2;
  end if;
end
$$;
revoke all on function app_private.spam_verdict(text, text, text, integer[]) from public;
comment on function app_private.spam_verdict(text, text, text, integer[]) is
  'A lead''s spam score and the codes of the signals that counted (links, a link in the name or address, pitch phrases by kind, another script, a throwaway address, a blast, the learned model); 5 or more holds it.';

create or replace function public.inbox_not_spam(lead_id bigint)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor text := app_private.inbox_member_email();
  lead public.contact_submissions := app_private.inbox_lead(lead_id);
begin
  perform app_private.spam_learn(lead_id, false);
  if not lead.suspected_spam then
    return;
  end if;
  update public.contact_submissions s
    set suspected_spam = false, spam_reasons = pg_catalog.array_remove(s.spam_reasons, 'marked')
    where s.id = lead_id;
  insert into public.lead_outbox (submission_id) values (lead_id) on conflict do nothing;
  if exists (select from app_private.lead_channels where channel = 'webhook') then
    insert into public.lead_webhooks (submission_id) values (lead_id) on conflict do nothing;
  end if;
  insert into public.lead_activity (submission_id, actor, action) values (lead_id, actor, 'not_spam');
end
$$;
comment on function public.inbox_not_spam(bigint) is
  'Releases a lead held as suspected spam into the inbox and queues its email and webhook once, as for a new lead: nothing held is dropped without a sign. Teaches the spam model it is real (55_spam_score.sql).';

comment on function public.spam_reasons(public.inbox_leads) is
  'Why the lead was held or scored (codes: links:N, link_in_name, link_in_email, pitch:<kind>, second_person, script, disposable, blast:N or blast:N+ (at least N), learned, honeypot, marked), as a computed field of inbox_leads.';
