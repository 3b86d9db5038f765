-- Holes in replies and alerts, closed in the database so they hold on every
-- backend: the reply cap survives erasure; an alert's "I'm on it" dies with
-- the session that turned alerts on; one endpoint has one spelling; a lead
-- held as suspected spam is never taken nor named in a push.

-- The reply cap counted lead_replies, which erasing a lead removes: erase,
-- and the hour's count started again. This record is a member's sends alone
-- (who and when, nothing of the lead), kept an hour.
-- Made, and filled with the last hour's replies, once: a second run changes nothing.
do $$
begin
  if pg_catalog.to_regclass('app_private.reply_sends') is null then
    create table app_private.reply_sends (
      member text not null,
      sent_at timestamptz not null default now()
    );
    insert into app_private.reply_sends (member, sent_at)
      select r.author, r.created_at from public.lead_replies r
      where r.created_at > now() - interval '1 hour';
  end if;
end
$$;
create index if not exists reply_sends_member on app_private.reply_sends (member, sent_at);
revoke all on table app_private.reply_sends from public, anon, authenticated;
comment on table app_private.reply_sends is
  'Each member''s replies of the last hour, for the hourly cap: who and when only, so erasing a lead neither keeps its data nor gives the cap back.';

drop index if exists public.lead_replies_author;

create or replace function public.inbox_send_reply(lead_id bigint, body text)
returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor text := app_private.inbox_member_email();
  lead public.contact_submissions := app_private.inbox_lead(lead_id);
  per_hour constant integer := 30;
  oldest timestamptz;
  reply_id bigint;
begin
  body := pg_catalog.btrim(body, E' \t\r\n');
  if body is null or pg_catalog.char_length(body) not between 1 and 10000 then
    raise exception using errcode = '22023', message = 'a reply has 1 to 10000 characters';
  end if;
  if lead.suspected_spam then
    raise exception using errcode = '22023',
      message = 'a lead held as suspected spam gets no reply until it is released';
  end if;
  -- One member's replies are counted and stored one at a time, so two at once
  -- never both see room for the 30th.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('lead_replies ' || actor));
  delete from app_private.reply_sends s
    where s.member = actor and s.sent_at <= pg_catalog.now() - interval '1 hour';
  select s.sent_at into oldest from app_private.reply_sends s
    where s.member = actor
    order by s.sent_at desc offset per_hour - 1 limit 1;
  if found then
    raise exception using errcode = 'PT429',
      message = 'at most 30 replies an hour per member',
      hint = pg_catalog.format('Try again in %s seconds.', pg_catalog.ceil(extract(epoch from
        oldest + interval '1 hour' - pg_catalog.now()))::integer);
  end if;
  insert into app_private.reply_sends (member) values (actor);
  insert into public.lead_replies (submission_id, author, body)
  values (lead.id, actor, body) returning id into reply_id;
  insert into public.lead_activity (submission_id, actor, action, detail)
  values (lead.id, actor, 'reply', pg_catalog.jsonb_build_object('reply_id', reply_id));
  return reply_id;
end
$$;
comment on function public.inbox_send_reply(bigint, text) is
  'A member''s reply to a lead, stored for the delivery worker to send (1 to 10,000 characters, 30 an hour per member counted in app_private.reply_sends, which erasing a lead leaves, PT429 past that); recorded in the activity. The lead becomes Replied only when the relay accepts it.';

-- A device's alerts are bound to the session that turned them on (or last
-- renewed them: the inbox registers its device again at each signed-in
-- start). Kept beside the device's keys, which the member's reads never return.
alter table app_private.push_device_keys add column if not exists session_id uuid;
comment on column app_private.push_device_keys.session_id is
  'The session that registered the device last: its alerts'' "I''m on it" works only while that session lives.';

-- Whether a session still lives: our server's (app_private.auth_sessions) or,
-- where it exists, Supabase Auth's (auth.sessions). Chosen when this runs, as
-- public.inbox_is_member() is: a function naming a missing table cannot be made.
do $$
declare
  has_supabase_sessions constant boolean := pg_catalog.to_regclass('auth.sessions') is not null;
