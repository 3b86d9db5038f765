-- Alerts on the agency's phones by Web Push (docs/alerts.md): the devices each
-- member has turned alerts on for, the push service hosts we post to, and a
-- queue of pushes (one row per lead per device) that the worker in our server
-- and in `npm run worker` sends. Who has seen and taken each lead, and
-- escalation, are 75_lead_attention.sql. Everything a member may do goes
-- through functions that check membership, as the inbox's other changes do, so
-- it holds on hosted Supabase with no server of ours.

-- The VAPID key pair (RFC 8292), one for every instance and worker. pgcrypto
-- cannot make a P-256 key, so the first server or worker to start makes one
-- with web-push's generateVAPIDKeys() and inserts it ON CONFLICT DO NOTHING;
-- then every process reads the one stored (server/leads/push/vapid-key.ts).
-- created_at is also when alerts began: escalation looks at no older lead.
create table app_private.push_vapid_key (
  singleton boolean primary key default true check (singleton),
  public_key text not null check (public_key ~ '^[A-Za-z0-9_-]{87}$'),
  private_key text not null check (private_key ~ '^[A-Za-z0-9_-]{43}$'),
  created_at timestamptz not null default now()
);

-- The push services our server may post to: a member's subscription names
-- the URL, so without this list a member could make the server post anywhere.
-- The four public services are always here; WEB_PUSH_HOSTS adds host[:port]
-- entries (from_setting), which a server or worker started with that setting
-- replaces. A leading "*." matches any one or more labels before the rest.
create table app_private.push_hosts (
  host text primary key check (
    host ~ '^(\*\.)?([a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(:[0-9]{1,5})?$'
  ),
  from_setting boolean not null default false
);
insert into app_private.push_hosts (host) values
  ('fcm.googleapis.com'),
  ('updates.push.services.mozilla.com'),
  ('web.push.apple.com'),
  ('*.notify.windows.com')
on conflict (host) do nothing;

-- A member's devices with alerts on. The keys that encrypt a push are kept
-- apart (push_device_keys), so the member's own reads never return them.
create table public.push_devices (
  id bigint generated always as identity primary key,
  member text not null references app_private.inbox_members (email) on delete cascade,
  endpoint text not null unique check (char_length(endpoint) <= 1024),
  browser text not null check (char_length(browser) between 1 and 100),
  created_at timestamptz not null default now()
);
create index push_devices_member on public.push_devices (member);

create table app_private.push_device_keys (
  device_id bigint primary key references public.push_devices (id) on delete cascade,
  p256dh text not null check (p256dh ~ '^[A-Za-z0-9_-]{87}$'),
  auth text not null check (auth ~ '^[A-Za-z0-9_-]{22}$'),
  -- A device's alerts are bound to the session that turned them on (or last
  -- renewed them: the inbox registers its device again at each signed-in start).
  session_id uuid
);
comment on column app_private.push_device_keys.session_id is
  'The session that registered the device last: its alerts'' "I''m on it" works only while that session lives.';

-- The pushes to send: one row per lead and kind per device. `waiting` is the
-- collapsed push of a device past PUSHES_PER_MINUTE; its leads are marked
-- collapsed_at instead of being sent one by one. `test` is a member's "Send a
-- test alert" (72_test_alerts.sql), about no lead. Sent rows stay a day: the
-- per-device pace counts them.
create table app_private.push_queue (
  id bigint generated always as identity primary key,
  device_id bigint not null references public.push_devices (id) on delete cascade,
  submission_id bigint references public.contact_submissions (id) on delete cascade,
  kind text not null check (kind in ('lead', 'escalation', 'taken', 'waiting', 'test')),
  taken_by text,
  created_at timestamptz not null default now(),
  next_attempt_at timestamptz not null default now(),
  locked_until timestamptz,
  attempts integer not null default 0,
  last_error text,
  sent_at timestamptz,
  collapsed_at timestamptz,
  failed_at timestamptz,
  check ((kind in ('waiting', 'test')) = (submission_id is null))
);
create unique index push_queue_once
  on app_private.push_queue (device_id, submission_id, kind) where submission_id is not null;
-- One waiting push per device not yet claimed: a lead collapsed while one is
-- on its way queues the next, so the count that reaches the phone is never short.
create unique index push_queue_one_waiting
  on app_private.push_queue (device_id)
  where kind = 'waiting' and sent_at is null and failed_at is null and locked_until is null;
create index push_queue_due on app_private.push_queue (id)
  where sent_at is null and collapsed_at is null and failed_at is null;
create index push_queue_device_recent
  on app_private.push_queue (device_id, sent_at);

revoke all on table app_private.push_vapid_key, app_private.push_hosts,
  app_private.push_device_keys, app_private.push_queue
  from public, anon, authenticated;

alter table public.push_devices enable row level security;
revoke all on table public.push_devices from public, anon, authenticated;
grant select on table public.push_devices to authenticated;
-- As for every identity sequence: no API role may burn or set it.
revoke all on sequence public.push_devices_id_seq from public, anon, authenticated;

create policy push_devices_own_select on public.push_devices
  for select to authenticated using (
    (select public.inbox_is_member())
    and member = (select pg_catalog.lower(auth.jwt() ->> 'email'))
  );
comment on policy push_devices_own_select on public.push_devices is
  'A member sees their own devices with alerts on (to remove one), never another member''s.';

