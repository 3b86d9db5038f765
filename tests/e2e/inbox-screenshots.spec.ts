import { alertsCopy } from '../../src/inbox/alerts/alerts-copy';
import { inboxCopy } from '../../src/content/inbox';
import { clockCopy } from '../../src/content/lead-clocks';
import { until } from '../support/until.ts';
import { addLead } from '../support/inbox-server.ts';
import { uniqueSubmission } from '../support/submission.ts';
import { expect, INBOX_PATH, leadLink, openedLead, signIn, test } from './support/inbox';
import { VIEWPORTS, inEachColorScheme } from './support/site';

/** Nothing is wider than the screen: the page never scrolls sideways. */
const overflow = () => document.documentElement.scrollWidth - window.innerWidth;

/**
 * Pictures of the inbox for people to look at (screenshots/ is git-ignored):
 * signed out, the list, a lead opened and taken, the figures and the alerts, at each layout width, in each
 * theme; each checked for nothing wider than the screen.
 */
for (const [device, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`${device} at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('screenshots of the inbox, light and dark', async ({ page, inbox, member }) => {
      test.slow(); // twelve screenshots and a sign-in
      const shot = async (state: string, scheme: string) => {
        expect(await page.evaluate(overflow), `${state} fits the width`).toBeLessThanOrEqual(0);
        await page.screenshot({ path: `screenshots/inbox-${device}-${scheme}-${state}.png` });
      };
      await page.goto(INBOX_PATH);
      await expect(page.getByRole('button', { name: inboxCopy.signIn.sendCode })).toBeEnabled();
      await inEachColorScheme(page, (scheme) => shot('signed-out', scheme));

      const first = uniqueSubmission('shot');
      await addLead(inbox.server, {
        name: 'Priya Shah',
        email: `priya.${first.email}`,
        message:
          'Our booking page keeps timing out on phones and we are losing weekend bookings.\nCan you take a look this week? My number is 07700 900123.',
      });
      await addLead(inbox.server, {
        name: 'Tom Okafor, Okafor & Sons Plumbing Ltd',
        email: `tom.${first.email}`,
        message: 'Would like a quote for a new website with online booking and reviews.',
      });
      // The clocks' worker gives every lead its deadlines within a round: wait for it, not a time.
      await until(
        async () =>
          (
            await inbox.server.query(
              'select 1 from public.contact_submissions where reply_due is null and not suspected_spam',
            )
          ).length === 0,
        30_000,
        'the leads’ deadlines',
      );
      await signIn(page, inbox, member);
      await expect(leadLink(page, 'Priya Shah').first()).toBeVisible();
      await expect(leadLink(page, 'Priya Shah').first().locator('[data-clock]')).toBeVisible();
      await inEachColorScheme(page, (scheme) => shot('list', scheme));

      await leadLink(page, 'Priya Shah').first().click();
      await expect(openedLead(page, 'Priya Shah').getByTestId('lead-message')).toBeVisible();
      await inEachColorScheme(page, (scheme) => shot('lead', scheme));

      const priya = openedLead(page, 'Priya Shah');
      await priya.getByRole('button', { name: alertsCopy.take.button }).click();
      await expect(priya.getByText(alertsCopy.take.takenBy(member))).toBeVisible();
      await inEachColorScheme(page, (scheme) => shot('lead-taken', scheme));

      await page.getByRole('button', { name: clockCopy.figures.show }).click();
      await expect(page.getByRole('table', { name: clockCopy.figures.perWeek })).toBeVisible();
      await inEachColorScheme(page, (scheme) => shot('figures', scheme));

      await page.getByRole('button', { name: alertsCopy.view.show }).click();
      await expect(
        page.getByRole('heading', { name: alertsCopy.view.devicesHeading, exact: true }),
      ).toBeVisible();
      await inEachColorScheme(page, (scheme) => shot('alerts', scheme));
    });
  });
}
