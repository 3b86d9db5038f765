import type { Page } from '@playwright/test';
import { NARROW_SCREEN_PX, NAV_SCROLL_THRESHOLD_PX } from '../../src/config/constants';
import { navCopy, navLinks } from '../../src/content/navigation';
import { expect, test } from './fixtures';
import {
  VIEWPORTS,
  expectSectionReached,
  scrollToY,
  section,
  visit,
  waitForIsland,
} from './support/site';
import { contactCopy } from '../../src/content/contact';
import { caseStudiesCopy } from '../../src/content/case-studies';
import { hero } from '../../src/content/hero';

test.describe('navigation bar', () => {
  test('stays fixed and turns opaque once scrolled past 20 px', async ({ page }) => {
    await visit(page);
    const bar = page.getByRole('banner');
    await expect(bar).toHaveCSS('position', 'fixed');
    await expect(bar).toHaveAttribute('data-scrolled', 'false');

    await scrollToY(page, NAV_SCROLL_THRESHOLD_PX - 5);
    await expect(bar).toHaveAttribute('data-scrolled', 'false');
    await scrollToY(page, NAV_SCROLL_THRESHOLD_PX + 20);
    await expect(bar).toHaveAttribute('data-scrolled', 'true');
    await expect(bar).not.toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
    await expect(bar).toHaveCSS('backdrop-filter', /blur/);

    await scrollToY(page, 2000);
    await expect(bar).toBeInViewport();
    expect((await bar.boundingBox())!.y).toBe(0);
    await scrollToY(page, 0);
    await expect(bar).toHaveAttribute('data-scrolled', 'false');
  });

  test('the call to action and each link scroll to their sections', async ({ page }) => {
    await visit(page);
    // One visit: the bar is fixed, so each is clicked from where the one before it left the page.
    // The call to action first, from the top, so that every scroll moves the page.
    await page
      .getByRole('banner')
      .getByRole('link', { name: navCopy.desktopCta, exact: true })
      .click();
    await expectSectionReached(page, '#contact');
    for (const link of navLinks) {
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: link.label, exact: true })
        .click();
      await expectSectionReached(page, link.href);
    }
  });
});

