import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../settings/config-error.ts';
import { parseServerConfig } from '../../server/settings/read-settings.ts';

describe('the clocks’ settings', () => {
  it('default to Mon–Fri 09:00–17:30 in London and a reminder an hour ahead', () => {
    const config = parseServerConfig({});
    expect([...config.businessHours.days]).toEqual([1, 2, 3, 4, 5]);
    expect(config.businessHours).toMatchObject({
      open: 9 * 60,
      close: 17 * 60 + 30,
      timeZone: 'Europe/London',
    });
    expect(config.replyReminderMinutes).toBe(60);
  });

  it('read other working hours', () => {
    const config = parseServerConfig({
      BUSINESS_HOURS: 'Mon-Thu,Sat 08:30-16:00',
      BUSINESS_TIMEZONE: 'Europe/Dublin',
      REPLY_REMINDER_MINUTES: '30',
    });
    expect([...config.businessHours.days]).toEqual([1, 2, 3, 4, 6]);
    expect(config.businessHours).toMatchObject({
      open: 510,
      close: 960,
      timeZone: 'Europe/Dublin',
    });
    expect(config.replyReminderMinutes).toBe(30);
  });

  it.each([
    [{ BUSINESS_HOURS: 'weekdays 9-5' }, 'BUSINESS_HOURS names days as Mon…Sun'],
    [{ BUSINESS_TIMEZONE: 'Kent' }, 'BUSINESS_TIMEZONE must be an IANA time zone'],
    [{ REPLY_REMINDER_MINUTES: '0' }, 'REPLY_REMINDER_MINUTES must be a whole number from 1'],
    [{ REPLY_REMINDER_MINUTES: '1 hour' }, 'REPLY_REMINDER_MINUTES must be a whole number'],
  ])('refuse %j with a reason', (env, message) => {
    expect(() => parseServerConfig(env)).toThrow(ConfigError);
    expect(() => parseServerConfig(env)).toThrow(message);
  });
});
