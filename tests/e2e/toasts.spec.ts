import type { Page } from '@playwright/test';
import { TOASTS } from '../../src/config/constants';
import { MESSAGES } from '../../src/content/contact';
import { expect, test } from './fixtures';
import { contactForm, fillContactForm, toasts } from './support/contact';
import { VIEWPORTS, visit } from './support/site';

/** Raises one validation toast per press of Enter in the (invalid) form. */
async function raiseErrors(page: Page, times: number) {
  const fields = contactForm(page);
  await fields.form.scrollIntoViewIfNeeded();
  await fillContactForm(page, { name: 'Jane', email: 'jane@example', message: 'Hi' });
  await page.mouse.move(0, 0); // hovering the toaster would pause and expand it
  for (let i = 0; i < times; i++) {
    await fields.email.press('Enter');
    await expect(toasts(page).all).toHaveCount(i + 1);
  }
}

test.describe('toasts', () => {
  test('sit bottom-right and show at most three at once', async ({ page }) => {
    await visit(page);
    await raiseErrors(page, 5);
    const list = toasts(page).region.getByRole('list');
    await expect(list).toHaveAttribute('data-y-position', 'bottom');
    await expect(list).toHaveAttribute('data-x-position', 'right');

    const shown = toasts(page).region.locator('[data-sonner-toast][data-visible="true"]');
    await expect(shown).toHaveCount(TOASTS.visible);
    await expect(toasts(page).withText(MESSAGES.invalidEmail).first()).toBeVisible();

    const box = (await toasts(page).all.first().boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(box.x).toBeGreaterThan(viewport.width / 2);
    expect(box.y).toBeGreaterThan(viewport.height / 2);
    expect(box.width).toBe(TOASTS.widthPx);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: VIEWPORTS.phone, hasTouch: true });

    test('span the screen 16 px from each edge, at the bottom', async ({ page }) => {
      await visit(page);
      await raiseErrors(page, 1);
      const toast = toasts(page).all.first();
      const viewport = page.viewportSize()!;
      // The toast slides up into place: where it comes to rest is what the visitor gets.
      const gapBelow = async () => {
        const { y, height } = (await toast.boundingBox())!;
        return Math.round(viewport.height - (y + height));
      };
      await expect.poll(gapBelow).toBe(TOASTS.mobileOffsetPx);
      const box = (await toast.boundingBox())!;
      expect(box.x).toBeCloseTo(TOASTS.mobileOffsetPx, 0);
      expect(viewport.width - (box.x + box.width)).toBeCloseTo(TOASTS.mobileOffsetPx, 0);
      expect(box.width).toBeCloseTo(viewport.width - 2 * TOASTS.mobileOffsetPx, 0);
    });
  });

  test('the close button dismisses a toast', async ({ page }) => {
    await visit(page);
    await raiseErrors(page, 1);
    const toast = toasts(page).withText(MESSAGES.invalidEmail);
    await toast.hover();
    await toast.getByRole('button', { name: 'Close toast' }).click();
    await expect(toasts(page).all).toHaveCount(0);
  });

  test('a toast stays for 4 seconds, then leaves on its own', async ({ page }) => {
    await page.clock.install();
    await visit(page);
    const fields = contactForm(page);
    await fields.form.scrollIntoViewIfNeeded();
    await fillContactForm(page, { name: 'Jane', email: 'jane@example', message: 'Hi' });
    await page.mouse.move(0, 0);
    // From here on, time moves only when the test says so.
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
    await fields.email.press('Enter');
    const toast = toasts(page).withText(MESSAGES.invalidEmail);
    await expect(async () => {
      await page.clock.runFor(10);
      await expect(toast).toHaveAttribute('data-mounted', 'true', { timeout: 100 });
    }).toPass();

    await page.clock.runFor(TOASTS.durationMs - 500);
    await expect(toast).toBeVisible();
    await expect(toast).toHaveAttribute('data-removed', 'false');

    await page.clock.runFor(500 + TOASTS.removeDelayMs + 100);
    await expect(toasts(page).all).toHaveCount(0);
  });
});
