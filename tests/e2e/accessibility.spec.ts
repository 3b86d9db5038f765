import { caseStudies, caseStudiesCopy } from '../../src/content/case-studies';
import { navCopy } from '../../src/content/navigation';
import { MESSAGES } from '../../shared/copy/contact-messages';
import { expect, test } from './fixtures';
import { violations } from './support/axe';
import { advanceUntil, holdTheClock } from './support/clock';
import { contactForm, fillContactForm, toasts } from './support/contact';
import {
  VIEWPORTS,
  inEachColorScheme,
  scrollThrough,
  motionSettled,
  openPrivacyNotice,
  visit,
} from './support/site';

for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    // No rule is disabled: the page passes them all, off-screen content included.
    test('axe finds no WCAG 2.1 AA or best-practice violations, light or dark', async ({
      page,
    }) => {
      test.slow(); // two whole-page axe runs take a while on a busy 2-core machine
      await visit(page);
      // Reveal every card first, so axe sees the page as a visitor who scrolled does.
      await scrollThrough(page);
      await inEachColorScheme(page, async (colorScheme) => {
        expect.soft(await violations(page), `${colorScheme} theme`).toEqual([]);
      });
    });
  });
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`opened states on a phone, ${colorScheme}`, () => {
    test.use({ viewport: VIEWPORTS.phone, colorScheme, hasTouch: true });

    test('menu, flipped card, toast and privacy notice pass axe too', async ({ page }) => {
      test.slow(); // four axe runs and a real submission
      await page.clock.install();
      await visit(page);

      await page.getByRole('button', { name: navCopy.openMenu }).click();
      await expect(page.getByRole('dialog', { name: navCopy.menuTitle })).toBeVisible();
      expect(await violations(page, '#mobile-menu'), 'mobile menu').toEqual([]);
      await page.keyboard.press('Escape');

      const card = page.getByRole('article', { name: caseStudies[0]!.title });
      await card.scrollIntoViewIfNeeded();
      await card.getByRole('button', { name: caseStudiesCopy.viewLabel }).click();
      await expect(card).toHaveAttribute('data-flipped', 'true');
      await expect(card.getByRole('button', { name: caseStudiesCopy.backLabel })).toBeVisible();
      expect(await violations(page, '#case-studies'), 'flipped case study').toEqual([]);

      // Both kinds of toast a visitor meets: the error and the thank-you. Raised with time
      // stopped, then held by pointing at them (sonner pauses its timers) while axe, which
      // needs time to run, reads them.
      const fields = contactForm(page);
      await fields.form.scrollIntoViewIfNeeded();
      await fillContactForm(page, { name: 'Jane', email: 'jane@example', message: 'Hi' });
      await holdTheClock(page);
      await fields.email.press('Enter');
      await advanceUntil(page, () =>
        expect(toasts(page).withText(MESSAGES.invalidEmail)).toBeVisible({ timeout: 100 }),
      );
      await fields.email.fill('jane@example.com');
      await fields.email.press('Enter');
      await advanceUntil(page, () =>
        expect(toasts(page).withText(MESSAGES.sent)).toBeVisible({ timeout: 100 }),
      );
      await toasts(page).withText(MESSAGES.sent).hover();
      await expect(toasts(page).region.getByRole('list')).toHaveAttribute('data-lifted', 'true');
      await page.clock.resume();
      await motionSettled(toasts(page).region);
      expect(await violations(page, '[data-sonner-toaster]'), 'toasts').toEqual([]);
      await page.mouse.move(0, 0);

      await openPrivacyNotice(page);
      expect(await violations(page, '#privacy'), 'privacy notice').toEqual([]);
    });
  });
}
