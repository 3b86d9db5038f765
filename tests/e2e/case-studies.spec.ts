import type { Page } from '@playwright/test';
import {
  CASE_STUDY_CARD_HEIGHT_PX,
  FLIP_DURATION_NARROW_S,
  FLIP_DURATION_S,
} from '../../src/config/constants';
import { caseStudies, caseStudiesCopy } from '../../src/content/case-studies';
import { expect, test } from './fixtures';
import {
  VIEWPORTS,
  expectSectionReached,
  section,
  motionSettled,
  visit,
  waitForIsland,
} from './support/site';

const studiesSection = (page: Page) => section(page, caseStudiesCopy.heading);
const card = (page: Page, index: number) =>
  studiesSection(page).getByRole('article', { name: caseStudies[index]!.title });

/**
 * A card's height as laid out: a card making its entrance is drawn smaller for a moment (it lifts
 * in from 95 %), which its bounding box would show.
 */
const cardHeight = (page: Page, index: number) =>
  card(page, index).evaluate((article: HTMLElement) => article.offsetHeight);

/** Opens the page and brings the case studies on screen, fully revealed. */
async function openCaseStudies(page: Page) {
  await visit(page);
  await page.getByRole('heading', { name: caseStudiesCopy.heading }).scrollIntoViewIfNeeded();
  // The entrances begin once the island has hydrated (it does as the section comes into view):
  // before that, nothing is moving yet.
  await waitForIsland(page, 'case-studies');
  await motionSettled(studiesSection(page));
}

test.describe('case-study cards', () => {
  test('View Case Study turns a card to its back and moves focus to Go Back', async ({ page }) => {
    await openCaseStudies(page);
    const first = card(page, 0);
    await expect(first).toHaveAttribute('data-flipped', 'false');
    // Front showing: the back is hidden from assistive tech and cannot be focused.
    await expect(first.getByRole('button', { name: caseStudiesCopy.backLabel })).toHaveCount(0);
    await expect(first.locator('[data-face="back"]')).toHaveAttribute('inert', '');

    await first.getByRole('button', { name: caseStudiesCopy.viewLabel }).click();
    await expect(first).toHaveAttribute('data-flipped', 'true');
    const goBack = first.getByRole('button', { name: caseStudiesCopy.backLabel });
    await expect(goBack).toBeFocused();
    await expect(first.getByText(caseStudies[0]!.backDescription)).toBeVisible();
    const front = first.locator('[data-face="front"]');
    await expect(front).toHaveAttribute('inert', '');
    await expect(front).toHaveAttribute('aria-hidden', 'true');
    await expect(first.getByRole('button', { name: caseStudiesCopy.viewLabel })).toHaveCount(0);
    await expect(first.locator('[data-face="back"]')).not.toHaveAttribute('inert');

    // Go Back, from the keyboard, turns it to the front and focus follows.
    await page.keyboard.press('Enter');
    await expect(first).toHaveAttribute('data-flipped', 'false');
    await expect(first.getByRole('button', { name: caseStudiesCopy.viewLabel })).toBeFocused();
  });

  test('at most one card shows its back at a time', async ({ page }) => {
    await openCaseStudies(page);
    const flippedCount = () => studiesSection(page).locator('[data-flipped="true"]').count();

    await card(page, 0).getByRole('button', { name: caseStudiesCopy.viewLabel }).click();
    await expect(card(page, 0)).toHaveAttribute('data-flipped', 'true');

    await card(page, 1).getByRole('button', { name: caseStudiesCopy.viewLabel }).click();
    await expect(card(page, 1)).toHaveAttribute('data-flipped', 'true');
    await expect(card(page, 0)).toHaveAttribute('data-flipped', 'false');
    expect(await flippedCount()).toBe(1);

    await card(page, 2).getByRole('button', { name: caseStudiesCopy.viewLabel }).click();
    await expect(card(page, 2)).toHaveAttribute('data-flipped', 'true');
    await expect(card(page, 1)).toHaveAttribute('data-flipped', 'false');
    expect(await flippedCount()).toBe(1);

    await card(page, 2).getByRole('button', { name: caseStudiesCopy.backLabel }).click();
    await expect(card(page, 2)).toHaveAttribute('data-flipped', 'false');
    expect(await flippedCount()).toBe(0);
  });

  test('every card is 400 px tall and flips in 0.8 s on a desktop', async ({ page }) => {
    await openCaseStudies(page);
    for (let i = 0; i < caseStudies.length; i++) {
      expect(await cardHeight(page, i)).toBe(CASE_STUDY_CARD_HEIGHT_PX);
      await expect(card(page, i).locator('.flip-inner')).toHaveCSS(
        'transition-duration',
        `${FLIP_DURATION_S}s`,
      );
    }
  });

  test('the closing button scrolls to the contact form', async ({ page }) => {
    await openCaseStudies(page);
    await studiesSection(page)
      .getByRole('link', { name: caseStudiesCopy.closingCta.label })
      .click();
    await expectSectionReached(page, '#contact');
  });

  test.describe('on a phone', () => {
    test.use({ viewport: VIEWPORTS.phone, hasTouch: true });

    test('cards stay 400 px tall and flip in 0.7 s', async ({ page }) => {
      await openCaseStudies(page);
      const first = card(page, 0);
      expect(await cardHeight(page, 0)).toBe(CASE_STUDY_CARD_HEIGHT_PX);
      await expect(first.locator('.flip-inner')).toHaveCSS(
        'transition-duration',
        `${FLIP_DURATION_NARROW_S}s`,
      );
      await first.getByRole('button', { name: caseStudiesCopy.viewLabel }).tap();
      await expect(first).toHaveAttribute('data-flipped', 'true');
      await expect(first.getByRole('button', { name: caseStudiesCopy.backLabel })).toBeFocused();
    });
  });

  test('under reduced motion the flip is instant', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openCaseStudies(page);
    const duration = await card(page, 0)
      .locator('.flip-inner')
      .evaluate((el) => parseFloat(getComputedStyle(el).transitionDuration));
    expect(duration).toBeLessThan(0.01);
  });
});