-- Whether an endpoint is an https URL on an allowed push host, with no user
-- name, no IP address or port unless listed, and nothing odd in it.
create or replace function app_private.push_endpoint_allowed(endpoint text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  with parsed as (
    select pg_catalog.lower(m[1]) as host, nullif(m[2], '443') as port
    from pg_catalog.regexp_match(
      endpoint,
      '^https://([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::([0-9]{1,5}))?/[!-~]*$'
    ) as m
  )
  select coalesce(pg_catalog.char_length(endpoint) <= 1024, false) and exists (
    select from parsed p join app_private.push_hosts h on (
      case when h.host like '*.%'
        then p.port is null
          and pg_catalog.char_length(p.host) > pg_catalog.char_length(h.host) - 1
          and pg_catalog.right(p.host, pg_catalog.char_length(h.host) - 1)
              = pg_catalog.substr(h.host, 2)
        else p.host || coalesce(':' || p.port, '') = h.host
      end)
  )
$$;
revoke all on function app_private.push_endpoint_allowed(text) from public;
comment on function app_private.push_endpoint_allowed(text) is
  'The allowlist against server-side request forgery: a subscription is stored, and a push posted, only for an https endpoint on a known push service or a WEB_PUSH_HOSTS entry.';

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

-- The WEB_PUSH_HOSTS of a server or worker started with it: exactly these, besides the four.
create or replace function app_private.push_set_hosts(hosts text[])
returns void
language sql
security definer
set search_path = ''
as $$
  delete from app_private.push_hosts
    where from_setting and not (host = any (coalesce(hosts, '{}')));
  insert into app_private.push_hosts (host, from_setting)
    select pg_catalog.lower(h), true from pg_catalog.unnest(hosts) as h
    on conflict (host) do nothing;
$$;
revoke all on function app_private.push_set_hosts(text[]) from public;
comment on function app_private.push_set_hosts(text[]) is
  'WEB_PUSH_HOSTS, written at start by a server or worker given it, so the database refuses other hosts even where PostgREST stores a subscription without our server.';

create or replace function public.inbox_push_key()
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  key text;
begin
  perform app_private.inbox_member_email();
  select k.public_key into key from app_private.push_vapid_key k;
  if key is null then
    raise exception using errcode = 'PT503',
      message = 'alerts are not ready: no server or worker has started on this database yet',
      hint = 'Start the server or npm run worker once; it makes the key.';
  end if;
  return key;
end
$$;
comment on function public.inbox_push_key() is
  'The VAPID public key a browser subscribes with (applicationServerKey); the private half never leaves the database and the workers.';

-- A member's own device: the caller is always the member (no member argument),
-- so a token for one member can never add, move or change another's device.
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

create or replace function public.inbox_remove_push_device(device_id bigint)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor text := app_private.inbox_member_email();
begin
  delete from public.push_devices d
    where d.id = inbox_remove_push_device.device_id and d.member = actor;
  if not found then
    raise exception using errcode = 'PT404', message = 'no such device';
  end if;
end
$$;
comment on function public.inbox_remove_push_device(bigint) is
  'Turns alerts off for one of the caller''s own devices; another member''s is "no such device", as a missing one.';

create or replace function public.inbox_forget_push_devices()
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor text := app_private.inbox_member_email();
begin
  delete from public.push_devices d where d.member = actor;
end
$$;
comment on function public.inbox_forget_push_devices() is
  'Signing out everywhere removes the member''s devices: the inbox calls this first, as hosted Supabase Auth cannot.';

-- A stored lead that is not suspected spam, or one released by "Not spam", is
-- queued for every device, in the same transaction, whoever stored it; the
-- notification wakes the workers at once when one listens (their poll is the
-- floor; 05_listeners.sql).
create or replace function app_private.queue_lead_push()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.suspected_spam or (tg_op = 'UPDATE' and not old.suspected_spam) then
    return null;
  end if;
  insert into app_private.push_queue (device_id, submission_id, kind)
    select d.id, new.id, 'lead' from public.push_devices d
    on conflict do nothing;
  if found and app_private.heard('lead_push') then
    perform pg_catalog.pg_notify('lead_push', '');
  end if;
  return null;
end
$$;
revoke all on function app_private.queue_lead_push() from public;
comment on function app_private.queue_lead_push() is
  'Every real lead is pushed to every device, however it arrived (our server, hosted PostgREST, or "Not spam"); suspected spam is not.';

create trigger contact_submissions_queue_push
  after insert on public.contact_submissions
  for each row execute function app_private.queue_lead_push();
create trigger contact_submissions_queue_push_released
  after update of suspected_spam on public.contact_submissions
  for each row execute function app_private.queue_lead_push();

-- The worker's claim (server/leads/push/): up to max_rows due pushes in order
-- of arrival, leased to this worker, skipping rows another worker holds. A
-- device past per_minute lead pushes in the last minute gets its further
-- leads collapsed into its one `waiting` push, sent at most every
-- waiting_gap_seconds, which counts the collapsed leads nobody has seen yet.
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
revoke all on function app_private.push_claim(integer, integer, integer, integer) from public;
comment on function app_private.push_claim(integer, integer, integer, integer) is
  'Claims due pushes once across every instance and worker (FOR UPDATE SKIP LOCKED, leased), in order of arrival, collapsing a flood past the per-device pace into one "waiting" push.';

revoke all on function public.inbox_push_key(), public.inbox_add_push_device(text, text, text, text),
  public.inbox_remove_push_device(bigint), public.inbox_forget_push_devices()
  from public, anon, authenticated;
grant execute on function public.inbox_push_key(), public.inbox_add_push_device(text, text, text, text),
  public.inbox_remove_push_device(bigint), public.inbox_forget_push_devices()
  to authenticated;
