import { expect, type Locator, type Page } from '@playwright/test';
import { caseStudiesCopy } from '../../../src/content/case-studies';
import { contactCopy } from '../../../src/content/contact';
import { footerCopy } from '../../../src/content/footer';
import { privacyCopy } from '../../../src/content/privacy';
import { servicesCopy } from '../../../src/content/services';
import type { ISLANDS } from '../../../src/islands/islands';
import { ISLAND_ATTRIBUTE } from '../../../src/islands/markers';
import { HYDRATED_ATTRIBUTE } from '../../../src/lib/hydration-marker';

/** The privacy notice, opened as a visitor opens it: by the footer's Privacy Policy link. */
export async function openPrivacyNotice(page: Page): Promise<Locator> {
  await page.getByRole('contentinfo').getByRole('link', { name: footerCopy.privacyLabel }).click();
  const notice = page.getByRole('dialog', { name: privacyCopy.title });
  await expect(notice).toBeVisible();
  return notice;
}

/** docs/product.md#constants: narrow phone and large desktop, plus the tablet width where layouts change. */
export const VIEWPORTS = {
  phone: { width: 375, height: 740 },
  tablet: { width: 768, height: 1024 },
  desktop: { width: 1280, height: 800 },
} as const;

/**
 * Waits for the page's own signal (src/lib/hydration-marker.ts) that every island's trigger is
 * armed, so a first tap on any island is held and replayed, and the islands due at load have
 * hydrated. Islands that hydrate later (on view, scroll or interaction) have a mark of their own:
 * waitForIsland.
 */
async function waitForHydration(page: Page) {
  // The loader is fetched after first paint: allow a busy CPU.
  await expect(page.locator('html')).toHaveAttribute(HYDRATED_ATTRIBUTE, '', { timeout: 10_000 });
}

/** The islands of src/app.tsx, by the name in their marker. */
export type IslandName = keyof typeof ISLANDS;

/** An island's marker (src/islands/island.tsx). */
export function island(page: Page, name: IslandName): Locator {
  return page.locator(`[${ISLAND_ATTRIBUTE}="${name}"]`);
}

/**
 * The loader every island's hydration imports first (src/islands/hydrate-island.tsx):
 * a test that holds or refuses it holds or refuses every island's code.
 */
export const ISLAND_LOADER_URL = /\/assets\/hydrate-island-[\w-]+\.js$/;

/** Waits until one island has hydrated (its own data-hydrated mark). */
export async function waitForIsland(page: Page, name: IslandName) {
  // Its code and react-dom are fetched when its trigger fires: allow a busy CPU.
  await expect(island(page, name)).toHaveAttribute(HYDRATED_ATTRIBUTE, '', { timeout: 10_000 });
}

/** Waits until the page is interactive and the spinner has gone. */
async function untilReady(page: Page) {
  await waitForHydration(page);
  await expect(page.getByTestId('loading-overlay')).toBeHidden();
}

/** Opens the page as a visitor would and waits until it is ready. */
export async function visit(page: Page, path = '/') {
  await page.goto(path);
  await untilReady(page);
}

/** Each in-page anchor and the heading of the section it leads to. */
const SECTION_HEADINGS: Record<string, string> = {
  '#services': servicesCopy.heading,
  '#case-studies': caseStudiesCopy.heading,
  '#contact': contactCopy.heading,
};

function sectionHeading(href: string): string {
  const heading = SECTION_HEADINGS[href];
  if (!heading) throw new Error(`no section is known for ${href}`);
  return heading;
}

/** Reloads the page as a visitor would (F5) and waits as `visit` does. */
export async function reload(page: Page) {
  await page.reload();
  await untilReady(page);
}

/** The header's theme control, whatever theme it names ("Theme: System (light)", …). */
export function themeToggle(page: Page): Locator {
  return page.getByRole('banner').getByRole('button', { name: /^Theme:/ });
}

/** The page's sections, found by their headings' accessible names. */
export function section(page: Page, name: string | RegExp): Locator {
  return page.getByRole('region', { name });
}

/**
 * Images that show and have not loaded. A logo the marquee holds outside its
 * strip (clipped away to the side) shows nowhere, and a lazy image there loads
 * only when the loop slides it in: it is not counted. Runs in the page.
 */
export function unloadedImages(): string[] {
  const clippedAway = (img: HTMLImageElement) => {
    const box = img.getBoundingClientRect();
    for (let el = img.parentElement; el; el = el.parentElement) {
      if (getComputedStyle(el).overflowX === 'visible') continue;
      const clip = el.getBoundingClientRect();
      if (box.right <= clip.left || box.left >= clip.right) return true;
    }
    return false;
  };
  return [...document.images]
    .filter((img) => !(img.complete && img.naturalWidth > 0) && !clippedAway(img))
    .map((img) => img.currentSrc || img.src);
}

