import { beforeAll, expect, it, onTestFinished } from 'vitest';
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
});

/**
 * Leads that arrived two hours ago, each first seen and taken the given
 * seconds after it arrived (null: not yet), written straight into
 * lead_attention so that the figures have exact answers.
 */
const TIMED_LEADS: [seenAfter: number | null, takenAfter: number | null][] = [
  [60, 90],
  [120, 300],
  [240, null],
  [600, 900],
  [1800, 3600],
  [null, null],
];

// The figures are SQL over what the inbox recorded: their arithmetic is tested once.
describeOnEmbedded('alerts: the figures of seen and taken', (kind) => {
  it('gives the median, the 90th percentile and the share seen within 5 minutes', async () => {
    const inbox = await startInboxServer(kind);
    onTestFinished(() => inbox.close());
    for (const [seenAfter, takenAfter] of TIMED_LEADS) {
      await inbox.server.query(
        `with lead as (
           insert into public.contact_submissions (name, email, message, created_at)
           values ($1, $2, $3, now() - interval '2 hours') returning id, created_at)
         insert into public.lead_attention (submission_id, first_seen_at, taken_by, taken_at)
         select id, created_at + make_interval(secs => $4), $5, created_at + make_interval(secs => $6)
         from lead`,
        [LEAD.name, LEAD.email, LEAD.message, seenAfter, takenAfter && OWNER, takenAfter],
      );
    }
    // Just arrived and not yet seen: not counted, as it may yet be seen within 5 minutes.
    await storeLead(inbox.server, LEAD);
    const owner = await signedIn(inbox, OWNER);

    const { data, error } = await owner.rpc('lead_figures', { days: 7 });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      leads: TIMED_LEADS.length + 1,
      // Seen after 60, 120, 240, 600 and 1800 s; percentile_cont interpolates the 90th
      // (in floating point, hence closeTo).
      median_first_seen_seconds: 240,
      p90_first_seen_seconds: expect.closeTo(600 + 0.6 * (1800 - 600), 6),
      // Within 5 minutes: 60, 120 and 240 s, of the five seen and the one unseen for 2 hours.
      seen_within_5_minutes: 3,
      seen_counted: 6,
      // Taken after 90, 300, 900 and 3600 s.
      median_taken_seconds: (300 + 900) / 2,
      p90_taken_seconds: expect.closeTo(900 + 0.7 * (3600 - 900), 6),
    });
  });
});
