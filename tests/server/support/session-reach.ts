import { expect } from 'vitest';
import type { RunningServer } from '../../../server/start.ts';
import { VOID_RPCS } from '../../../server/rest/inbox/rpc-functions.ts';
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
  inbox_erase: { lead_id: lead },
  inbox_remove_member: { email: COLLEAGUE },
  inbox_remove_push_device: { device_id: 1 },
  inbox_forget_push_devices: {},
  inbox_take: { lead_id: lead },
});

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

/** The leads the token reads in the inbox's list. */
export async function leadsRead(server: RunningServer, token: string): Promise<unknown> {
  const { url, fetch } = reach(server);
  const response = await fetch(`${url}/rest/v1/inbox_leads?select=id`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  return response.json();
}

/**
 * As PostgREST with row-level security answers a token whose session has
 * ended: every read an empty list, the membership check false, the figures
 * nought, and every change the functions' 403 (42501), with nothing changed.
 */
export async function expectEnded(
  server: RunningServer,
  token: string,
  lead: number,
  held: number,
): Promise<void> {
  const before = await inboxState(server);
  const { url, fetch } = reach(server);
  for (const table of Object.keys(READ_TABLES)) {
    const response = await fetch(`${url}/rest/v1/${table}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect([response.status, await response.json()], table).toEqual([200, []]);
  }
  expect(await (await call(server, token, 'inbox_is_member', {})).json()).toBe(false);
  const figures = await call(server, token, 'lead_figures', { days: 30 });
  expect(await figures.json()).toMatchObject({ leads: 0, held_as_spam: 0 });
  const changes = changesTo(lead, held);
  expect(Object.keys(changes).sort(), 'every change the inbox makes').toEqual(
    [...VOID_RPCS].filter((name) => !WITHOUT_SESSION.has(name)).sort(),
  );
  for (const [name, args] of Object.entries(changes)) {
    const response = await call(server, token, name, args);
    expect(response.status, name).toBe(403);
    expect(await response.json(), name).toMatchObject({ code: '42501' });
  }
  expect(await inboxState(server)).toEqual(before);
}