test.describe('navigation bar layout', () => {
  /** How many lines each visible link in the bar wraps onto (its words only, not icons). */
  const lineCounts = (page: Page) =>
    page
      .getByRole('banner')
      .getByRole('link')
      .evaluateAll((links) =>
        links
          .filter((link) => link.checkVisibility())
          .map((link) => {
            const tops = new Set<number>();
            const walker = document.createTreeWalker(link, NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              if (node.parentElement?.closest('[aria-hidden="true"]')) continue; // the logo mark
              const range = document.createRange();
              range.selectNodeContents(node);
              for (const rect of range.getClientRects()) tops.add(Math.round(rect.top));
            }
            return [link.textContent?.trim(), tops.size] as const;
          }),
      );

  test('every item in the bar fits on one line and nothing scrolls sideways', async ({ page }) => {
    await visit(page);
    // Phone, the narrow threshold, a tablet in portrait (iPad Air) and landscape, a laptop.
    for (const width of [375, NARROW_SCREEN_PX, 820, 1024, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      const counts = await lineCounts(page);
      expect(counts.length).toBeGreaterThan(0);
      expect
        .soft(
          counts.filter(([, lines]) => lines > 1),
          `items wrapping at ${width} px`,
        )
        .toEqual([]);
      // Nor does anything on the page push it sideways.
      const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect.soft(pageWidth, `page width at ${width} px`).toBeLessThanOrEqual(width);
    }
  });

  test.describe(`at ${NARROW_SCREEN_PX} px, the spec’s narrow-screen threshold`, () => {
    test.use({ viewport: { width: NARROW_SCREEN_PX, height: 1024 } });

    test('the menu toggle is offered instead of the desktop links', async ({ page }) => {
      await visit(page);
      await expect(page.getByRole('button', { name: navCopy.openMenu })).toBeVisible();
      const bar = page.getByRole('navigation', { name: 'Main' });
      await expect(bar.getByRole('link', { name: 'Services', exact: true })).toBeHidden();
      await expect(bar.getByRole('link', { name: navCopy.desktopCta, exact: true })).toBeHidden();
    });
  });
});

test.describe('mobile menu', () => {
  test.use({ viewport: VIEWPORTS.phone, hasTouch: true });

  test('opens full screen with the links, the CTA and the theme toggle', async ({ page }) => {
    await visit(page);
    const toggle = page.getByRole('button', { name: navCopy.openMenu });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // The desktop links are not offered on a phone.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Services' })).toBeHidden();

    await toggle.click();
    const menu = page.getByRole('dialog', { name: navCopy.menuTitle });
    await expect(menu).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const box = (await menu.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(VIEWPORTS.phone.width - 1);
    expect(box.height).toBeGreaterThanOrEqual(VIEWPORTS.phone.height - 1);

    for (const link of navLinks) {
      await expect(menu.getByRole('link', { name: link.label, exact: true })).toBeVisible();
    }
    await expect(menu.getByRole('link', { name: navCopy.mobileCta })).toHaveAttribute(
      'href',
      '#contact',
    );
    await expect(menu.getByRole('button', { name: /^Theme:/ })).toBeVisible();
    await expect(menu.getByRole('button', { name: navCopy.closeMenu })).toBeVisible();
  });

  test('its close button is where the menu button was, on a phone and a tablet', async ({
    page,
  }) => {
    await visit(page);
    for (const width of [VIEWPORTS.phone.width, VIEWPORTS.tablet.width]) {
      await page.setViewportSize({ width, height: 900 });
      const toggle = page.getByRole('button', { name: navCopy.openMenu });
      const opener = (await toggle.boundingBox())!;
      await toggle.click();
      const menu = page.getByRole('dialog', { name: navCopy.menuTitle });
      const close = menu.getByRole('button', { name: navCopy.closeMenu });
      const closer = (await close.boundingBox())!;
      // The menu's header has the bar's own side padding: nothing jumps as it opens.
      expect(Math.abs(closer.x - opener.x), `the buttons' left edges at ${width} px`).toBeLessThan(
        1,
      );
      expect(Math.abs(closer.y - opener.y), `the buttons' tops at ${width} px`).toBeLessThan(1);
      await close.click();
      await expect(menu).toBeHidden();
    }
  });

  test('keeps Tab and Shift+Tab inside, and Escape closes it', async ({ page }) => {
    await visit(page);
    const toggle = page.getByRole('button', { name: navCopy.openMenu });
    await toggle.click();
    const menu = page.getByRole('dialog', { name: navCopy.menuTitle });
    await expect(menu).toBeVisible();
    // The wrap from the last control to the first is the nav island's (src/lib/focus-trap.ts): a
    // menu opened before it hydrates is the browser's modal dialog, whose Tab past the end goes to
    // the browser's own controls. On a busy host the island can still be hydrating at Tab #6.
    await waitForIsland(page, 'nav');

    const focusInsideMenu = () =>
      page.evaluate(() => !!document.activeElement?.closest('dialog#mobile-menu'));
    // Close, three links, theme toggle, CTA: go round more than once each way.
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      expect(await focusInsideMenu(), `Tab #${i + 1} stays in the menu`).toBe(true);
    }
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await focusInsideMenu(), `Shift+Tab #${i + 1} stays in the menu`).toBe(true);
    }

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();
  });

  test('Fix My Business and each link close the menu and scroll there', async ({ page }) => {
    await visit(page);
    const toggle = page.getByRole('button', { name: navCopy.openMenu });
    const menu = page.getByRole('dialog', { name: navCopy.menuTitle });
    // One visit, the menu opened afresh for each, from where the one before left the page;
    // Fix My Business first, from the top, so that every choice moves the page.
    const choices = [
      { name: navCopy.mobileCta, exact: false, href: '#contact' },
      ...navLinks.map((link) => ({ name: link.label, exact: true, href: link.href })),
    ];
    for (const { name, exact, href } of choices) {
      await toggle.click();
      await expect(menu).toBeVisible();
      await menu.getByRole('link', { name, exact }).click();
      await expect(menu).toBeHidden();
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expectSectionReached(page, href);
    }
  });
});

