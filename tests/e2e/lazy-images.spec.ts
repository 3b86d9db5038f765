import { caseStudies, caseStudiesCopy } from '../../src/content/case-studies';
import { partners } from '../../src/content/partners';
import { expect, test } from './fixtures';
import { VIEWPORTS, section, visit } from './support/site';

/**
 * The partner logos and case-study images are lazy-loaded, as the spec says:
 * a first visit that is not scrolled fetches none of them, and they arrive as
 * the visitor scrolls to them (bench/first-visit.ts prints what it saves).
 */
const imageRequests = (page: import('@playwright/test').Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => /\/(logos|images\/case-studies)\//.test(path)),
  );

for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.phone]) {
  test(`an unscrolled first visit fetches no logo or case-study image at ${viewport.width} px`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await visit(page);
    await expect(page.locator('img[loading="lazy"]')).toHaveCount(
      2 * partners.length + caseStudies.length,
    );
    expect(await imageRequests(page)).toEqual([]);

    const studies = section(page, caseStudiesCopy.heading);
    await studies.scrollIntoViewIfNeeded();
    for (const study of caseStudies) {
      await expect
        .poll(() =>
          studies
            .getByRole('img', { name: study.alt })
            .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
        )
        .toBe(true);
    }
    expect((await imageRequests(page)).length).toBeGreaterThan(0);
  });
}
