import type { Page } from '@playwright/test';
import { THEME_STORAGE_KEY } from '../../src/config/constants';
import { themeCopy } from '../../src/content/theme';
import { expect, test } from './fixtures';
import { advanceUntil, holdTheClock } from './support/clock';
import { contactForm, fillContactForm, toasts } from './support/contact';
import { reload, themeToggle, visit } from './support/site';

/** The canvas colour of each theme (styles.css), as computed styles report it. */
const CANVAS = { light: 'rgb(251, 250, 247)', dark: 'rgb(9, 13, 22)' };

const root = (page: Page) => page.locator('html');

/** Records every value <html data-theme> takes from the first byte on, and the first paint's background. */
async function recordThemeFromFirstByte(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { themesSeen: string[] }).themesSeen = seen;
    const record = () => {
      // Before the head's inline script runs there is no theme yet, and nothing painted.
      const value = document.documentElement?.getAttribute('data-theme');
      if (value && seen[seen.length - 1] !== value) seen.push(value);
    };
    // Runs before <html> exists, so watch the whole document from the start.
    new MutationObserver(record).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-theme'],
    });
    document.addEventListener('DOMContentLoaded', () => {
      record();
      (window as unknown as { backgroundAtDcl: string }).backgroundAtDcl = getComputedStyle(
        document.body,
      ).backgroundColor;
    });
  });
  return {
    seen: () => page.evaluate(() => (window as unknown as { themesSeen: string[] }).themesSeen),
    backgroundAtDcl: () =>
      page.evaluate(() => (window as unknown as { backgroundAtDcl: string }).backgroundAtDcl),
  };
}

/** The toggle's accessible name for a mode, and what a press does (src/content/theme.ts). */
const SYSTEM = (shown: 'Light' | 'Dark') => themeCopy.systemShowing(shown);
const named = (current: string, next: string) => themeCopy.name(current, next);
const bodyColour = (page: Page) =>
  page.locator('body').evaluate((body) => getComputedStyle(body).backgroundColor);
const stored = (page: Page) => page.evaluate((key) => localStorage.getItem(key), THEME_STORAGE_KEY);

test.describe('theme on a light or a dark system', () => {
  for (const scheme of ['light', 'dark'] as const) {
    const other = scheme === 'light' ? 'dark' : 'light';

    test(`follows the system by default (${scheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      const record = await recordThemeFromFirstByte(page);
      await visit(page);
      await expect(root(page)).toHaveAttribute('data-theme', scheme);
      await expect(root(page)).toHaveAttribute('data-theme-choice', 'system');
      await expect(themeToggle(page)).toHaveAccessibleName(/^Theme: System/);
      expect(await record.seen()).toEqual([scheme]);
      expect(await record.backgroundAtDcl()).toBe(CANVAS[scheme]);

      // A change of system preference is followed live.
      await page.emulateMedia({ colorScheme: other });
      await expect(root(page)).toHaveAttribute('data-theme', other);
    });

    test(`the first press changes what a visitor on a ${scheme} system sees`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await visit(page);
      expect(await bodyColour(page)).toBe(CANVAS[scheme]);

      await themeToggle(page).click();
      await expect(page.locator('body')).toHaveCSS('background-color', CANVAS[other]);
      await expect(root(page)).toHaveAttribute('data-theme', other);
    });
  }
});

test.describe('theme chosen with the toggle', () => {
  test('the cycle goes to the opposite, the other, then System; a choice survives a reload without a flash', async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await visit(page);
    await expect(themeToggle(page)).toHaveAccessibleName(named(SYSTEM('Dark'), 'Light'));

    await themeToggle(page).click();
    await expect(themeToggle(page)).toHaveAccessibleName(named('Light', 'Dark'));
    await expect(page.locator('body')).toHaveCSS('background-color', CANVAS.light);
    expect(await stored(page)).toBe('light');

    // The system says dark, the visitor said light: light from the very first paint.
    const record = await recordThemeFromFirstByte(page);
    await reload(page);
    expect(await record.seen()).toEqual(['light']);
    expect(await record.backgroundAtDcl()).toBe(CANVAS.light);
    await expect(themeToggle(page)).toHaveAccessibleName(named('Light', 'Dark'));

    await themeToggle(page).click();
    await expect(root(page)).toHaveAttribute('data-theme', 'dark');
    await expect(themeToggle(page)).toHaveAccessibleName(named('Dark', SYSTEM('Dark')));
    expect(await stored(page)).toBe('dark');
    await themeToggle(page).click();
    await expect(root(page)).toHaveAttribute('data-theme-choice', 'system');
    await expect(themeToggle(page)).toHaveAccessibleName(named(SYSTEM('Dark'), 'Light'));
    expect(await stored(page)).toBeNull();
  });

  test('System is reached with the keyboard, and each press is announced', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await visit(page);
    const toggle = themeToggle(page);
    for (let presses = 0; presses < 10; presses++) {
      if (await toggle.evaluate((button) => button === document.activeElement)) break;
      await page.keyboard.press('Tab');
    }
    await expect(toggle).toBeFocused();
    const status = page.getByRole('banner').getByRole('status');

    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAccessibleName(named('Dark', 'Light'));
    await expect(status).toHaveText(themeCopy.changed('Dark'));
    await page.keyboard.press('Space');
    await expect(toggle).toHaveAccessibleName(named('Light', SYSTEM('Light')));
    await expect(status).toHaveText(themeCopy.changed('Light'));
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAccessibleName(named(SYSTEM('Light'), 'Dark'));
    await expect(status).toHaveText(themeCopy.changed(SYSTEM('Light')));
    await expect(root(page)).toHaveAttribute('data-theme-choice', 'system');
    await expect(toggle).toBeFocused();
  });

  test('toasts follow the theme', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.clock.install();
    await visit(page);
    await contactForm(page).form.scrollIntoViewIfNeeded();
    await fillContactForm(page, { name: 'Jane', email: 'jane@example', message: 'Hi' });
    // The toast's 4 s run only when the test says: it stays through every step below.
    await holdTheClock(page);
    await contactForm(page).email.press('Enter');
    const list = toasts(page).region.getByRole('list');
    await advanceUntil(page, () =>
      expect(list).toHaveAttribute('data-theme', 'light', { timeout: 100 }),
    );

    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(root(page)).toHaveAttribute('data-theme', 'dark');
    await expect(list).toHaveAttribute('data-theme', 'dark');

    // An explicit choice wins over the system's.
    await page.getByRole('banner').scrollIntoViewIfNeeded();
    await themeToggle(page).click();
    await expect(root(page)).toHaveAttribute('data-theme', 'light');
    await advanceUntil(page, () =>
      expect(list).toHaveAttribute('data-theme', 'light', { timeout: 100 }),
    );
  });
});
