import type { Page } from '@playwright/test';
import { contactCopy } from '../../src/content/contact';
import { navCopy } from '../../src/content/navigation';
import { expect, test } from './fixtures';
import { VIEWPORTS, scrollToY, section, visit, waitForIsland } from './support/site';

/**
 * The sections behind the open menu skip drawing their contents (styles.css), so a theme switch
 * in the menu restyles the menu, not the whole page. The page behind must not notice: it keeps
 * its height and where it was scrolled to, and shows the new theme once the menu closes.
 */

/** Where the page is scrolled to, and how tall it is. */
const scrolled = (page: Page) =>
  page.evaluate(() => ({
    y: Math.round(window.scrollY),
    height: document.documentElement.scrollHeight,
  }));

test.use({ viewport: VIEWPORTS.phone, hasTouch: true });

test('a theme switch in the menu leaves the page where it was, in the new theme', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await visit(page);
  // Far down the page, where a page that lost its height while the menu was open could not stay.
  const contactTop = await section(page, contactCopy.heading).evaluate((element) =>
    Math.round(element.getBoundingClientRect().top + window.scrollY),
  );
  await scrollToY(page, contactTop);
  const before = await scrolled(page);

  await page.getByRole('button', { name: navCopy.openMenu }).click();
  const menu = page.getByRole('dialog', { name: navCopy.menuTitle });
  await expect(menu).toBeVisible();
  await waitForIsland(page, 'nav');
  await menu.getByRole('button', { name: /^Theme:/ }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(menu).toBeVisible();
  expect(await scrolled(page)).toEqual(before);

  await menu.getByRole('button', { name: navCopy.closeMenu }).click();
  await expect(menu).toBeHidden();
  expect(await scrolled(page)).toEqual(before);
  const heading = page.getByRole('heading', { level: 2, name: contactCopy.heading });
  await expect(heading).toBeInViewport();
  // The dark theme's ink (styles.css): the sections behind the menu took the switch too.
  await expect(heading).toHaveCSS('color', 'rgb(243, 244, 246)');
});
