import type { Locator } from '@playwright/test';
import { inboxCopy } from '../../src/content/inbox';
import { addLead } from '../support/inbox-server.ts';
import { uniqueSubmission } from '../support/submission.ts';
import { violations } from './support/axe';
import { withToastsHeld } from './support/contact';
import { expect, leadLink, openedLead, signIn, test } from './support/inbox';
import { VIEWPORTS, inEachColorScheme } from './support/site';

const copy = inboxCopy.reply;

/** Nothing is wider than the screen: the page never scrolls sideways. */
const overflow = () => document.documentElement.scrollWidth - window.innerWidth;

/**
 * Replying from an opened lead on a phone (docs/inbox.md), light and dark: the
 * composer and its quote, the sending state, a reply sent and one refused by
 * the mail server. axe finds nothing at each step; screenshots/ keeps a
 * picture of each for people to look at.
 */
test.describe(`a reply from the inbox at ${VIEWPORTS.phone.width} px`, () => {
  test.use({ viewport: VIEWPORTS.phone });

  test('composes, sends and shows a reply sent and one refused; axe finds nothing', async ({
    page,
    inbox,
    member,
  }) => {
    test.slow(); // eight axe runs and screenshots and a sign-in on a busy 2-core machine
    const check = async (state: string, shown: Locator) => {
      await shown.scrollIntoViewIfNeeded();
      await withToastsHeld(page, () =>
        inEachColorScheme(page, async (scheme) => {
          expect.soft(await violations(page), `${state}, ${scheme}`).toEqual([]);
          expect(await page.evaluate(overflow), `${state} fits the width`).toBeLessThanOrEqual(0);
          await page.screenshot({ path: `screenshots/inbox-reply-${state}-${scheme}.png` });
        }),
      );
    };
    const lead = {
      ...uniqueSubmission('reply'),
      name: 'Priya Shah',
      message: 'Our booking page keeps timing out on phones.\n\nCan you <b>look</b> this week?',
    };
    lead.email = `priya.${lead.email}`;
    const bounced = { ...uniqueSubmission('bounce'), name: 'Sam Bounce' };
    inbox.sink.refuseRecipients.add(bounced.email);
    await addLead(inbox.server, lead);
    await addLead(inbox.server, bounced);
    await signIn(page, inbox, member);

    // The composer: a greeting with the lead's name, and the message as it will be quoted.
    await leadLink(page, lead.name).first().click();
    const opened = openedLead(page, lead.name);
    await opened.getByRole('button', { name: copy.open, exact: true }).click();
    const field = opened.getByLabel(copy.label);
    await expect(field).toBeFocused();
    await expect(field).toHaveValue('Hi Priya,\n\n');
    const quote = opened.getByTestId('reply-quote');
    await expect(quote).toContainText(/On .+ \(UK time\), you wrote:/);
    await expect(quote).toContainText('> Our booking page keeps timing out on phones.\n>\n> Can');
    await expect(quote).toContainText('<b>look</b>');
    // Typed where the caret is put: after the greeting.
    await field.pressSequentially('Thanks for getting in touch. I can look at it tomorrow.');
    await expect(field).toHaveValue(
      'Hi Priya,\n\nThanks for getting in touch. I can look at it tomorrow.',
    );
    await check('composer', field);

    // Sending: held at the server until the picture is taken.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/rest/v1/rpc/inbox_send_reply', async (route) => {
      await held;
      await route.continue();
    });
    await opened.getByRole('button', { name: copy.send }).click();
    await expect(opened.getByRole('button', { name: copy.sending })).toBeDisabled();
    await check('sending', opened.getByRole('button', { name: copy.sending }));
    release();

    // Sent: the mail server accepted it, and the lead is Replied.
    const entry = opened.locator('[data-reply-state]');
    await expect(entry).toHaveAttribute('data-reply-state', 'sent', { timeout: 15_000 });
    await expect(entry).toContainText('Thanks for getting in touch.');
    await expect(entry.getByText(copy.state.sent, { exact: true })).toBeVisible();
    await expect(entry.locator('time')).toContainText(copy.sentAt('').trim());
    await expect(opened.locator('[data-status]').first()).toHaveText(inboxCopy.status.replied);
    await check('sent', entry);

    // Refused: the mail server's own words, and the lead still New.
    await page.getByRole('button', { name: inboxCopy.lead.back }).click();
    await leadLink(page, bounced.name).first().click();
    const other = openedLead(page, bounced.name);
    await other.getByRole('button', { name: copy.open, exact: true }).click();
    await other.getByRole('button', { name: copy.send }).click();
    const refused = other.locator('[data-reply-state]');
    await expect(refused).toHaveAttribute('data-reply-state', 'refused', { timeout: 15_000 });
    await expect(refused).toContainText(/The mail server refused it: .*554 5\.1\.1/);
    await expect(other.locator('[data-status]').first()).toHaveText(inboxCopy.status.new);
    await check('refused', refused);
  });
});

test('an opened lead has one main reply button: Reply; Reply by email looks like Call', async ({
  page,
  inbox,
  member,
}) => {
  const lead = uniqueSubmission('one-reply');
  await addLead(inbox.server, { ...lead, message: `${lead.message}\nCall 07700 900123.` });
  await signIn(page, inbox, member);
  await leadLink(page, lead.name).click();
  const opened = openedLead(page, lead.name);
  const look = (control: Locator) =>
    control.evaluate((element) => getComputedStyle(element).backgroundImage);
  const reply = opened.getByRole('button', { name: copy.open, exact: true });
  const byEmail = opened.getByRole('link', { name: new RegExp(inboxCopy.lead.reply) });
  const call = opened.getByRole('link', { name: inboxCopy.lead.call('07700 900123') });
  // Two buttons of the same colours, both saying Reply, left a new member guessing which to press.
  expect(await look(byEmail)).toBe(await look(call));
  expect(await look(byEmail)).not.toBe(await look(reply));
});
