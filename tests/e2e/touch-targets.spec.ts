import type { Locator, Page } from '@playwright/test';
import { MIN_TOUCH_TARGET_PX } from '../../src/config/constants';
import { caseStudiesCopy } from '../../src/content/case-studies';
import { hero } from '../../src/content/hero';
import { navCopy } from '../../src/content/navigation';
import { services, servicesCopy } from '../../src/content/services';
import { expect, test } from './fixtures';
import { VIEWPORTS, scrollThrough, visit } from './support/site';

/** The in-page calls to action styled as buttons, by their names. */
const CTA_NAMES = [
  hero.primaryCta.label,
  hero.secondaryCta.label,
  hero.card.cta.label,
  ...services.map((service) => service.ctaText),
  servicesCopy.closingCta.label,
  caseStudiesCopy.closingCta.label,
];

interface Target {
  name: string;
  height: number;
  inline: boolean;
  shown: boolean;
}

/** Every element `targets` matches, measured in one round trip. */
const measure = (targets: Locator): Promise<Target[]> =>
  targets.evaluateAll((elements) =>
    elements.map((el) => ({
      name: el.getAttribute('aria-label') ?? el.textContent?.trim() ?? '',
      // The laid-out height: a reveal's passing scale() is not the target's size.
      height: (el as HTMLElement).offsetHeight,
      inline: getComputedStyle(el).display === 'inline',
      shown: el.checkVisibility({ opacityProperty: true, visibilityProperty: true }),
    })),
  );

/** `where`: said after each message (" at 640 px"). */
function expectTall(targets: Target[], what: string, where = '') {
  expect(targets.length, `some ${what}s to measure${where}`).toBeGreaterThan(0);
  for (const target of targets) {
    expect(
      target.height,
      `${what} “${target.name}” is at least 48 px high${where}`,
    ).toBeGreaterThanOrEqual(MIN_TOUCH_TARGET_PX);
  }
}

const shownButtons = async (scope: Page | Locator) =>
  (await measure(scope.getByRole('button'))).filter((target) => target.shown);

async function ctaLinks(page: Page) {
  const found: Target[] = [];
  for (const name of CTA_NAMES) {
    found.push(...(await measure(page.getByRole('link', { name, exact: true }))));
  }
  expect(found.map((target) => target.name)).toEqual(CTA_NAMES);
  return found;
}

test.describe('touch targets are at least 48 px high', () => {
  test.describe('on a phone', () => {
    test.use({ viewport: VIEWPORTS.phone, hasTouch: true });

    test('buttons, calls to action and in-page links', async ({ page }) => {
      await visit(page);
      await scrollThrough(page);
      expectTall(await shownButtons(page), 'button');
      expectTall(await ctaLinks(page), 'call to action');
      // Every in-page link laid out as a box. Links inside a sentence are exempt (as in
      // WCAG 2.5.8), and the skip link stays off-screen until a keyboard focuses it.
      const inPageLinks = (await measure(page.locator('a[href^="#"]'))).filter(
        (link) => link.shown && !link.inline && link.name !== navCopy.skipLink,
      );
      expectTall(inPageLinks, 'in-page link');

      await page.getByRole('button', { name: navCopy.openMenu }).click();
      const menu = page.getByRole('dialog', { name: navCopy.menuTitle });
      await expect(menu).toBeVisible();
      expectTall(await shownButtons(menu), 'menu button');
      expectTall(await measure(menu.getByRole('link')), 'menu link');
    });
  });

  test.describe('on a desktop', () => {
    test.use({ viewport: VIEWPORTS.desktop });

    test('buttons and calls to action', async ({ page }) => {
      await visit(page);
      await scrollThrough(page);
      expectTall(await shownButtons(page), 'button');
      expectTall(await ctaLinks(page), 'call to action');
      const nav = page.getByRole('banner');
      expectTall(await measure(nav.getByRole('link')), 'navigation link');
    });
  });

  // Touch tablets and laptops with touch screens: the same 48 px at every width.
  test.describe('with touch, from 640 to 1280 px', () => {
    const widths = [640, 768, 1024, 1280];
    test.use({ viewport: { width: widths[0]!, height: 900 }, hasTouch: true });

    test('every button and every link outside running text', async ({ page }) => {
      await visit(page);
      await scrollThrough(page);
      // One visit, the window resized: the layout is the stylesheet's media queries.
      for (const width of widths) {
        await page.setViewportSize({ width, height: 900 });
        expectTall(await shownButtons(page), 'button', ` at ${width} px`);
        // Links inside a sentence are exempt (as in WCAG 2.5.8); the skip link stays
        // off-screen until a keyboard focuses it.
        const links = (await measure(page.locator('a[href]'))).filter(
          (link) => link.shown && !link.inline && link.name !== navCopy.skipLink,
        );
        expectTall(links, 'link', ` at ${width} px`);
      }
    });
  });
});

test.describe('button labels', () => {
  test.use({ viewport: VIEWPORTS.phone });

  /** Each call to action's lines of text, and how far they keep from its top and bottom edges. */
  const labels = async (page: Page) => {
    const found = [];
    for (const name of CTA_NAMES) {
      for (const link of await page.getByRole('link', { name, exact: true }).all()) {
        if (!(await link.isVisible())) continue;
        found.push(
          await link.evaluate((el, name) => {
            const box = el.getBoundingClientRect();
            const rects: DOMRect[] = [];
            const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              if (!node.textContent?.trim()) continue;
              const range = document.createRange();
              range.selectNodeContents(node);
              rects.push(...range.getClientRects());
            }
            return {
              name,
              lines: new Set(rects.map((rect) => Math.round(rect.top))).size,
              clearance: Math.min(
                ...rects.map((rect) => Math.min(rect.top - box.top, box.bottom - rect.bottom)),
              ),
            };
          }, name),
        );
      }
    }
    return found;
  };

  test('a label that wraps keeps clear of its edges; beside the hero card, each call to action keeps one line', async ({
    page,
  }) => {
    await visit(page);
    for (const width of [320, 360, 1024, 1100]) {
      await page.setViewportSize({ width, height: 800 });
      const found = await labels(page);
      // Two lines in a 48 px button with no padding touched its top and bottom edges.
      const cramped = found.filter((label) => label.lines > 1 && label.clearance < 6);
      expect(cramped, `wrapped labels touching their edges at ${width} px`).toEqual([]);
      if (width < 1024) continue;
      // The hero's pair were squeezed side by side into its column, each label on two lines.
      const heroLabels: string[] = [hero.primaryCta.label, hero.secondaryCta.label];
      const pair = found.filter((label) => heroLabels.includes(label.name));
      expect(
        pair.map((label) => [label.name, label.lines]),
        `the hero's calls to action at ${width} px`,
      ).toEqual([
        [hero.primaryCta.label, 1],
        [hero.secondaryCta.label, 1],
      ]);
    }
  });
});
