import { expect } from 'vitest';
import type { RunningServer } from '../../../server/start.ts';
import { INBOX_RPCS } from '../../../server/rest/inbox/rpc-functions.ts';
import { READ_TABLES } from '../../../server/rest/inbox/read-tables.ts';
import { reach } from './inbox.ts';

/**
 * What one access token still reaches on our server, through /rest/v1 as the
 * inbox calls it: a live member's token reads leads; an ended session's must
 * read nothing and change nothing (public.inbox_is_member()).
 */

/** Each inbox change with arguments that would change `lead` (or `held`, the lead in Spam). */
export const changesTo = (lead: number, held: number): Record<string, object> => ({
  inbox_set_status: { lead_id: lead, new_status: 'won' },
  inbox_add_note: { lead_id: lead, body: 'A note from an ended session' },
  inbox_mark_read: { lead_id: lead },
  inbox_not_spam: { lead_id: held },
  inbox_mark_spam: { lead_id: lead },
  inbox_erase: { lead_id: lead },
  inbox_remove_member: { email: COLLEAGUE },
  inbox_remove_push_device: { device_id: 1 },
  inbox_forget_push_devices: {},
  inbox_send_test_alert: {},
  inbox_take: { lead_id: lead },
  inbox_send_reply: { lead_id: lead, body: 'A reply from an ended session' },
  inbox_add_push_device: {
    endpoint: 'https://fcm.googleapis.com/fcm/send/from-an-ended-session',
    p256dh: 'B'.repeat(87),
    auth: 'a'.repeat(22),
    browser: 'Chrome on Android',
  },
});

/** What the inbox calls that changes nothing: reads, asked as functions. */
const READS = new Set([
  'inbox_is_member',
  'lead_figures',
  'inbox_push_key',
  'inbox_test_alert_results',
]);

/**
 * Changes that do not ask for a session: "I'm on it" from a notification
 * carries its own signed token, the permission (docs/alerts.md).
 */
const WITHOUT_SESSION = new Set(['inbox_take_from_alert']);

/** A second member's address, whom an ended session must not be able to remove. */
export const COLLEAGUE = 'colleague@example.co.uk';

/** Everything the inbox's changes could touch, to compare before and after. */
async function inboxState(server: RunningServer): Promise<unknown> {
  const [row] = await server.query(`select
    (select json_agg(json_build_object('id', id, 'status', status, 'spam', suspected_spam)
                     order by id) from public.contact_submissions) as leads,
    (select count(*)::int from public.lead_notes) as notes,
    (select count(*)::int from public.lead_activity) as activity,
    (select count(*)::int from public.lead_reads) as reads,
    (select count(*)::int from public.lead_outbox) as outbox,
    (select json_agg(email order by email) from app_private.inbox_members) as members,
    (select count(*)::int from app_private.inbox_removed_members) as removed,
    (select count(*)::int from public.push_devices) as devices,
    (select count(*)::int from app_private.push_test_results) as test_alerts,
    (select count(*)::int from public.lead_replies) as replies,
    (select count(*)::int from public.lead_attention where taken_by is not null) as takes`);
  return row;
}

/** Over the server's socket or by inject, as it was started (support/inbox.ts). */
const call = (server: RunningServer, token: string, name: string, args: object) => {
  const { url, fetch } = reach(server);
  return fetch(`${url}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(args),
  });
};

/** What the token reads of `table` (with `query`), as the inbox reads it. */
export async function rowsRead(
  server: RunningServer,
  token: string,
  table: string,
  query = '',
): Promise<unknown> {
  const { url, fetch } = reach(server);
  const response = await fetch(`${url}/rest/v1/${table}${query}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status, table).toBe(200);
  return response.json();
}

/** The leads the token reads in the inbox's list. */
export const leadsRead = (server: RunningServer, token: string) =>
  rowsRead(server, token, 'inbox_leads', '?select=id');

/**
 * Rows for every read to hide, so none is checked over nothing: each table the
 * inbox reads has some, and the token's member, while a member, a device (a
 * device shows only to its member, and a global sign-out forgets theirs).
 */
async function rowsToHide(server: RunningServer, token: string): Promise<void> {
  const { email } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
    email: string;
  };
  await server.query(
    `insert into public.push_devices (member, endpoint, browser)
     select m.email, 'https://fcm.googleapis.com/fcm/send/ended-' || gen_random_uuid(), 'Firefox on Linux'
     from app_private.inbox_members m
     where m.email = $1 and not exists (select from public.push_devices d where d.member = m.email)`,
    [email],
  );
  for (const table of Object.keys(READ_TABLES)) {
    const [{ rows }] = (await server.query(
      `select count(*)::int as rows from public.${table}`,
    )) as [{ rows: number }];
    expect(rows, `${table} has rows an ended session must not read`).toBeGreaterThan(0);
  }
}

/**
 * As PostgREST with row-level security answers a token whose session has
 * ended: every read an empty list (of tables that have rows), the membership
 * check false, the figures nought, and every change the functions' 403
 * (42501), with nothing changed.
 */
export async function expectEnded(
  server: RunningServer,
  token: string,
  lead: number,
  held: number,
): Promise<void> {
  await rowsToHide(server, token);
  const before = await inboxState(server);
  for (const table of Object.keys(READ_TABLES)) {
    expect(await rowsRead(server, token, table), table).toEqual([]);
  }
  expect(await (await call(server, token, 'inbox_is_member', {})).json()).toBe(false);
  const figures = await call(server, token, 'lead_figures', { days: 30 });
  expect(await figures.json()).toMatchObject({ leads: 0, held_as_spam: 0 });
  const changes = changesTo(lead, held);
  expect(Object.keys(changes).sort(), 'every change the inbox makes').toEqual(
    Object.keys(INBOX_RPCS)
      .filter((name) => !READS.has(name) && !WITHOUT_SESSION.has(name))
      .sort(),
  );
  for (const [name, args] of Object.entries(changes)) {
    const response = await call(server, token, name, args);
    expect(response.status, name).toBe(403);
    expect(await response.json(), name).toMatchObject({ code: '42501' });
  }
  expect(await inboxState(server)).toEqual(before);
}
