import { alertsCopy } from '../../src/inbox/alerts/alerts-copy';
import { inboxCopy } from '../../src/content/inbox';
import { clockCopy } from '../../src/content/lead-clocks';
import { until } from '../support/until.ts';
import { addLead } from '../support/inbox-server.ts';
import { uniqueSubmission } from '../support/submission.ts';
import { expect, INBOX_PATH, leadLink, leadRow, openedLead, signIn, test } from './support/inbox';
import { VIEWPORTS, inEachColorScheme } from './support/site';

/** Nothing is wider than the screen: the page never scrolls sideways. */
const overflow = () => document.documentElement.scrollWidth - window.innerWidth;

/**
 * Each width's leads in their own words: the workers' servers are shared, and one text from one
 * name at three addresses is a blast the score holds (docs/spam.md).
 */
const ENQUIRIES: Readonly<Record<string, { priya: string; tom: string }>> = {
  phone: {
    priya:
      'Our booking page keeps timing out on phones and we are losing weekend bookings.\nCan you take a look this week? My number is 07700 900123.',
    tom: 'Would like a quote for a new website with online booking and reviews.',
  },
  tablet: {
    priya:
      'The contact form on our site stopped sending us emails last month, so enquiries go nowhere.\nCould you fix it soon? Call me on 07700 900123.',
    tom: 'We need our plumbing firm found on Google in Leeds. What would that cost us?',
  },
  desktop: {
    priya:
      'Customers say our gallery takes ages to load and the whole site feels broken.\nWould you speed it up before spring? I am on 07700 900123.',
    tom: 'Looking for someone to move our old site to something faster, with a price list page.',
  },
};

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
        message: ENQUIRIES[device]!.priya,
      });
      await addLead(inbox.server, {
        name: 'Tom Okafor, Okafor & Sons Plumbing Ltd',
        email: `tom.${first.email}`,
        message: ENQUIRIES[device]!.tom,
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
      await expect(leadRow(page, 'Priya Shah').first().locator('[data-clock]')).toBeVisible();
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
