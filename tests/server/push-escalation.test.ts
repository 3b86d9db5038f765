import { beforeAll, describe, expect, it } from 'vitest';
import { parseWorkingHours, type WorkingHours } from '../../shared/working-hours.ts';
import { afterWorkingMinutes } from '../../server/leads/clocks/working-time.ts';
import { until } from '../support/until.ts';
import { describeOnEmbedded, sharedPerBackend } from './support/backends.ts';
import { storeLead } from './support/inbox.ts';
import { addDevice, PUSH_WITHIN_MS, pushFor, startPushInbox } from './support/push-inbox.ts';

/**
 * Escalation (docs/alerts.md): a lead nobody has seen or taken within
 * ALERT_ESCALATE_MINUTES of working time is pushed again and emailed, once.
 * The time is the test's (clockNow), moved on, never waited for.
 */

const hoursOf = (text: string): WorkingHours => {
  const parsed = parseWorkingHours(text, 'Europe/London');
  if (!('value' in parsed)) throw new Error(parsed.problem);
  return parsed.value;
};
const noHolidays = () => false;

describe('alerts: escalation counts working minutes only', () => {
  const office = hoursOf('Mon-Fri 09:00-17:30');

  it('counts from the arrival during the working hours', () => {
    // Tuesday 2026-11-24 10:00 in London (GMT).
    const at = afterWorkingMinutes(new Date('2026-11-24T10:00:00Z'), 10, office, noHolidays);
    expect(at.toISOString()).toBe('2026-11-24T10:10:00.000Z');
  });

  it('starts counting when the agency opens, for a lead at night or over the weekend', () => {
    const night = afterWorkingMinutes(new Date('2026-11-24T20:00:00Z'), 10, office, noHolidays);
    expect(night.toISOString()).toBe('2026-11-25T09:10:00.000Z');
    const friday = afterWorkingMinutes(new Date('2026-11-27T17:25:00Z'), 10, office, noHolidays);
    expect(friday.toISOString()).toBe('2026-11-30T09:05:00.000Z');
  });
});

/** Every day, all day: any moment is working time, so one minute is one minute. */
const ALWAYS_OPEN = hoursOf('Mon-Sun 00:00-23:59');
/** Past any run of bank holidays: every lead stored now is due for escalation then. */
const LATER_MS = 5 * 24 * 3_600_000;

const clock = { offsetMs: 0 };
const escalating = sharedPerBackend((kind) =>
  startPushInbox(kind, {
    escalateMinutes: 1,
    businessHours: ALWAYS_OPEN,
    clockNow: () => new Date(Date.now() + clock.offsetMs),
    escalationPollMs: 100,
  }),
);
type Shared = ReturnType<ReturnType<typeof escalating>>;

describeOnEmbedded('alerts: escalation', (kind) => {
  const shared = escalating(kind);
  let inbox: Shared['inbox'];
  let service: Shared['service'];
  let owner: Shared['owner'];
  let partner: Shared['partner'];
  beforeAll(() => void ({ inbox, service, owner, partner } = shared()));

  const escalationEmails = () =>
    inbox.sink.received.filter((mail) => /^Nobody has seen/.test(mail.header('subject') ?? ''));

  it('pushes an unseen lead again and emails once; a taken or seen one is left alone', async () => {
    clock.offsetMs = 0;
    const device = await addDevice(owner, service);
    const unseen = await storeLead(inbox.server, {
      name: 'Unseen Una',
      email: 'u@x.co.uk',
      message: 'Hi',
    });
    const taken = await storeLead(inbox.server, {
      name: 'Taken Tom',
      email: 't@x.co.uk',
      message: 'Hi',
    });
    const seen = await storeLead(inbox.server, {
      name: 'Seen Sue',
      email: 's@x.co.uk',
      message: 'Hi',
    });
    expect((await partner.rpc('inbox_take', { lead_id: taken })).error).toBeNull();
    expect((await owner.rpc('inbox_mark_read', { lead_id: seen })).error).toBeNull();
    await pushFor(service, device.id, unseen);

    clock.offsetMs = LATER_MS;
    const push = (await pushFor(service, device.id, unseen, 'escalation'))!;
    expect(push).toMatchObject({ topic: `lead-${unseen}`, urgency: 'high' });
    expect(push.payload).toMatchObject({
      title: 'Still waiting: Unseen Una',
      body: expect.stringMatching(/^Nobody has seen it yet · FD-/),
    });
    const [email] = await until(
      escalationEmails,
      PUSH_WITHIN_MS,
      'the escalation email',
      (m) => m.length > 0,
    );
    expect(email!.header('subject')).toBe('Nobody has seen a new lead yet');
    expect(email!.bodies['text/plain']).toContain('Unseen Una');
    expect(email!.bodies['text/plain']).not.toMatch(/Taken Tom|Seen Sue/);

    const escalated = await inbox.server.query(
      `select submission_id from public.lead_activity where action = 'escalate' order by 1`,
    );
    expect(escalated.map((row) => Number(row.submission_id))).toEqual([unseen]);
    for (const id of [taken, seen]) {
      expect(
        service
          .pushesTo(device.id)
          .filter((p) => p.payload.leadId === id && p.payload.kind === 'escalation'),
      ).toEqual([]);
    }
  });

  it('lists the leads escalated together in one email, and never a lead twice', async () => {
    clock.offsetMs = 0;
    const device = await addDevice(owner, service);
    const first = await storeLead(inbox.server, { name: 'Dan', email: 'd@x.co.uk', message: 'Hi' });
    const second = await storeLead(inbox.server, {
      name: 'Eve',
      email: 'e@x.co.uk',
      message: 'Hi',
    });
    const before = escalationEmails().length;
    // Past the quarter-hour since the last escalation email.
    clock.offsetMs = LATER_MS + 20 * 60_000;
    await pushFor(service, device.id, first, 'escalation');
    await pushFor(service, device.id, second, 'escalation');
    const emails = await until(
      escalationEmails,
      PUSH_WITHIN_MS,
      'a second escalation email',
      (m) => m.length > before,
    );
    const latest = emails.at(-1)!;
    expect(latest.header('subject')).toBe('Nobody has seen 2 new leads yet');
    expect(latest.bodies['text/plain']).toMatch(/Dan[\s\S]*Eve/);
    expect(latest.bodies['text/plain']).not.toContain('Unseen Una');
    const counted = await inbox.server.query(
      `select submission_id, count(*)::int as n from public.lead_activity
       where action = 'escalate' group by 1 having count(*) > 1`,
    );
    expect(counted).toEqual([]);
  });

  it('escalates a lead released from Spam a week after it came, counting from its release', async () => {
    clock.offsetMs = 0;
    const device = await addDevice(owner, service);
    const released = await storeLead(inbox.server, {
      name: 'Late Lily',
      email: 'l@x.co.uk',
      message: 'Hi',
      suspected_spam: true,
      created_at: new Date(Date.now() - 8 * 24 * 3_600_000),
    });
    expect((await owner.rpc('inbox_not_spam', { lead_id: released })).error).toBeNull();
    await pushFor(service, device.id, released);

    clock.offsetMs = LATER_MS + 40 * 60_000;
    const push = (await pushFor(service, device.id, released, 'escalation'))!;
    expect(push.payload).toMatchObject({ title: 'Still waiting: Late Lily' });
  });
});
