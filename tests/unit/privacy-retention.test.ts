import { describe, expect, it } from 'vitest';
import { parseSiteEnv } from '../../src/config/env';
import { SPAM_RETENTION_DAYS } from '../../shared/retention';
import { privacyCopy } from '../../src/content/privacy';

const controller = { brand: 'Brand', email: 'hello@example.com', phone: '01632 960123' };
const keeping = (months: number) =>
  privacyCopy.sections(controller, months).find((s) => s.heading === 'How long we keep it')?.body;

describe('the privacy notice says what the purge enforces', () => {
  it('states the configured period and the spam period, nothing unmeasurable', () => {
    expect(keeping(12)).toBe(
      `Your enquiry is deleted automatically 12 months after you sent it. Messages flagged as spam are deleted ${SPAM_RETENTION_DAYS} days after they were flagged.`,
    );
    expect(keeping(1)).toContain('1 month after');
    expect(keeping(12)).not.toContain('last conversation');
  });

  it('takes the period from VITE_RETENTION_MONTHS, 12 by default, and refuses nonsense', () => {
    expect(parseSiteEnv({}).retentionMonths).toBe(12);
    expect(parseSiteEnv({ VITE_RETENTION_MONTHS: '24' }).retentionMonths).toBe(24);
    expect(() => parseSiteEnv({ VITE_RETENTION_MONTHS: 'a year' })).toThrow(
      /VITE_RETENTION_MONTHS must be a whole number of months/,
    );
  });
});