test.describe('arriving at a section by its address', () => {
  for (const link of navLinks) {
    test(`opening /${link.href} shows that section`, async ({ page }) => {
      await visit(page, `/${link.href}`);
      await expectSectionReached(page, link.href);
    });
  }

  test('a section typed into the address bar after the page opened is reached', async ({
    page,
  }) => {
    await visit(page);
    // Same page, new fragment: the browser scrolls without any click on a link.
    await page.goto('/#contact');
    await expectSectionReached(page, '#contact');
  });
});

const cta = (page: Page) =>
  page.getByRole('link', { name: navCopy.floatingCta, includeHidden: true });
/** Scroll events fire once a frame: two frames on, the page has seen the last scroll. */
const scrollEventsDispatched = (page: Page) =>
  page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );
/**
 * Scrolls down until the hero has left the screen, then back up a little: the
 * CTA shows only on a scroll up (reading goes down, and it must not cover that).
 */
const scrollPastHero = async (page: Page) => {
  const heroBox = (await section(page, hero.headline).boundingBox())!;
  const heroBottom = Math.ceil(heroBox.y + heroBox.height);
  await scrollToY(page, heroBottom + 400);
  await scrollEventsDispatched(page);
  // The first scroll hydrates the call to action's island (src/islands/); it follows the
  // scrolling from then on, as it does for a visitor, whose way back up takes far longer.
  await waitForIsland(page, 'floating-cta');
  await scrollToY(page, heroBottom + 200);
};

test.describe('floating call to action as the visitor scrolls', () => {
  test('hidden over the hero, shown below it, hidden again at the contact form', async ({
    page,
  }) => {
    await visit(page);
    const link = cta(page);
    const wrapper = link.locator('xpath=..');
    await expect(wrapper).toHaveAttribute('data-visible', 'false');
    await expect(wrapper).toHaveAttribute('inert', '');
    await expect(wrapper).toHaveCSS('opacity', '0');

    await scrollPastHero(page);
    await expect(wrapper).toHaveAttribute('data-visible', 'true');
    await expect(wrapper).not.toHaveAttribute('inert');
    await expect(link).toBeVisible();
    await expect(wrapper).toHaveCSS('opacity', '1');
    // Bottom-left: the toasts own bottom-right.
    const box = (await link.boundingBox())!;
    expect(box.x + box.width / 2).toBeLessThan(VIEWPORTS.desktop.width / 2);

    await page.getByRole('heading', { name: contactCopy.heading }).scrollIntoViewIfNeeded();
    await expect(wrapper).toHaveAttribute('data-visible', 'false');
    await expect(wrapper).toHaveAttribute('inert', '');
    await expect(wrapper).toHaveCSS('opacity', '0');
  });

  test('hides while the visitor scrolls down, to read', async ({ page }) => {
    await visit(page);
    await scrollPastHero(page);
    const wrapper = cta(page).locator('xpath=..');
    await expect(wrapper).toHaveAttribute('data-visible', 'true');
    await scrollToY(page, (await page.evaluate(() => window.scrollY)) + 300);
    await expect(wrapper).toHaveAttribute('data-visible', 'false');
    await expect(wrapper).toHaveCSS('opacity', '0');
  });
});

