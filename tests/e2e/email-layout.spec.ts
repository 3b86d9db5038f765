import { leadMessage } from '../../server/leads/delivery/lead-message.ts';
import { replyMessage } from '../../server/leads/delivery/reply-message.ts';
import { expect, test } from './fixtures';
import { VIEWPORTS } from './support/site';

/**
 * The HTML emails, as a phone's mail app lays them out: a lead's longest word (5,000 characters
 * without a space, as the form allows) or name breaks where it must, and never widens the email
 * past the screen.
 */
const LONG = 'x'.repeat(5_000);
const LEAD = {
  id: '42',
  name: `Jane ${'Q'.repeat(90)}`,
  email: 'jane@example.co.uk',
  message: `See ${LONG}`,
  receivedAt: new Date('2026-07-01T09:30:00Z'),
};
const FROM = { name: 'Foreland Digital', address: 'site@agency.example' };

test.use({ viewport: VIEWPORTS.phone });

const emails = {
  'the lead email': String(leadMessage(LEAD, { from: FROM, to: 'a@agency.example' }).html),
  'a reply, quoting the lead': String(
    replyMessage(
      {
        id: '7',
        author: 'owner@agency.example',
        body: `Thanks! ${LONG}`,
        messageId: '<reply-1@agency.example>',
        thread: [],
        lead: { ...LEAD, reference: 'FD-ABCD-EFGH' },
      },
      FROM,
    ).html,
  ),
};

for (const [name, html] of Object.entries(emails)) {
  test(`${name} fits a phone's width, however long a word`, async ({ page }) => {
    await page.setContent(html);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
  });
}
