import { describe, expect, it } from 'vitest';
import { pushMessage } from '../../server/leads/push/push-message.ts';
import { alertFor, takenAlert } from '../../src/inbox/alerts/alert-payload.ts';
import { ANY_OF_THEM } from '../support/reordering.ts';

/**
 * A lead's name on a lock screen follows the one as-typed rule (shared/as-typed.ts), where the
 * alert is made (the server's push payload) and where it is shown (the service worker's
 * notification), so "Bob \u202Emoc.evil\u202C" cannot read "Bob live.com" in any title.
 */

/** NEL (a line break), an override that shows "moc.evil" reversed, its end, and CSI (C1). */
const NAME = 'Bob\u0085\u202Emoc.evil\u202C\u009b';
const AS_TYPED = 'Bob\nmoc.evil';
const MEMBER = '\u202Eku.oc.elpmaxe@eve\u202C';
const MEMBER_AS_TYPED = 'ku.oc.elpmaxe@eve';
const REFERENCE = 'FD-ABCD-EFGH';

const hours = { days: new Set([1, 2, 3, 4, 5]), open: 540, close: 1050, timeZone: 'Europe/London' };
const now = new Date('2026-11-25T10:00:00Z');
const ORIGIN = 'https://agency.example';

/** The payload's string fields that hold any of the characters. */
function reordered(payload: object): string[] {
  return Object.entries(payload)
    .filter(([, value]) => typeof value === 'string' && ANY_OF_THEM.test(value))
    .map(([field]) => field);
}

describe('an alert made on the server', () => {
  const lead = {
    lead_id: 7,
    name: NAME,
    submission_key: '8f0c2b1e-3a4d-4c5e-9f60-718293a4b5c6',
    created_at: '2026-11-25T09:00:00Z',
    reply_due: '2026-11-25T13:00:00Z',
    take_token: 'token',
  };

  it('names a new lead as typed in every field', () => {
    const { payload } = pushMessage({ ...lead, kind: 'lead' }, hours, now)!;
    expect(reordered(payload)).toEqual([]);
    expect(payload).toMatchObject({ name: AS_TYPED, title: `New lead: ${AS_TYPED}` });
  });

  it('names an escalated lead as typed in every field', () => {
    const { payload } = pushMessage({ ...lead, kind: 'escalation' }, hours, now)!;
    expect(reordered(payload)).toEqual([]);
    expect(payload).toMatchObject({ name: AS_TYPED, title: `Still waiting: ${AS_TYPED}` });
  });

  it('names the lead and who took it as typed in "taken"', () => {
    const row = { kind: 'taken', lead_id: 7, name: NAME, taken_by: MEMBER };
    const { payload } = pushMessage(row, hours, now)!;
    expect(reordered(payload)).toEqual([]);
    expect(payload).toMatchObject({
      takenBy: MEMBER_AS_TYPED,
      title: `${AS_TYPED}: taken`,
      body: `Taken by ${MEMBER_AS_TYPED}`,
    });
  });
});

describe('an alert shown by the service worker', () => {
  /** A payload as a server without the rule (or anyone with the device's keys) could send. */
  const hostile = {
    leadId: 7,
    name: NAME,
    reference: `${REFERENCE}\u202E`,
    title: `New lead: ${NAME}`,
    body: `${REFERENCE}\u2066 · reply by 17:30`,
    takeToken: 'token',
  };

  for (const kind of ['lead', 'escalation'] as const) {
    it(`shows a ${kind}'s title, body and name as typed`, () => {
      const { title, options } = alertFor({ ...hostile, kind }, ORIGIN);
      expect(title).toBe(`New lead: ${AS_TYPED}`);
      expect(options.body).toBe(`${REFERENCE} · reply by 17:30`);
      expect(options.data).toMatchObject({ name: AS_TYPED, reference: REFERENCE });
    });
  }

  it('shows "taken" and who took it as typed', () => {
    const taken = { ...hostile, kind: 'taken', title: `${NAME}: taken`, takenBy: MEMBER };
    const { title, options } = alertFor({ ...taken, body: undefined }, ORIGIN);
    expect(title).toBe(`${AS_TYPED}: taken`);
    expect(options.body).toBe(`Taken by ${MEMBER_AS_TYPED}`);
    expect(options.data).toMatchObject({ name: AS_TYPED });
    expect(alertFor({ ...taken, body: `Taken by ${MEMBER}` }, ORIGIN).options.body).toBe(
      `Taken by ${MEMBER_AS_TYPED}`,
    );
  });

  it('shows "You’re on it" with the name as typed, from the notification’s own data', () => {
    const { name, reference, takeToken } = hostile;
    const data = { kind: 'lead' as const, url: `${ORIGIN}/inbox/#lead=7`, leadId: 7 };
    const { title, options } = takenAlert({ ...data, name, reference, takeToken }, true);
    expect(title).toBe(`You’re on it: ${AS_TYPED}`);
    expect(options.body).toBe(
      `${REFERENCE} is yours. Any alert the others have for it now says so.`,
    );
    expect(options.data).toMatchObject({ name: AS_TYPED, reference: REFERENCE });
    expect(reordered(options.data as object)).toEqual([]);
  });
});
