import { inboxCopy } from '../../src/content/inbox';
import { addLead } from '../support/inbox-server.ts';
import { uniqueSubmission } from '../support/submission.ts';
import {
  expect,
  INBOX_PATH,
  leadLink,
  openedLead,
  signIn,
  signInForm,
  test,
} from './support/inbox';
import { violations } from './support/axe';
import { cspViolations, recordCspViolations } from './support/csp';
import { VIEWPORTS, inEachColorScheme } from './support/site';

for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('axe finds nothing signed out, signed in, with a lead open and the erase dialog, light or dark; the CSP is kept', async ({
      page,
      inbox,
      member,
    }) => {
      test.slow(); // eight axe runs and a sign-in on a busy 2-core machine
      await recordCspViolations(page);
      const lead = uniqueSubmission('axe');
      await addLead(inbox.server, lead);
      await addLead(inbox.server, { ...uniqueSubmission('axe-spam'), spam: true });

      await page.goto(INBOX_PATH);
      await expect(signInForm(page).sendCode).toBeEnabled();
      await inEachColorScheme(page, async (scheme) => {
        expect.soft(await violations(page), `signed out, ${scheme}`).toEqual([]);
      });

      await signIn(page, inbox, member);
      await expect(leadLink(page, lead.name)).toBeVisible();
      await inEachColorScheme(page, async (scheme) => {
        expect.soft(await violations(page), `the list, ${scheme}`).toEqual([]);
      });

      await leadLink(page, lead.name).click();
      const opened = openedLead(page, lead.name);
      await expect(opened.getByTestId('lead-message')).toBeVisible();
      await inEachColorScheme(page, async (scheme) => {
        expect.soft(await violations(page), `a lead open, ${scheme}`).toEqual([]);
      });

      await opened.getByRole('button', { name: inboxCopy.actions.erase }).click();
      await expect(page.getByRole('dialog', { name: inboxCopy.erase.title })).toBeVisible();
      await inEachColorScheme(page, async (scheme) => {
        expect.soft(await violations(page), `the erase dialog, ${scheme}`).toEqual([]);
      });
      expect(await cspViolations(page)).toEqual([]);
    });
  });
}

test('the inbox works from the keyboard: sign in, move between folders, open a lead', async ({
  page,
  inbox,
  member,
}) => {
  const lead = uniqueSubmission('keys');
  await addLead(inbox.server, lead);
  await signIn(page, inbox, member);

  const inboxTab = page.getByRole('tab', { name: inboxCopy.tabs.inbox });
  await inboxTab.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: inboxCopy.tabs.spam })).toBeFocused();
  await expect(page.getByRole('tab', { name: inboxCopy.tabs.spam })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.keyboard.press('ArrowLeft');
  await expect(inboxTab).toHaveAttribute('aria-selected', 'true');

  await leadLink(page, lead.name).focus();
  await page.keyboard.press('Enter');
  // Focus lands on the opened lead's heading.
  await expect(openedLead(page, lead.name).getByRole('heading', { name: lead.name })).toBeFocused();
});
