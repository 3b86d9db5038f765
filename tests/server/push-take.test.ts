import { beforeAll, expect, it } from 'vitest';
import { addMembers } from '../../server/auth/members.ts';
import { describeOnEmbedded, sharedPerBackend } from './support/backends.ts';
import { OWNER, startInboxServer, storeLead } from './support/inbox.ts';
import { PARTNER, signedIn } from './support/push-inbox.ts';

/**
 * Seen and taken (20261126100000_web_push.sql): the first opening by anyone,
 * "I'm on it" once (first taker wins), from the inbox or from the
 * notification's signed token, recorded in the activity and the list.
 */

const LEAD = { name: 'Jane Doe', email: 'jane@example.co.uk', message: 'A new site, please' };

const takeInbox = sharedPerBackend(async (kind) => {
  const inbox = await startInboxServer(kind);
  await addMembers(inbox.server.database, [PARTNER]);
  const owner = await signedIn(inbox, OWNER);
  const partner = await signedIn(inbox, PARTNER);
  return { inbox, owner, partner, close: () => inbox.close() };
});

type Shared = ReturnType<ReturnType<typeof takeInbox>>;

describeOnEmbedded('alerts: seen and taken', (kind) => {
  const shared = takeInbox(kind);
  let inbox: Shared['inbox'];
  let owner: Shared['owner'];
  let partner: Shared['partner'];
  beforeAll(() => void ({ inbox, owner, partner } = shared()));

  const attentionOf = async (id: number) => {
    const { data, error } = await owner
      .from('inbox_leads')
      .select('id,first_seen_at,taken_by,taken_at')
      .eq('id', id)
      .single();
    expect(error).toBeNull();
    return data as { first_seen_at: string | null; taken_by: string | null; taken_at: string };
  };

  it('records the first opening by any member as first_seen_at', async () => {
    const id = await storeLead(inbox.server, LEAD);
    expect((await attentionOf(id)).first_seen_at).toBeNull();
    await partner.rpc('inbox_mark_read', { lead_id: id });
    const seen = (await attentionOf(id)).first_seen_at;
    expect(seen).not.toBeNull();
    await owner.rpc('inbox_mark_read', { lead_id: id });
    expect((await attentionOf(id)).first_seen_at).toBe(seen);
    // `*` is the view's columns, as PostgREST answers: computed fields only when named.
    const { data } = await owner.from('inbox_leads').select('*').eq('id', id).single();
    expect(Object.keys(data as object)).not.toContain('taken_by');
  });

  it('lets the first taker win and refuses another member with 409', async () => {
    const id = await storeLead(inbox.server, LEAD);
    expect((await owner.rpc('inbox_take', { lead_id: id })).status).toBe(204);
    expect((await owner.rpc('inbox_take', { lead_id: id })).status).toBe(204);
    const second = await partner.rpc('inbox_take', { lead_id: id });
    expect(second.status).toBe(409);
    expect(second.error?.message).toBe(`already taken by ${OWNER}`);
    expect(await attentionOf(id)).toMatchObject({ taken_by: OWNER });
    const { data: activity } = await owner
      .from('lead_activity')
      .select('actor,action')
      .eq('submission_id', id);
    expect(activity).toEqual([{ actor: OWNER, action: 'take' }]);
    expect((await owner.rpc('inbox_take', { lead_id: 987_654 })).status).toBe(404);
    expect((await inbox.client().rpc('inbox_take', { lead_id: id })).status).toBe(401);
  });

  it('gives the figures the time to first seen and to taken', async () => {
    const id = await storeLead(inbox.server, LEAD);
    await owner.rpc('inbox_mark_read', { lead_id: id });
    await owner.rpc('inbox_take', { lead_id: id });
    const { data, error } = await owner.rpc('lead_figures', { days: 7 });
    expect(error).toBeNull();
    const figures = data as Record<string, unknown>;
    for (const field of [
      'median_first_seen_seconds',
      'p90_first_seen_seconds',
      'median_taken_seconds',
      'p90_taken_seconds',
    ]) {
      expect(figures[field], field).toEqual(expect.any(Number));
    }
    expect(figures.seen_within_5_minutes).toEqual(expect.any(Number));
    expect(Number(figures.seen_within_5_minutes)).toBeGreaterThanOrEqual(1);
    expect(Number(figures.seen_counted)).toBeGreaterThanOrEqual(1);
  });
});
