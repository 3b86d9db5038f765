import sharp from 'sharp';
import { caseStudiesCopy } from '../../src/content/case-studies';
import { contactCopy } from '../../src/content/contact';
import { hero } from '../../src/content/hero';
import { partnersCopy } from '../../src/content/partners';
import { seo } from '../../src/content/seo';
import { servicesCopy } from '../../src/content/services';
import { expect, test } from './fixtures';
import { VIEWPORTS, inEachColorScheme, scrollThrough, section, visit } from './support/site';

/** Every section below the hero, by its heading, in page order. */
const SECTION_HEADINGS = [
  servicesCopy.heading,
  partnersCopy.heading,
  caseStudiesCopy.heading,
  contactCopy.heading,
];

/** The theme's canvas (docs/product.md#constants) as [r, g, b]. */
function canvas(colorScheme: 'light' | 'dark'): number[] {
  const hex = seo.themeColor[colorScheme];
  return [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
}

/** What a picture shows, read back from the file: its size, its mean colour, how far its pixels spread from it. */
async function picture(file: string) {
  const image = sharp(file);
  const [{ width, height }, { channels }] = await Promise.all([image.metadata(), image.stats()]);
  const rgb = channels.slice(0, 3);
  return {
    width,
    height,
    mean: rgb.map((channel) => channel.mean),
    spread: Math.max(...rgb.map((channel) => channel.stdev)),
  };
}

/**
 * Pictures for people to look at (screenshots/ is git-ignored): the whole page
 * and the first screen, at each layout width, in each theme. Each is checked
 * for what a visitor would see in it: the page's own canvas colour with content
 * on it, the hero's first screen, every section, and nothing wider than the screen.
 */
for (const [device, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`${device} at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('screenshots show the page as a visitor sees it, light and dark', async ({ page }) => {
      test.slow(); // four screenshots, two of them of the whole page
      await visit(page);
      await scrollThrough(page);
      await inEachColorScheme(page, async (colorScheme) => {
        const base = `screenshots/${viewport.width}-${colorScheme}`;

        // The first screen: the hero's promise and its call to action, with nothing pushing
        // the layout wider than the screen.
        await expect(page.getByRole('heading', { level: 1, name: hero.headline })).toBeInViewport();
        await expect(
          page.getByRole('link', { name: hero.primaryCta.label }).first(),
        ).toBeInViewport();
        const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(pageWidth, 'no sideways scrolling').toBeLessThanOrEqual(viewport.width);
        // Marquee and pulses frozen, so two runs of the same page look the same.
        await page.screenshot({ path: `${base}-viewport.png`, animations: 'disabled' });

        // The whole page: every section there and showing.
        for (const heading of SECTION_HEADINGS) {
          await expect(
            section(page, heading).getByRole('heading', { name: heading }),
          ).toBeVisible();
        }
        const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
        await page.screenshot({ path: `${base}-full.png`, fullPage: true, animations: 'disabled' });

        const first = await picture(`${base}-viewport.png`);
        const full = await picture(`${base}-full.png`);
        expect([first.width, first.height]).toEqual([viewport.width, viewport.height]);
        expect([full.width, full.height], 'the whole page, no wider').toEqual([
          viewport.width,
          pageHeight,
        ]);
        for (const [name, shot] of [
          ['first screen', first],
          ['whole page', full],
        ] as const) {
          // Mostly the theme's own canvas, whatever glows and cards sit on it: a light page
          // in the dark theme, or the reverse, is some 200 away on every channel.
          for (const [channel, value] of shot.mean.entries()) {
            expect(
              Math.abs(value - canvas(colorScheme)[channel]!),
              `${name}: ${colorScheme} canvas, channel ${channel}`,
            ).toBeLessThanOrEqual(64);
          }
          // ...with text and pictures on it: a blank or one-colour capture has no spread.
          expect(shot.spread, `${name}: something drawn on the canvas`).toBeGreaterThan(20);
        }
      });
    });
  });
}
