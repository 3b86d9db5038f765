import type { Page } from '@playwright/test';
import { TOASTS } from '../../src/config/constants';
import { MESSAGES } from '../../shared/copy/contact-messages';
import { expect, test } from './fixtures';
import { advanceUntil, holdTheClock } from './support/clock';
import { contactForm, fillContactForm, toasts } from './support/contact';
import { VIEWPORTS, motionSettled, visit } from './support/site';

/**
 * Opens the page with its clock under the test's control, and fills the form
 * invalidly so each press of Enter raises a toast. From then on no toast's 4 s
 * timer runs unless the test moves time: a slow machine cannot time one out.
 */
async function openWithTimeStopped(page: Page) {
  await page.clock.install();
  await visit(page);
  const fields = contactForm(page);
  await fields.form.scrollIntoViewIfNeeded();
  await fillContactForm(page, { name: 'Jane', email: 'jane@example', message: 'Hi' });
  await page.mouse.move(0, 0); // hovering the toaster would pause and expand it
  await holdTheClock(page);
}

/**
 * Raises one validation toast per press of Enter, moving time only to let sonner mount each, and
 * waits until they have slid into place: the slide is a CSS transition, on the browser's own time.
 * A pointer aimed at a toast still sliding in ends below it once it rests, and the stack closes
 * again (a loaded run: pointed at y 776 of a toast then at 751–800, which came to rest at 719–768).
 */
async function raiseErrors(page: Page, times: number) {
  const fields = contactForm(page);
  for (let i = 0; i < times; i++) {
    await fields.email.press('Enter');
    await advanceUntil(page, async () => {
      await expect(toasts(page).all).toHaveCount(i + 1, { timeout: 100 });
      await expect(toasts(page).all.first()).toHaveAttribute('data-mounted', 'true', {
        timeout: 100,
      });
    });
  }
  await motionSettled(toasts(page).region);
}

/** Drags a toast sideways by `dx` px over a whole second: far slower than sonner's flick speed. */
async function slowSwipe(page: Page, dx: number) {
  const toast = toasts(page).all.first();
  const box = (await toast.boundingBox())!;
  const y = box.y + box.height / 2;
  const x = box.x + box.width / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.clock.runFor(1_000);
  await page.mouse.move(x + dx, y, { steps: 5 });
  await page.mouse.up();
  expect(dx / 1_000).toBeLessThan(TOASTS.swipeVelocityPxPerMs);
  // Long enough for sonner's removal to have run, had it started.
  await page.clock.runFor(TOASTS.removeDelayMs + 100);
}

test.describe('toasts', () => {
  test('sit bottom-right and show at most three at once', async ({ page }) => {
    await openWithTimeStopped(page);
    await raiseErrors(page, 5);
    const list = toasts(page).region.getByRole('list');
    await expect(list).toHaveAttribute('data-y-position', 'bottom');
    await expect(list).toHaveAttribute('data-x-position', 'right');

    const shown = toasts(page).region.locator('[data-sonner-toast][data-visible="true"]');
    await expect(shown).toHaveCount(TOASTS.visible);
    await expect(toasts(page).withText(MESSAGES.invalidEmail).first()).toBeVisible();

    const box = (await toasts(page).all.first().boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(box.width).toBe(TOASTS.widthPx);
    // The front toast rests 32 px from the right and bottom edges.
    await expect
      .poll(async () => {
        const { y, height } = (await toasts(page).all.first().boundingBox())!;
        return Math.round(viewport.height - (y + height));
      })
      .toBe(TOASTS.offsetPx);
    expect(Math.round(viewport.width - (box.x + box.width))).toBe(TOASTS.offsetPx);
  });

  test('spread 14 px apart when the visitor points at them', async ({ page }) => {
    await openWithTimeStopped(page);
    await raiseErrors(page, 2);
    await toasts(page).all.first().hover();
    const [front, behind] = [toasts(page).all.nth(0), toasts(page).all.nth(1)];
    await expect(toasts(page).region.getByRole('list')).toHaveAttribute('data-lifted', 'true');
    await expect
      .poll(async () => {
        const a = (await front.boundingBox())!;
        const b = (await behind.boundingBox())!;
        return Math.round(a.y - (b.y + b.height));
      })
      .toBe(TOASTS.gapPx);
  });

  test('a slow 12 px swipe leaves the toast; a slow 25 px swipe dismisses it', async ({ page }) => {
    await openWithTimeStopped(page);
    await raiseErrors(page, 1);
    await slowSwipe(page, 12);
    await expect(toasts(page).all).toHaveCount(1);
    await expect(toasts(page).all.first()).toHaveAttribute('data-removed', 'false');

    await slowSwipe(page, 25);
    await expect(toasts(page).all).toHaveCount(0);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: VIEWPORTS.phone, hasTouch: true });

    test('span the screen 16 px from each edge, at the bottom', async ({ page }) => {
      await openWithTimeStopped(page);
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
    await openWithTimeStopped(page);
    await raiseErrors(page, 1);
    const toast = toasts(page).withText(MESSAGES.invalidEmail);
    await toast.hover();
    await toast.getByRole('button', { name: 'Close toast' }).click();
    await page.clock.runFor(TOASTS.removeDelayMs + 100);
    await expect(toasts(page).all).toHaveCount(0);
  });

  test('a toast stays for 4 seconds, then leaves on its own', async ({ page }) => {
    await openWithTimeStopped(page);
    await raiseErrors(page, 1);
    const toast = toasts(page).withText(MESSAGES.invalidEmail);

    await page.clock.runFor(TOASTS.durationMs - 500);
    await expect(toast).toBeVisible();
    await expect(toast).toHaveAttribute('data-removed', 'false');

    await page.clock.runFor(500 + TOASTS.removeDelayMs + 100);
    await expect(toasts(page).all).toHaveCount(0);
  });
});
