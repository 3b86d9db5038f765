import type { Locator, Page } from '@playwright/test';
import { contactCopy } from '../../src/content/contact';
import { navCopy } from '../../src/content/navigation';
import { expect, test } from './fixtures';
import { contactForm, SEND_BUDGET_MS, toasts } from './support/contact';
import { uniqueSubmission } from '../support/submission.ts';
import { visit } from './support/site';

/** Presses Tab until `target` has focus, as a keyboard user would; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, max: number) {
  for (let presses = 0; presses < max; presses++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test('a keyboard-only visitor gets from the top of the page to a sent message', async ({
  page,
  server,
}) => {
  // A whole visit by keyboard, a smooth scroll and a send: at 4x CPU on busy cores that outlasts 30 s.
  test.slow();
  await visit(page);
  const values = uniqueSubmission('keyboard');

  // The first Tab offers a way past the navigation.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: navCopy.skipLink });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();

  // Then the nav's call to action takes them to the contact section.
  const cta = page.getByRole('banner').getByRole('link', { name: navCopy.desktopCta, exact: true });
  await tabTo(page, cta, 10);
  await page.keyboard.press('Enter');
  // The smooth scroll's end, however long a throttled CPU stretches it.
  await expect(page.getByRole('heading', { name: contactCopy.heading })).toBeInViewport({
    timeout: SEND_BUDGET_MS,
  });

  // From there, Tab continues inside the contact section down to the form.
  const fields = contactForm(page);
  await tabTo(page, fields.name, 6);
  await page.keyboard.type(values.name);
  await page.keyboard.press('Tab');
  await expect(fields.email).toBeFocused();
  await page.keyboard.type(values.email);
  await page.keyboard.press('Tab');
  await expect(fields.message).toBeFocused();
  await page.keyboard.type(values.message);
  await tabTo(page, fields.submit, 3);
  await page.keyboard.press('Enter');

  await expect(toasts(page).withText("Thank you! We'll be in touch shortly.")).toBeVisible({
    timeout: SEND_BUDGET_MS,
  });
  await expect(fields.name).toHaveValue('');
  // The button was disabled while it sent: focus is back on it, where the visitor left it.
  await expect(fields.submit).toBeEnabled();
  await expect(fields.submit).toBeFocused();
  const rows = await server.query(
    'select name, email, message from contact_submissions where email = $1',
    [values.email],
  );
  expect(rows).toEqual([values]);
});

test('Skip to content moves focus past the navigation', async ({ page }) => {
  await visit(page);
  await page.keyboard.press('Tab');
  // Shown as a button is: padded to a full-size target, with the site's focus ring.
  const skip = page.getByRole('link', { name: navCopy.skipLink });
  const look = await skip.evaluate((el) => ({
    height: el.getBoundingClientRect().height,
    outline: getComputedStyle(el).outlineStyle,
  }));
  expect(look).toEqual({ height: expect.any(Number), outline: 'solid' });
  expect(look.height).toBeGreaterThanOrEqual(44);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  // The next Tab lands in the page's content, not back in the nav.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
});
