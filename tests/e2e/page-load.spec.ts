import type { Page } from '@playwright/test';
import { LOADING_OVERLAY_MS } from '../../src/config/constants';
import { hero } from '../../src/content/hero';
import { expect, test } from './fixtures';
import { scrollThrough, visit } from './support/site';

test('hydrates without a single console warning or error', async ({ page, consoleProblems }) => {
  await visit(page);
  // Exercise what runs after hydration too: reveals, observers, the footer's year.
  await scrollThrough(page);
  expect(consoleProblems).toEqual([]);
});

test('the six hero dots are decorative and placed at random when the page is built', async ({
  page,
}) => {
  // The hero is static HTML (no island): its dots are drawn once, by the prerender.
  await visit(page);
  const dots = page.getByTestId('hero-dots');
  await expect(dots).toHaveAttribute('aria-hidden', 'true');
  await expect(dots.locator('span')).toHaveCount(hero.dotCount);
  // Placed at random: not all on one spot.
  const positions = await dots
    .locator('span')
    .evaluateAll((spans) => spans.map((s) => `${s.style.top},${s.style.left}`));
  expect(new Set(positions).size).toBeGreaterThan(1);
});

test('the loading spinner shows at first, then leaves on its own', async ({ page }) => {
  await page.goto('/', { waitUntil: 'commit' });
  const overlay = page.getByTestId('loading-overlay');
  await expect(overlay).toBeAttached();
  await expect(overlay).toHaveAttribute('aria-hidden', 'true');
  // Its way out is set in the stylesheet, not left to a script: after its
  // 100 ms it fades and ends hidden. The wall clock is not asserted (a busy
  // machine stretches it); the timing the browser was given is.
  await expect
    .poll(() =>
      overlay.evaluate((el) =>
        el.getAnimations().map((animation) => {
          const timing = animation.effect!.getTiming();
          return { delay: timing.delay, fill: timing.fill };
        }),
      ),
    )
    .toEqual([{ delay: LOADING_OVERLAY_MS, fill: 'forwards' }]);
  // Gone without any interaction.
  await expect(overlay).toBeHidden();
  // And it never blocks a click underneath while it fades.
  await expect(overlay).toHaveCSS('pointer-events', 'none');
  // Once gone, nothing keeps animating out of sight: a spinner turning unseen
  // would restyle the page every frame for as long as it stays open.
  await expect
    .poll(() =>
      page.evaluate(() =>
        document
          .getAnimations()
          .filter((animation) => animation.playState === 'running')
          .filter((animation) => {
            const target = (animation.effect as KeyframeEffect | null)?.target;
            return !target?.checkVisibility({ visibilityProperty: true });
          })
          .map((animation) => (animation as CSSAnimation).animationName),
      ),
    )
    .toEqual([]);
});

test('the spinner overlay covers the page at first paint', async ({ page }) => {
  // The overlay is gone LOADING_OVERLAY_MS plus a 150 ms fade after its first
  // style, by the page's animation clock. On a busy machine, DOMContentLoaded (or any other moment a test can
  // observe) may come later than that, so the clock is held at its start
  // instead: what the page shows then is what a visitor sees at first paint.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Animation.enable');
  await cdp.send('Animation.setPlaybackRate', { playbackRate: 0 });
  await page.goto('/');
  const overlay = page.getByTestId('loading-overlay');
  const atStart = await overlay.evaluate((el) => {
    const style = getComputedStyle(el);
    return {
      display: style.display,
      position: style.position,
      opacity: style.opacity,
      visibility: style.visibility,
    };
  });
  expect(atStart).toEqual({
    display: 'grid',
    position: 'fixed',
    opacity: '1',
    visibility: 'visible',
  });
  // Covering the whole viewport.
  expect(await overlay.boundingBox()).toEqual({ x: 0, y: 0, ...page.viewportSize() });

  // Once the clock runs, it leaves on its own.
  await cdp.send('Animation.setPlaybackRate', { playbackRate: 1 });
  await expect(overlay).toBeHidden();
});

/** The hero's animated parts: every element in the hero content with a CSS animation. */
const heroAnimations = (page: Page) =>
  page.getByTestId('hero-content').evaluate((root) =>
    [root, ...root.querySelectorAll('*')]
      .map((el) => getComputedStyle(el))
      .filter((style) => style.animationName !== 'none')
      .map((style) => ({ name: style.animationName, delay: style.animationDelay })),
  );

test.describe('hero content', () => {
  test('comes in 200 ms after load and ends fully visible', async ({ page }) => {
    await visit(page);
    const animations = await heroAnimations(page);
    expect(animations.length).toBeGreaterThan(0);
    for (const animation of animations) expect(animation.delay).toBe('0.2s');
    const content = page.getByTestId('hero-content');
    await expect(content.getByRole('heading', { level: 1 })).toHaveCSS('opacity', '1');
    await expect(content.getByRole('link', { name: hero.primaryCta.label })).toHaveCSS(
      'opacity',
      '1',
    );
  });

  test('does not move under reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await visit(page);
    expect(await heroAnimations(page)).toEqual([]);
    await expect(page.getByRole('heading', { level: 1, name: hero.headline })).toBeVisible();
  });
});

test('the script bundle is requested on the first contentful paint, not by the fallback timer', async ({
  page,
}) => {
  // So the largest paint (the hero's text, in that same frame) never waits for it. The
  // page's timers are held, so the 1.5 s safety net in src/boot/load-entry.ts cannot
  // fire: only the paint can bring the bundle, a moment of the page's clock later.
  // The browser's own performance timeline, kept before the fake clock stands in for it.
  await page.addInitScript(() => {
    (window as unknown as { timeline: Performance }).timeline = performance;
  });
  await page.clock.install({ time: 0 });
  await page.clock.pauseAt(1_000);
  await page.goto('/');
  const timeline = () =>
    page.evaluate(() => {
      const { timeline } = window as unknown as { timeline: Performance };
      return {
        paint: timeline.getEntriesByName('first-contentful-paint')[0]?.startTime,
        bundle: timeline
          .getEntriesByType('resource')
          .find((entry) => /\/assets\/index-[^/]+\.js$/.test(entry.name))?.startTime,
      };
    });
  await expect.poll(async () => (await timeline()).paint).toBeGreaterThan(0);
  expect((await timeline()).bundle, 'no bundle before the paint, with timers held').toBeUndefined();
  // The observer's own zero-delay hand-off, and nothing near the fallback's 1.5 s.
  await page.clock.runFor(1);
  await expect.poll(async () => (await timeline()).bundle).toBeGreaterThan(0);
  const { paint, bundle } = await timeline();
  expect(bundle).toBeGreaterThan(paint!);
});
