import { describe, expect, it } from 'vitest';
import { inboxLink } from '../../server/leads/delivery/lead-message.ts';
import { pushMessage } from '../../server/leads/push/push-message.ts';
import { alertFor } from '../../src/inbox/alerts/alert-payload.ts';
import { leadIdOf } from '../../shared/paths.ts';

/**
 * The push payload is one type (shared/push-payload.ts), built by the server and read by the
 * service worker. Every way to a lead lands on the same address, `/inbox/#lead=<id>` (shared/paths.ts's
 * leadUrl), which the inbox reads back (src/inbox/lead-hash.ts): the lead email's link, the
 * push payload the server builds, and the page the service worker opens on a tap.
 */
const SITE = 'https://agency.example';
const hours = { days: new Set([1, 2, 3, 4, 5]), open: 540, close: 1050, timeZone: 'Europe/London' };
const now = new Date('2026-11-25T10:00:00Z');
const lead = {
  lead_id: 42,
  name: 'Jane Doe',
  submission_key: '8f0c2b1e-3a4d-4c5e-9f60-718293a4b5c6',
  created_at: '2026-11-25T09:00:00Z',
  reply_due: '2026-11-25T13:00:00Z',
  take_token: 'token',
};

describe('a link to a lead', () => {
  it('is the same in the lead email, the push and the page a tap opens', () => {
    expect(inboxLink(SITE, '42')).toBe(`${SITE}/inbox/#lead=42`);
    for (const kind of ['lead', 'escalation', 'taken'] as const) {
      const { payload } = pushMessage(
        { ...lead, kind, taken_by: 'sam@agency.example' },
        hours,
        now,
      )!;
      expect(payload.url, kind).toBe('/inbox/#lead=42');
      expect(alertFor(payload, SITE).options.data?.url, kind).toBe(`${SITE}/inbox/#lead=42`);
    }
  });

  it('opens that lead in the inbox, and no other fragment opens one', () => {
    expect(leadIdOf(new URL(inboxLink(SITE, '42')!).hash)).toBe(42);
    for (const fragment of [
      '',
      '#lead=',
      '#lead=0',
      '#lead=4.2',
      '#lead=x',
      '#contact',
      '#lead=-1',
    ]) {
      expect(leadIdOf(fragment), fragment).toBeNull();
    }
  });

  it('is the inbox itself when a push names no one lead', () => {
    const { payload } = pushMessage({ kind: 'waiting', waiting: 3 }, hours, now)!;
    expect(payload.url).toBe('/inbox/');
    expect(alertFor(payload, SITE).options.data?.url).toBe(`${SITE}/inbox/`);
  });
});

describe('a push of each kind', () => {
  it('is read by the service worker as the kind the server wrote, with its words', () => {
    const rows = [
      { ...lead, kind: 'lead' },
      { ...lead, kind: 'escalation' },
      { ...lead, kind: 'taken', taken_by: 'sam@agency.example' },
      { kind: 'waiting', waiting: 3 },
      { kind: 'test' },
    ];
    for (const row of rows) {
      const { payload } = pushMessage(row, hours, now)!;
      const { title, options } = alertFor(payload, SITE);
      expect(options.data?.kind, row.kind).toBe(payload.kind);
      expect({ title, body: options.body }, row.kind).toEqual({
        title: payload.title,
        body: payload.body,
      });
    }
  });
});