test.describe('floating call to action once shown', () => {
  test('is reached with the keyboard when shown and leads to the contact form', async ({
    page,
  }) => {
    await visit(page);
    // The CTA follows the footer in the tab order; start from the footer's last link
    // without scrolling, so the CTA's own visibility is what decides.
    const lastFooterLink = page.getByRole('contentinfo').getByRole('link').last();
    const focusWithoutScrolling = () =>
      lastFooterLink.evaluate((a: HTMLElement) => a.focus({ preventScroll: true }));

    await focusWithoutScrolling();
    await page.keyboard.press('Tab');
    await expect(cta(page)).not.toBeFocused();

    await scrollPastHero(page);
    await expect(cta(page).locator('xpath=..')).toHaveAttribute('data-visible', 'true');
    await focusWithoutScrolling();
    await page.keyboard.press('Tab');
    await expect(cta(page)).toBeFocused();
    await page.keyboard.press('Enter');
    await expectSectionReached(page, '#contact');
    await expect(cta(page).locator('xpath=..')).toHaveAttribute('data-visible', 'false');
  });

  test('clicking it reaches the contact form', async ({ page }) => {
    await visit(page);
    await scrollPastHero(page);
    await cta(page).click();
    await expectSectionReached(page, '#contact');
  });
});

test.describe('floating call to action on a phone, over a button', () => {
  test.use({ viewport: VIEWPORTS.phone, hasTouch: true });

  test('does not show where it would take the tap meant for a button under it', async ({
    page,
  }) => {
    await visit(page);
    const wrapper = cta(page).locator('xpath=..');
    await scrollPastHero(page);
    await expect(wrapper).toHaveAttribute('data-visible', 'true');
    // A case study's button where the call to action stands (bottom-left), reached by a scroll
    // back up, as a visitor returning to it would: without the rule it would show over it.
    const button = page.getByRole('button', { name: caseStudiesCopy.viewLabel }).first();
    const [buttonTop, ctaBottom] = await Promise.all([
      button.evaluate((el) => el.getBoundingClientRect().top + window.scrollY),
      wrapper.evaluate((el) => el.getBoundingClientRect().bottom),
    ]);
    const there = Math.round(buttonTop - ctaBottom + 24);
    await scrollToY(page, there + 400);
    await scrollEventsDispatched(page);
    await scrollToY(page, there);
    await scrollEventsDispatched(page);
    await expect(wrapper).toHaveAttribute('data-visible', 'false');
    await expect(wrapper).toHaveAttribute('inert', '');
    // Turned over, the card's other button stands in the same place: still nothing over it.
    await button.click();
    await expect(
      page.getByRole('button', { name: caseStudiesCopy.backLabel }).first(),
    ).toBeVisible();
    await expect(wrapper).toHaveAttribute('data-visible', 'false');
  });
});

test.describe('floating call to action on a phone, at the end of the page', () => {
  test.use({ viewport: VIEWPORTS.phone, hasTouch: true });

  test('stays away below the contact section and covers no footer line or link', async ({
    page,
  }) => {
    await visit(page);
    const wrapper = cta(page).locator('xpath=..');
    const bottom = await page.evaluate(
      () => document.documentElement.scrollHeight - window.innerHeight,
    );
    await scrollToY(page, bottom);
    await scrollEventsDispatched(page);
    // A scroll back up, which shows it above the contact section, does not bring it back here.
    await scrollToY(page, bottom - 200);
    await scrollEventsDispatched(page);
    await expect(wrapper).toHaveAttribute('data-visible', 'false');
    await scrollToY(page, bottom);
    await expect(wrapper).toHaveAttribute('data-visible', 'false');
    await expect(wrapper).toHaveCSS('opacity', '0');

    const footer = page.getByRole('contentinfo');
    const targets = [footer.getByText(/©/), ...(await footer.getByRole('link').all())];
    for (const target of targets) {
      await target.scrollIntoViewIfNeeded();
      const onTop = await target.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return !!hit && (hit === el || el.contains(hit));
      });
      expect(onTop, `nothing covers “${await target.textContent()}”`).toBe(true);
    }
  });
});