begin
  execute pg_catalog.format($fn$
create or replace function app_private.session_is_live(session uuid, member text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $body$
  select session is not null and (
    exists (select from app_private.auth_sessions s
            where s.id = session_is_live.session and s.email = session_is_live.member)%s)
$body$
$fn$, case when has_supabase_sessions then $sql$
    or exists (select from auth.sessions s where s.id = session_is_live.session)$sql$
    else '' end);
end
$$;
revoke all on function app_private.session_is_live(uuid, text) from public;
comment on function app_private.session_is_live(uuid, text) is
  'Whether a session is still live (our server''s app_private.auth_sessions of that member, or Supabase Auth''s auth.sessions where it exists): sign-out of any scope, removal and refresh-token reuse end it.';

-- One endpoint, one spelling: the host in lower case and the default port
-- dropped, so uniqueness compares URLs, not strings (":443" or an upper-case
-- host was another member's endpoint under another name). Null when it is no
-- https URL of the shape the allowlist reads.
create or replace function app_private.push_endpoint_canonical(endpoint text)
returns text
language sql
immutable
set search_path = ''
as $$
  select 'https://' || pg_catalog.lower(m[1])
         || case when m[2] is null or m[2]::integer = 443 then '' else ':' || m[2]::integer end
         || m[3]
  from pg_catalog.regexp_match(
    endpoint,
    '^https://([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::([0-9]{1,5}))?(/[!-~]*)$'
  ) as m
$$;
revoke all on function app_private.push_endpoint_canonical(text) from public;
comment on function app_private.push_endpoint_canonical(text) is
  'A push endpoint as one string per URL (lower-case host, no :443), so a device is unique by its URL, however it was spelt.';

-- Devices stored before: their one spelling, unless that is already taken.
do $$
declare
  device record;
begin
  for device in
    select d.id, app_private.push_endpoint_canonical(d.endpoint) as canonical
    from public.push_devices d
  loop
    begin
      update public.push_devices d set endpoint = device.canonical
        where d.id = device.id and device.canonical is not null and d.endpoint <> device.canonical;
    exception when unique_violation then
      delete from public.push_devices d where d.id = device.id;
    end;
  end loop;
end
$$;

create or replace function public.inbox_add_push_device(
  endpoint text, p256dh text, auth text, browser text
)
returns bigint
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  actor text := app_private.inbox_member_email();
  -- Live: inbox_member_email() has just checked it names one of the member's sessions.
  session uuid := (auth.jwt() ->> 'session_id')::uuid;
  url text := app_private.push_endpoint_canonical(inbox_add_push_device.endpoint);
  key text := pg_catalog.rtrim(inbox_add_push_device.p256dh, '=');
  secret text := pg_catalog.rtrim(inbox_add_push_device.auth, '=');
  label text := pg_catalog.btrim(inbox_add_push_device.browser);
  owner text;
  device bigint;
begin
  if inbox_add_push_device.endpoint is null
    or pg_catalog.char_length(inbox_add_push_device.endpoint) > 1024 then
    raise exception using errcode = '22023',
      message = 'a push endpoint is an https URL of at most 1024 characters';
  end if;
  if url is null or not app_private.push_endpoint_allowed(url) then
    raise exception using errcode = '22023',
      message = 'the endpoint is not on a known push service',
      hint = 'Alerts go only to Google''s, Mozilla''s, Apple''s and Microsoft''s push services, over https, and hosts listed in WEB_PUSH_HOSTS.';
  end if;
  if key is null or key !~ '^[A-Za-z0-9_-]{87}$'
    or pg_catalog.get_byte(
         pg_catalog.decode(pg_catalog.translate(key, '-_', '+/') || '=', 'base64'), 0) <> 4 then
    raise exception using errcode = '22023',
      message = 'p256dh must be an uncompressed P-256 public key, base64url (87 characters)';
  end if;
  if secret is null or secret !~ '^[A-Za-z0-9_-]{22}$' then
    raise exception using errcode = '22023',
      message = 'auth must be a 16-byte secret, base64url (22 characters)';
  end if;
  if label is null or pg_catalog.char_length(label) not between 1 and 100
    or label ~ '[[:cntrl:]]' then
    raise exception using errcode = '22023',
      message = 'browser names the browser in 1 to 100 printable characters';
  end if;
  select d.member into owner from public.push_devices d
    where d.endpoint = url for update;
  if owner is not null and owner <> actor then
    raise exception using errcode = 'PT409',
      message = 'this subscription belongs to another member''s device',
      hint = 'They turn alerts off on it first.';
  end if;
  if owner is null
    and (select count(*) from public.push_devices d where d.member = actor) >= 20 then
    raise exception using errcode = '22023',
      message = 'a member has at most 20 devices with alerts: remove one first';
  end if;
  insert into public.push_devices as d (member, endpoint, browser)
    values (actor, url, label)
    on conflict (endpoint) do update set browser = excluded.browser
      where d.member = excluded.member
    returning d.id into device;
  if device is null then
    raise exception using errcode = 'PT409',
      message = 'this subscription belongs to another member''s device';
  end if;
  insert into app_private.push_device_keys as k (device_id, p256dh, auth, session_id)
    values (device, key, secret, session)
    on conflict (device_id) do update
      set p256dh = excluded.p256dh, auth = excluded.auth, session_id = excluded.session_id;
  return device;
end
$$;
comment on function public.inbox_add_push_device(text, text, text, text) is
  'Turns alerts on for the caller''s own device, bound to the caller''s session: only an https endpoint on a known push service (stored in one spelling), well-formed keys, and never another member''s endpoint (no member argument).';

-- "I'm on it" from a notification: the token names the lead and the device it
-- was pushed to (not the member), and works only while that device is
-- registered and the session that registered it lives. Signing out (any
-- scope that ends that session), removing the device or the member ends it.
drop function if exists app_private.push_take_token(bigint, text);
create or replace function app_private.push_take_token(lead_id bigint, device_id bigint)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select lead_id::text || '.' || e.exp || '.' || device_id::text
         || '.' || app_private.auth_hash('take:' || lead_id::text || ':' || device_id::text || ':' || e.exp)
  from (select pg_catalog.floor(extract(epoch from pg_catalog.now() + interval '2 days'))::bigint::text as exp) e
$$;
revoke all on function app_private.push_take_token(bigint, bigint) from public;
comment on function app_private.push_take_token(bigint, bigint) is
  'The token a lead''s push carries for "I''m on it" from the notification: signed, bound to one lead and the device it went to, valid two days while that device''s session lives.';

create or replace function public.inbox_take_from_alert(token text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  parts text[] := pg_catalog.regexp_match(
    token, '^([0-9]{1,18})\.([0-9]{1,12})\.([0-9]{1,18})\.([0-9a-f]{64})$');
  member text;
  session uuid;
begin
  if parts is null then
    raise exception using errcode = '22023', message = 'not an alert token';
  end if;
  if app_private.auth_hash('take:' || parts[1] || ':' || parts[3] || ':' || parts[2]) = parts[4]
    and parts[2]::bigint >= extract(epoch from pg_catalog.now()) then
    select d.member, k.session_id into member, session
      from public.push_devices d join app_private.push_device_keys k on k.device_id = d.id
      where d.id = parts[3]::bigint;
  end if;
  if member is null
    or not exists (select from app_private.inbox_members m where m.email = member)
    or not app_private.session_is_live(session, member) then
    raise exception using errcode = 'PT403',
      message = 'this alert no longer works (expired, signed out, or alerts turned off on this device): open the inbox';
  end if;
  perform app_private.lead_take(parts[1]::bigint, member);
end
$$;
comment on function public.inbox_take_from_alert(text) is
  '"I''m on it" from the notification, without opening the inbox: the push''s signed token names the lead and the device; refused once it expires, the device is removed, its member removed, or the session that registered it ends.';

-- A lead held as suspected spam is not taken: "Taken by" would then push its
-- name to the other members' phones.
create or replace function app_private.lead_take(lead_id bigint, member text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  lead public.contact_submissions := app_private.inbox_lead(lead_take.lead_id);
  taker text;
begin
  if lead.suspected_spam then
    raise exception using errcode = '22023',
      message = 'a lead held as suspected spam cannot be taken until it is released (Not spam)';
  end if;
  select a.taken_by into taker from public.lead_attention a
    where a.submission_id = lead_take.lead_id for update;
  if taker = lead_take.member then
    return;
  end if;
  if taker is not null then
    raise exception using errcode = 'PT409', message = 'already taken by ' || taker;
  end if;
  insert into public.lead_attention as a (submission_id, taken_by, taken_at)
    values (lead_take.lead_id, lead_take.member, pg_catalog.now())
    on conflict (submission_id) do update set taken_by = excluded.taken_by, taken_at = excluded.taken_at;
  insert into public.lead_activity (submission_id, actor, action)
    values (lead_take.lead_id, lead_take.member, 'take');
  -- Qualified: in a query over push_devices, a bare "member" would be the device's.
  insert into app_private.push_queue (device_id, submission_id, kind, taken_by)
    select d.id, lead_take.lead_id, 'taken', lead_take.member
    from public.push_devices d where d.member <> lead_take.member
    on conflict do nothing;
  perform pg_catalog.pg_notify('lead_push', '');
end
$$;
comment on function app_private.lead_take(bigint, text) is
  'Records who took a lead, once (first taker wins), in the activity, and replaces the other members'' notification with "Taken by"; a lead held as suspected spam is refused.';

-- The claim: a held lead's push is dropped, never sent; the take token names the device.
create or replace function app_private.push_claim(
  max_rows integer, lease_seconds integer, per_minute integer, waiting_gap_seconds integer
)
returns table (
  queue_id bigint, kind text, attempts integer, device_id bigint, member text, endpoint text,
  p256dh text, auth text, lead_id bigint, name text, submission_key uuid,
  created_at timestamptz, reply_due timestamptz, taken_by text, waiting integer, take_token text
)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  r app_private.push_queue;
  -- Per device, worked out once per call (a flood is thousands of rows for one
  -- device): whether it is ours and allowed, its lead pushes in the last
  -- minute (counting those leased here), and whether its waiting push is queued.
  devices jsonb := '{}';
  state jsonb;
  leased integer := 0;
  lead public.contact_submissions;
begin
  -- Collapsing is cheap, sending is not: look at many rows, lease at most max_rows.
  for r in
    select q.* from app_private.push_queue q
    where q.sent_at is null and q.collapsed_at is null and q.failed_at is null
      and q.next_attempt_at <= pg_catalog.now()
      and (q.locked_until is null or q.locked_until <= pg_catalog.now())
    order by q.id
    limit max_rows * 40
    for update skip locked
  loop
    exit when leased >= max_rows;
    state := devices -> r.device_id::text;
    if state is null then
      -- One claimer per device at a time keeps its count exact; a busy device waits a round.
      -- Asked again before each push: a WEB_PUSH_HOSTS entry may have gone since it was stored.
      select pg_catalog.jsonb_build_object(
               'ok', app_private.push_endpoint_allowed(d.endpoint),
               'recent', (select count(*) from app_private.push_queue q
                          where q.device_id = d.id and q.kind in ('lead', 'escalation')
                            and (q.sent_at > pg_catalog.now() - interval '1 minute'
                              or (q.sent_at is null and q.failed_at is null
                                  and q.locked_until > pg_catalog.now()))),
               'waiting', false)
        into state
        from public.push_devices d where d.id = r.device_id for update skip locked;
      state := coalesce(state, '{"ok": null}');
      devices := devices || pg_catalog.jsonb_build_object(r.device_id::text, state);
    end if;
    continue when (state ->> 'ok') is null;
    -- A lead held as suspected spam (held since it was queued) is named on no
    -- screen: its push goes, so that "Not spam" can queue it afresh.
    if r.submission_id is not null and exists (
         select from public.contact_submissions s
         where s.id = r.submission_id and s.suspected_spam) then
      delete from app_private.push_queue q where q.id = r.id;
      continue;
    end if;
    if not (state ->> 'ok')::boolean then
      update app_private.push_queue q
        set failed_at = pg_catalog.now(), last_error = 'the endpoint''s host is no longer allowed'
        where q.id = r.id;
      continue;
    end if;
    if r.kind in ('lead', 'escalation') then
      if exists (select from public.lead_attention a
                 where a.submission_id = r.submission_id and a.taken_by is not null) then
        update app_private.push_queue q set collapsed_at = pg_catalog.now() where q.id = r.id;
        continue;
      end if;
      if (state ->> 'recent')::integer >= per_minute then
        update app_private.push_queue q set collapsed_at = pg_catalog.now() where q.id = r.id;
        if not (state ->> 'waiting')::boolean then
          insert into app_private.push_queue (device_id, kind, next_attempt_at)
            select r.device_id, 'waiting', greatest(pg_catalog.now(),
                     max(coalesce(q.sent_at, pg_catalog.now()))
                       + pg_catalog.make_interval(secs => waiting_gap_seconds))
            from app_private.push_queue q
            where q.device_id = r.device_id and q.kind = 'waiting'
              and (q.sent_at > pg_catalog.now() - interval '1 minute' or q.sent_at is null)
            on conflict do nothing;
          devices := pg_catalog.jsonb_set(devices, array[r.device_id::text, 'waiting'], 'true');
        end if;
        continue;
      end if;
      devices := pg_catalog.jsonb_set(devices, array[r.device_id::text, 'recent'],
                   pg_catalog.to_jsonb((state ->> 'recent')::integer + 1));
    elsif r.kind = 'waiting' then
      -- Counted as it is leased: a lead collapsed after it in this call queues the next one.
      devices := pg_catalog.jsonb_set(devices, array[r.device_id::text, 'waiting'], 'false');
    end if;
    leased := leased + 1;
    update app_private.push_queue q
      set locked_until = pg_catalog.now() + pg_catalog.make_interval(secs => lease_seconds)
      where q.id = r.id;
    select * into lead from public.contact_submissions s where s.id = r.submission_id;
    return query
      select r.id, r.kind, r.attempts, d.id, d.member, d.endpoint, k.p256dh, k.auth,
             lead.id, lead.name, lead.submission_key, lead.created_at, lead.reply_due, r.taken_by,
             case when r.kind = 'waiting' then (
               select count(distinct q.submission_id)::integer from app_private.push_queue q
               join public.contact_submissions s on s.id = q.submission_id
               left join public.lead_attention a on a.submission_id = q.submission_id
               where q.device_id = r.device_id and q.collapsed_at > pg_catalog.now() - interval '1 day'
                 and not s.suspected_spam and a.first_seen_at is null and a.taken_at is null) end,
             case when r.kind in ('lead', 'escalation')
               then app_private.push_take_token(lead.id, d.id) end
      from public.push_devices d join app_private.push_device_keys k on k.device_id = d.id
      where d.id = r.device_id;
  end loop;
end
$$;