/**
 * Scrolls down the page a screen at a time (so every reveal fires and every lazy
 * image loads), then back to the top: what a full-page capture tool does first.
 */
export async function scrollThrough(page: Page) {
  // Endless loops held at their start, as a capture holds them (Playwright's animations:
  // 'disabled'): the logos the strip shows are then the ones that load as it passes.
  await page.evaluate(() => {
    for (const animation of document.getAnimations()) {
      if (animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY) continue;
      animation.currentTime = 0;
      animation.pause();
    }
  });
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const step = page.viewportSize()!.height * 0.6;
  for (let y = 0; y <= height; y += step) await scrollAndRender(page, y);
  await expect
    .poll(() => page.evaluate(unloadedImages), { message: 'lazy images still loading' })
    .toEqual([]);
  await motionSettled(page.locator('body'));
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await motionSettled(page.locator('body'));
}

/**
 * Scrolls to `top` at once and waits for two renderings: the observers report after one, React
 * commits after that. Frames, not a time. Should the page stop rendering while its script still
 * runs (seen once under load: a test timed out waiting for a frame), it fails after 40 s saying
 * what the page was doing, where a bare wait only ran into the test's timeout.
 */
export async function scrollAndRender(page: Page, top: number) {
  const stalled = await page.evaluate(async (y) => {
    window.scrollTo({ top: y, behavior: 'instant' });
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    let timer = 0;
    const stall = new Promise<string>((resolve) => {
      timer = window.setTimeout(() => {
        const state = `visibility ${document.visibilityState}, focus ${document.hasFocus()}`;
        resolve(`no frame in 40 s at scrollY ${window.scrollY}: ${state}`);
      }, 40_000);
    });
    const rendered = frame()
      .then(frame)
      .then(() => null);
    return Promise.race([rendered, stall]).finally(() => clearTimeout(timer));
  }, top);
  if (stalled) throw new Error(stalled);
}

/** Instant scroll, bypassing the page's smooth scrolling, for tests that need a position now. */
export async function scrollToY(page: Page, top: number) {
  await page.evaluate((y) => window.scrollTo({ top: y, behavior: 'instant' }), top);
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(top);
}

/**
 * A section's heading is on screen and not tucked under the fixed navigation bar, its
 * section's top at its scroll margin, just below the nav (unless the page has run out of
 * room to scroll). Waits for that state, not for a pause: a busy CPU can stall smooth
 * scrolling for longer than any fixed interval.
 */
export async function expectSectionReached(page: Page, href: string) {
  const heading = page.getByRole('heading', { level: 2, name: sectionHeading(href) });
  await expect
    .poll(
      () =>
        page.locator(href).evaluate((target) => {
          const top = target.getBoundingClientRect().top;
          const margin = parseFloat(getComputedStyle(target).scrollMarginTop);
          const atBottom =
            Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight;
          // At the bottom the section can only sit below its margin; above it means
          // the page is still scrolling up towards it.
          return Math.abs(top - margin) <= 2 || (atBottom && top > margin);
        }),
      { message: `${href} lands at its scroll margin` },
    )
    .toBe(true);
  await expect(heading).toBeInViewport();
  const navBottom = (await page.getByRole('banner').boundingBox())!.height;
  const headingTop = (await heading.boundingBox())!.y;
  expect(headingTop, `${href} heading clears the fixed nav`).toBeGreaterThanOrEqual(navBottom - 1);
}

/**
 * Resolves once nothing inside `region` is moving except endless loops (the
 * marquee): transitions such as a theme change and entrances such as a section's
 * card reveal have landed.
 */
export async function motionSettled(region: Locator) {
  await expect
    .poll(
      () =>
        region.evaluate((el) =>
          el
            .getAnimations({ subtree: true })
            .filter(
              (a) =>
                a.playState === 'running' &&
                a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY,
            )
            .map((a) => {
              const target = (a.effect as KeyframeEffect).target?.nodeName;
              if (a instanceof CSSTransition) return `${target} transition ${a.transitionProperty}`;
              if (a instanceof CSSAnimation) return `${target} animation ${a.animationName}`;
              return `${target} ${a.constructor.name}`;
            }),
        ),
      { message: 'CSS transitions or animations still running', timeout: 10_000 },
    )
    .toEqual([]);
}

/**
 * Runs `check` in the light theme, then the dark one. The theme follows the
 * system live, so one visit serves both.
 */
export async function inEachColorScheme(
  page: Page,
  check: (colorScheme: 'light' | 'dark') => Promise<void>,
) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
    await motionSettled(page.locator('body'));
    await check(colorScheme);
  }
}
