import { statSync } from 'node:fs';
import { expect, test } from './fixtures';
import { VIEWPORTS, inEachColorScheme, scrollThrough, visit } from './support/site';

/**
 * Pictures for people to look at (screenshots/ is git-ignored): the whole page
 * and the first screen, at each layout width, in each theme.
 */
for (const [device, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`${device} at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('screenshots are written, light and dark', async ({ page }) => {
      test.slow(); // four screenshots, two of them of the whole page
      await visit(page);
      await scrollThrough(page);
      await inEachColorScheme(page, async (colorScheme) => {
        const base = `screenshots/${viewport.width}-${colorScheme}`;
        const files = [`${base}-viewport.png`, `${base}-full.png`];
        // Marquee and pulses frozen, so two runs of the same page look the same.
        await page.screenshot({ path: files[0], animations: 'disabled' });
        await page.screenshot({ path: files[1], fullPage: true, animations: 'disabled' });
        for (const file of files) expect(statSync(file).size, file).toBeGreaterThan(10_000);
      });
    });
  });
}
