-- A "waiting" push counts the leads collapsed before it is claimed. A lead
-- collapsed later in the same claim (its row after the waiting one's) had
-- queued nothing, since the call took the waiting push as still to come: the
-- phone showed a short count until another lead came (a flood test under load,
-- docs/alerts.md). Leasing a waiting push now lets a later collapse queue the next.
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
               left join public.lead_attention a on a.submission_id = q.submission_id
               where q.device_id = r.device_id and q.collapsed_at > pg_catalog.now() - interval '1 day'
                 and a.first_seen_at is null and a.taken_at is null) end,
             case when r.kind in ('lead', 'escalation')
               then app_private.push_take_token(lead.id, d.member) end
      from public.push_devices d join app_private.push_device_keys k on k.device_id = d.id
      where d.id = r.device_id;
  end loop;
end
$$;