test.describe('case-study grid', () => {
  const layouts = [
    { viewport: VIEWPORTS.phone, columns: 1 },
    { viewport: VIEWPORTS.tablet, columns: 2 },
    { viewport: VIEWPORTS.desktop, columns: 3 },
  ];
  test.use({ viewport: layouts[0]!.viewport });

  test('shows one column on a phone, two on a tablet, three on a desktop', async ({ page }) => {
    await openCaseStudies(page);
    // One visit, the window resized: the grid is the stylesheet's media queries.
    for (const { viewport, columns } of layouts) {
      await page.setViewportSize(viewport);
      // Where the grid places each card (offsetLeft: layout, which the cards'
      // entrance animation, a transform, does not move however late it starts).
      const lefts = await studiesSection(page)
        .getByRole('article')
        .evaluateAll((articles) =>
          articles.map((a) => (a.closest('li') as HTMLElement).offsetLeft),
        );
      expect(new Set(lefts).size, `columns at ${viewport.width} px`).toBe(columns);
    }
  });
});

test.describe('case-study card faces', () => {
  test.use({ viewport: VIEWPORTS.phone });

  test('every word and button of both faces fits inside the 400 px card, from phone to desktop', async ({
    page,
  }) => {
    await openCaseStudies(page);
    // Three columns are narrowest just above 1024 px: there a title on two lines pushed
    // "View Case Study" through the card's padding and out of its clipped bottom edge.
    for (const width of [VIEWPORTS.phone.width, VIEWPORTS.tablet.width, 1024, 1100, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      const spilt = await studiesSection(page)
        .locator('[data-face]')
        .evaluateAll((faces) =>
          faces.flatMap((face) => {
            // Layout boxes (offsets), which the flip's rotation does not move.
            const button = face.querySelector('button')!;
            const room = (face as HTMLElement).offsetHeight;
            const bottom = button.offsetTop + button.offsetHeight;
            const padding = parseFloat(getComputedStyle(button.parentElement!).paddingBottom);
            const card = face.closest('article')!.getAttribute('aria-label');
            return bottom > room - padding + 1
              ? [`${card} (${face.getAttribute('data-face')}): ${bottom} of ${room} px`]
              : [];
          }),
        );
      expect(spilt, `at ${width} px`).toEqual([]);
    }
  });
});
