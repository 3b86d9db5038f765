import { navCopy } from '../../src/content/navigation';
import { expect, test } from './fixtures';
import { VIEWPORTS, visit } from './support/site';

/**
 * The menu's first tap paints before the page is made inert (docs/islands.md):
 * showModal() restyles every element of the page, which at 4× CPU was most of
 * the tap's handler. The full-screen menu hides the page, so it is shown in the
 * tap's frame and made modal after that frame.
 */
test.describe('the menu’s first tap', () => {
  test.use({ viewport: VIEWPORTS.phone });

  test('shows the menu without making the page inert in the tap’s handler, then makes it modal', async ({
    page,
    consoleProblems,
  }) => {
    await visit(page);
    const toggle = page.getByRole('button', { name: navCopy.openMenu });
    const menu = page.getByRole('dialog', { name: navCopy.menuTitle });
    // Seen as the loader's click handler ends (mutation records arrive in its microtask checkpoint).
    await toggle.evaluate((button) => {
      const dialog = document.getElementById(button.getAttribute('aria-controls')!)!;
      const seen = window as unknown as { modalInHandler?: boolean };
      const observer = new MutationObserver(() => {
        observer.disconnect();
        seen.modalInHandler = dialog.matches(':modal');
      });
      observer.observe(dialog, { attributeFilter: ['open'] });
    });
    await toggle.click();
    await expect(menu).toBeVisible();
    expect(await page.evaluate(() => (window as { modalInHandler?: boolean }).modalInHandler)).toBe(
      false,
    );

    // Then modal: the rest of the page inert, focus inside, Escape closes it back to the toggle.
    await page.waitForFunction(() => document.querySelector('dialog:modal') !== null);
    expect(await page.evaluate(() => !!document.activeElement?.closest('dialog'))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(toggle).toBeFocused();
    expect(consoleProblems).toEqual([]);
  });
});
