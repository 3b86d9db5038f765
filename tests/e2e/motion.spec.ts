import type { Locator, Page } from '@playwright/test';
import {
  CASE_STUDY_STAGGER_MS,
  MARQUEE_LOOP_S,
  SERVICE_STAGGER_MS,
} from '../../src/config/constants';
import { caseStudiesCopy } from '../../src/content/case-studies';
import { partners, partnersCopy } from '../../src/content/partners';
import { services, servicesCopy } from '../../src/content/services';
import { expect, test } from './fixtures';
import { scrollThrough, section, visit } from './support/site';

/** The revealable items of a section: the list items that hold its cards. */
const cards = (page: Page, heading: string) =>
  section(page, heading)
    .getByRole('listitem')
    .filter({ has: page.getByRole('article') });

/** Each card's first transition delay or duration, in ms (opacity and transform share them). */
const transitionMs = (items: Locator, timing: 'transitionDelay' | 'transitionDuration') =>
  items.evaluateAll(
    (elements, key) =>
      elements.map((el) => Math.round(parseFloat(getComputedStyle(el)[key]) * 1000)),
    timing,
  );
/** Each card's transition delay: its place in the stagger. */
const delaysMs = (items: Locator) => transitionMs(items, 'transitionDelay');
/** Each card's transition duration: 0 while it waits, the reveal's once shown. */
const durationsMs = (items: Locator) => transitionMs(items, 'transitionDuration');

const revealStates = (items: Locator) =>
  items.evaluateAll((elements) => elements.map((el) => el.getAttribute('data-reveal')));

test.describe('section reveals', () => {
  test('service cards wait below the fold, then appear 100 ms apart', async ({ page }) => {
    await visit(page);
    const items = cards(page, servicesCopy.heading);
    await expect(items).toHaveCount(services.length);
    expect(await revealStates(items)).toEqual(services.map(() => 'waiting'));
    await expect(items.first()).toHaveCSS('opacity', '0');
    // Hidden at once, not faded out where nobody can see it: only the reveal animates.
    expect(await durationsMs(items)).toEqual(services.map(() => 0));

    await page.getByRole('heading', { name: servicesCopy.websiteHeading }).scrollIntoViewIfNeeded();
    await expect.poll(() => revealStates(items)).toEqual(services.map(() => 'shown'));
    expect(await delaysMs(items)).toEqual(services.map((_, i) => i * SERVICE_STAGGER_MS));
    for (const duration of await durationsMs(items)) expect(duration).toBeGreaterThan(0);
    for (const item of await items.all()) await expect(item).toHaveCSS('opacity', '1');
  });

  test('case-study cards appear 200 ms apart', async ({ page }) => {
    await visit(page);
    const items = cards(page, caseStudiesCopy.heading);
    await expect(items).toHaveCount(3);
    expect(await revealStates(items)).toEqual(['waiting', 'waiting', 'waiting']);

    await page.getByRole('heading', { name: caseStudiesCopy.heading }).scrollIntoViewIfNeeded();
    await expect.poll(() => revealStates(items)).toEqual(['shown', 'shown', 'shown']);
    expect(await delaysMs(items)).toEqual([0, 1, 2].map((i) => i * CASE_STUDY_STAGGER_MS));
    for (const item of await items.all()) await expect(item).toHaveCSS('opacity', '1');
  });

  test('under reduced motion no card is ever hidden', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await visit(page);
    const all = page.locator('[data-reveal]');
    await expect(all).toHaveCount(services.length + 3);
    expect(new Set(await revealStates(all))).toEqual(new Set(['static']));
    await scrollThrough(page);
    expect(new Set(await revealStates(all))).toEqual(new Set(['static']));
    for (const item of await all.all()) await expect(item).toHaveCSS('opacity', '1');
  });
});

test.describe('partner logo marquee', () => {
  const track = (page: Page) => page.getByTestId('marquee');
  const marqueeAnimations = (page: Page) =>
    track(page).evaluate((el) =>
      el.getAnimations().map((animation) => ({
        name: (animation as CSSAnimation).animationName,
        state: animation.playState,
        durationMs: animation.effect?.getTiming().duration,
      })),
    );

  test('shows each of the seven logos once to assistive tech', async ({ page }) => {
    await visit(page);
    const strip = section(page, partnersCopy.heading);
    await expect(strip.getByRole('img')).toHaveCount(partners.length);
    for (const partner of partners) {
      await expect(strip.getByRole('img', { name: partner.alt })).toHaveCount(1);
    }
    // The second copy, there only to make the loop seamless, is hidden and unnamed
    // (alt="" makes those images presentational, so no role query finds them).
    const everyImage = track(page).locator('img');
    await expect(everyImage).toHaveCount(partners.length * 2);
    const alts = await everyImage.evaluateAll((imgs) =>
      imgs.map((img) => [img.getAttribute('alt'), !!img.closest('[aria-hidden="true"]')]),
    );
    expect(alts.slice(partners.length)).toEqual(partners.map(() => ['', true]));
    expect(alts.slice(0, partners.length)).toEqual(partners.map((p) => [p.alt, false]));
  });

  test('loops every 25 s and stops live when reduced motion is asked for', async ({ page }) => {
    await visit(page);
    await section(page, partnersCopy.heading).scrollIntoViewIfNeeded();
    await expect(track(page)).toHaveCSS('animation-duration', `${MARQUEE_LOOP_S}s`);
    await expect
      .poll(() => marqueeAnimations(page))
      .toEqual([{ name: 'marquee', state: 'running', durationMs: MARQUEE_LOOP_S * 1000 }]);

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect(track(page)).toHaveCSS('animation-name', 'none');
    await expect.poll(() => marqueeAnimations(page)).toEqual([]);
    // Still every logo, now standing still.
    await expect(section(page, partnersCopy.heading).getByRole('img')).toHaveCount(partners.length);

    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await expect
      .poll(() => marqueeAnimations(page))
      .toEqual([{ name: 'marquee', state: 'running', durationMs: MARQUEE_LOOP_S * 1000 }]);
  });
});
