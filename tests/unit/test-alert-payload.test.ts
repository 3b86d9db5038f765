import { describe, expect, it } from 'vitest';
import { pushMessage } from '../../server/leads/push/push-message.ts';
import { alertFor, OPEN_ACTION } from '../../src/inbox/alerts/alert-payload.ts';

/**
 * "Send a test alert" (docs/alerts.md): the payload the server writes and the
 * notification the service worker shows for it say it is a test, link to the
 * inbox and to no lead, and offer no "I'm on it".
 */

const hours = { days: new Set([1, 2, 3, 4, 5]), open: 540, close: 1050, timeZone: 'Europe/London' };
const ORIGIN = 'https://agency.example';

describe('a test alert', () => {
  const message = pushMessage({ kind: 'test', queue_id: 3, device_id: 2 }, hours, new Date(0))!;

  it('is written by the server as a test, about no lead', () => {
    expect(message).toEqual({
      topic: 'test',
      payload: {
        kind: 'test',
        title: 'Test alert',
        body: 'Alerts reach this device. This is a test: there is no new lead.',
        url: '/inbox/',
      },
    });
  });

  it('is shown as a test that opens the inbox, with no "I’m on it"', () => {
    const { title, options } = alertFor(message.payload, ORIGIN);
    expect(title).toBe('Test alert');
    expect(options).toMatchObject({
      body: 'Alerts reach this device. This is a test: there is no new lead.',
      tag: 'test',
      actions: [{ action: OPEN_ACTION, title: 'Open' }],
      data: { kind: 'test', url: `${ORIGIN}/inbox/` },
    });
  });

  it('names no lead even when a payload claims one', () => {
    const { options } = alertFor(
      { ...message.payload, leadId: 7, takeToken: 'token', name: 'Jane' },
      ORIGIN,
    );
    expect(options.data).toEqual({ kind: 'test', url: `${ORIGIN}/inbox/` });
    expect(options.actions).toEqual([{ action: OPEN_ACTION, title: 'Open' }]);
  });
});
