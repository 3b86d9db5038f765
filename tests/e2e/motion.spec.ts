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
import {
  VIEWPORTS,
  motionSettled,
  scrollAndRender,
  scrollThrough,
  section,
  visit,
} from './support/site';

/** The revealable items of a section: the list items that hold its cards. */
const cards = (page: Page, heading: string) =>
  section(page, heading)
    .getByRole('listitem')
    .filter({ has: page.getByRole('article') });

/**
 * What each card is doing, with where it is: the state the page gave it, the
 * entrance its style gives it (read from the style, not the running animation,
 * which a busy machine may already have finished), and its place.
 */
const cardStates = (items: Locator) =>
  items.evaluateAll((elements) =>
    elements.map((el) => {
      const style = getComputedStyle(el);
      const name = style.animationName === 'none' ? null : style.animationName;
      const keyframes = [...document.styleSheets]
        .flatMap((sheet) => [...sheet.cssRules])
        .find(
          (rule): rule is CSSKeyframesRule =>
            rule instanceof CSSKeyframesRule && rule.name === name,
        );
      return {
        reveal: el.getAttribute('data-reveal'),
        animation: name,
        delayMs: Math.round(parseFloat(style.animationDelay) * 1000),
        // Hidden from its first frame, and held there through its delay: its turn in the stagger.
        startsHidden:
          keyframes?.findRule('0%')?.style.opacity === '0' &&
          style.animationFillMode === 'backwards',
        opacity: style.opacity,
        onScreen: el.getBoundingClientRect().top < window.innerHeight,
      };
    }),
  );

/**
 * Scrolls down as a visitor does, a little at a time, until the section's reveal
 * has begun; the page then stays where the reveal found it. It starts a screen
 * above the section, not at the top: 40 px steps down a whole page were a hundred
 * round trips, which a loaded machine could not make within the test's time.
 */
async function scrollUntilReveal(page: Page, items: Locator) {
  const entering = () =>
    items.evaluateAll((els) => els.some((el) => el.dataset.reveal === 'entering'));
  const start = await items.first().evaluate((el) => {
    const top = el.closest('section')!.getBoundingClientRect().top + window.scrollY;
    return Math.max(0, Math.floor(top - 2 * window.innerHeight));
  });
  for (let y = start; y < 20_000; y += 40) {
    await scrollAndRender(page, y);
    if (await entering()) return;
  }
  throw new Error('the reveal never began');
}

test.describe('section reveals', () => {
  test('an untouched page rests with every card drawn', async ({ page }) => {
    await visit(page);
    const all = page.locator('[data-reveal]');
    await expect(all).toHaveCount(services.length + 3);
    for (const card of await cardStates(all)) {
      expect(card).toMatchObject({ reveal: 'resting', animation: null, opacity: '1' });
    }
  });

  test('service cards below the fold make their entrance 100 ms apart', async ({ page }) => {
    await visit(page);
    const items = cards(page, servicesCopy.heading);
    await expect(items).toHaveCount(services.length);
    await scrollUntilReveal(page, items);

    // At 1280 × 800 the section reaches its threshold before any card is on screen.
    const states = await cardStates(items);
    expect(states.map((card) => card.onScreen)).toEqual(services.map(() => false));
    expect(states.map((card) => [card.reveal, card.animation, card.startsHidden])).toEqual(
      services.map(() => ['entering', 'reveal-rise', true]),
    );
    expect(states.map((card) => card.delayMs)).toEqual(
      services.map((_, i) => i * SERVICE_STAGGER_MS),
    );

    await motionSettled(section(page, servicesCopy.heading));
    for (const item of await items.all()) await expect(item).toHaveCSS('opacity', '1');
  });

  test('a card already on screen when its section is reached is never hidden', async ({ page }) => {
    // On a phone the services section is tall: its first card is on screen before 20% of it is.
    await page.setViewportSize(VIEWPORTS.phone);
    await visit(page);
    const items = cards(page, servicesCopy.heading);
    await scrollUntilReveal(page, items);

    const states = await cardStates(items);
    expect(states[0]!.onScreen, 'the first card is on screen when the reveal begins').toBe(true);
    for (const card of states) {
      if (card.onScreen)
        expect(card).toMatchObject({ reveal: 'resting', animation: null, opacity: '1' });
      else
        expect(card).toMatchObject({
          reveal: 'entering',
          animation: 'reveal-rise',
          startsHidden: true,
        });
    }
    // The cards that do enter take their turns from the first of them.
    const entering = states.filter((card) => card.reveal === 'entering');
    expect(entering.length).toBeGreaterThan(0);
    expect(entering.map((card) => card.delayMs)).toEqual(
      entering.map((_, i) => i * SERVICE_STAGGER_MS),
    );
  });

  test('case-study cards rise into place 200 ms apart', async ({ page }) => {
    await visit(page);
    const items = cards(page, caseStudiesCopy.heading);
    await expect(items).toHaveCount(3);
    await scrollUntilReveal(page, items);

    const states = await cardStates(items);
    expect(states.map((card) => [card.reveal, card.animation, card.startsHidden])).toEqual(
      [0, 1, 2].map(() => ['entering', 'reveal-lift', true]),
    );
    expect(states.map((card) => card.delayMs)).toEqual(
      [0, 1, 2].map((i) => i * CASE_STUDY_STAGGER_MS),
    );
    await motionSettled(section(page, caseStudiesCopy.heading));
    for (const item of await items.all()) await expect(item).toHaveCSS('opacity', '1');
  });

  test('on a landscape phone, too short for 20% of the services, every card shows', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 740, height: 360 });
    await visit(page);
    await scrollThrough(page);
    for (const card of await cardStates(page.locator('[data-reveal]'))) {
      expect(card.opacity).toBe('1');
    }
  });

  test('under reduced motion no card ever moves', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await visit(page);
    await scrollThrough(page);
    const all = page.locator('[data-reveal]');
    await expect(all).toHaveCount(services.length + 3);
    for (const card of await cardStates(all)) {
      expect(card).toMatchObject({ reveal: 'resting', animation: null, opacity: '1' });
    }
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
    // Each logo is read once, by its alt: its name beside it is for the eye alone.
    const read = await strip.getByRole('list').first().ariaSnapshot();
    for (const partner of partners) {
      expect(read).toContain(`img "${partner.alt}"`);
      expect(read).not.toContain(`text: ${partner.name}`);
    }
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

  test('standing still, the logos fill rows evenly: one on a desktop, two on a tablet, four on a phone', async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const rows = async () => {
      const strip = section(page, partnersCopy.heading);
      await expect(strip.getByRole('img')).toHaveCount(partners.length);
      const tops = await strip
        .getByRole('listitem')
        .evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)));
      const perRow = new Map<number, number>();
      for (const top of tops) perRow.set(top, (perRow.get(top) ?? 0) + 1);
      return [...perRow.entries()].sort(([a], [b]) => a - b).map(([, count]) => count);
    };
    // Seven logos: never six and one left alone on a row of its own at 1280 px.
    for (const [viewport, expected] of [
      [VIEWPORTS.desktop, [7]],
      [VIEWPORTS.tablet, [4, 3]],
      [VIEWPORTS.phone, [2, 2, 2, 1]],
    ] as const) {
      await page.setViewportSize(viewport);
      await visit(page);
      expect(await rows(), `logos a row at ${viewport.width} px`).toEqual(expected);
    }
  });
});
