import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import sharp, { type Region } from 'sharp';
import { caseStudies, caseStudiesCopy } from '../../src/content/case-studies';
import { contactCopy } from '../../src/content/contact';
import { footerColumns } from '../../src/content/footer';
import { hero } from '../../src/content/hero';
import { navCopy } from '../../src/content/navigation';
import { partners, partnersCopy } from '../../src/content/partners';
import { services, servicesCopy } from '../../src/content/services';
import { expect, test } from './fixtures';
import { config } from '../support/content';
import { VIEWPORTS, scrollThrough, unloadedImages, visit } from './support/site';

// scripts/test.mjs says so loudly when it skips this for want of poppler-utils (never under CI).
test.skip(process.env.SKIP_PDFTOTEXT === '1', 'pdftotext (poppler-utils) is not installed');

/** The PDF's text, page by page, as Debian's poppler-utils reads it back. */
async function pdfPages(pdf: Buffer): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'print-'));
  try {
    const file = join(dir, 'page.pdf');
    await writeFile(file, pdf);
    const { stdout } = await promisify(execFile)('pdftotext', [file, '-']);
    // Lines wrap differently on paper: compare words, not lines.
    return stdout.split('\f').map((text) => text.replace(/\s+/g, ' ').trim());
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The images a PDF holds, as `pdfimages -list` (poppler-utils) lists them. */
async function pdfImages(pdf: Buffer): Promise<{ width: number; height: number; color: string }[]> {
  const dir = await mkdtemp(join(tmpdir(), 'print-'));
  try {
    const file = join(dir, 'page.pdf');
    await writeFile(file, pdf);
    const { stdout } = await promisify(execFile)('pdfimages', ['-list', file]);
    return stdout
      .split('\n')
      .slice(2)
      .map((line) => line.trim().split(/\s+/))
      .filter((cells) => cells[2] === 'image')
      .map((cells) => ({ width: Number(cells[3]), height: Number(cells[4]), color: cells[5]! }));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const count = (text: string, part: string) => text.split(part).length - 1;

test.describe('printing and saving as PDF', () => {
  test('every word prints, the navigation once and no floating call to action', async ({
    page,
  }) => {
    await visit(page);
    // Fresh from load: the cards below the fold have not been revealed yet.
    const pages = await pdfPages(await page.pdf());
    const text = pages.join(' ');

    const mustPrint = [
      hero.headline,
      servicesCopy.heading,
      servicesCopy.websiteHeading,
      servicesCopy.aiHeading,
      ...services.map((service) => service.title),
      partnersCopy.heading,
      caseStudiesCopy.heading,
      ...caseStudies.map((study) => study.title),
      contactCopy.heading,
      config.contactEmail,
      config.contactPhone,
      ...footerColumns.flatMap((column) => [column.title, ...column.links.map((l) => l.label)]),
    ];
    for (const words of mustPrint) expect(text, `“${words}” is printed`).toContain(words);

    expect(pages[0], 'the floating call to action is not on the first page').not.toContain(
      navCopy.floatingCta,
    );
    expect(text, 'the floating call to action is not printed').not.toContain(navCopy.floatingCta);
    // The wordmark shows in the navigation and in the footer, and the brand in the
    // copyright line: a navigation repeated on each page would add one per page.
    const brandOnScreen = await page.evaluate(
      (brand) => document.body.innerText.split(brand).length - 1,
      config.brandName,
    );
    expect(count(text, config.brandName), 'the navigation prints once').toBe(brandOnScreen);
    expect(pages[0]).toContain(config.brandName);
  });

  for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.phone]) {
    test(`a PDF made straight after load holds every image, lazy ones too, at ${viewport.width} px`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await visit(page);
      const loaded = () =>
        page.evaluate(() =>
          [...document.querySelectorAll('img')].map((img) => img.complete && img.naturalWidth > 0),
        );
      // On screen, below the fold, they wait for the visitor.
      const lazy = await page.locator('img[loading="lazy"]').count();
      expect(lazy).toBe(2 * partners.length + caseStudies.length);
      expect((await loaded()).filter(Boolean)).toHaveLength(0);

      // Printing fetches every one of them, unscrolled. A print preview waits for them;
      // DevTools' printToPDF (page.pdf) does not, so the file is made again once they are in.
      await page.pdf();
      await expect.poll(loaded).toEqual(Array.from({ length: lazy }, () => true));
      const pdf = await page.pdf();
      // The case-study pictures are in the file as colour images (the logos are SVG:
      // they print as drawing, not as images).
      const colourImages = (await pdfImages(pdf)).filter((image) => image.color !== 'gray');
      expect(colourImages.length).toBeGreaterThanOrEqual(caseStudies.length);
    });
  }
});

/**
 * What must be drawn, as boxes on the full page: each section, each card and
 * each card's picture (a case study's hidden back face aside). The logos slide
 * under a fading mask, so they are checked as loaded instead.
 */
async function drawnBoxes(page: Page) {
  return page.evaluate(() => {
    const box = (el: Element, name: string) => {
      const rect = el.getBoundingClientRect();
      return {
        name,
        left: Math.round(rect.left + window.scrollX),
        top: Math.round(rect.top + window.scrollY),
        width: Math.round(rect.width),
        height: Math.round(rect.height),
      };
    };
    const sections = [
      ...document.querySelectorAll('main section:not(section section), body footer'),
    ].map((el) => box(el, `section ${el.getAttribute('aria-labelledby') ?? el.tagName}`));
    const cards = [...document.querySelectorAll('[data-reveal]')].map((el, i) =>
      box(el, `card ${i + 1}`),
    );
    const pictures = [...document.querySelectorAll('[data-reveal] img')]
      .filter((img) => !img.closest('[inert]'))
      .map((img) => box(img, `picture ${img.getAttribute('alt')}`));
    return [...sections, ...cards, ...pictures].filter((b) => b.width > 0 && b.height > 0);
  });
}

/** Share of a region's pixels that differ clearly from the page background. */
async function inkShare(image: Buffer, region: Region, background: number[]) {
  const { data, info } = await sharp(image)
    .extract(region)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let inked = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    const distance =
      Math.abs(data[i]! - background[0]!) +
      Math.abs(data[i + 1]! - background[1]!) +
      Math.abs(data[i + 2]! - background[2]!);
    if (distance > 40) inked++;
  }
  return inked / (info.width * info.height);
}

/** Even the sparest box (the logo strip) has well over this share of ink. */
const MIN_INK_SHARE = 0.02;

async function expectAllDrawn(page: Page, when: string) {
  const background = await page.evaluate(() =>
    getComputedStyle(document.body).backgroundColor.match(/\d+/g)!.slice(0, 3).map(Number),
  );
  // Before the capture: it plays the paused marquee again afterwards, sliding in other logos.
  expect(await page.evaluate(unloadedImages), `${when}: every image has loaded`).toEqual([]);
  const image = await page.screenshot({ fullPage: true, animations: 'disabled' });
  const { width, height } = await sharp(image).metadata();
  const boxes = await drawnBoxes(page);
  expect(boxes.filter((b) => b.name.startsWith('section')).length).toBeGreaterThanOrEqual(6);
  expect(boxes.filter((b) => b.name.startsWith('picture')).length).toBeGreaterThanOrEqual(3);
  for (const box of boxes) {
    const region = {
      left: box.left,
      top: box.top,
      width: Math.min(box.width, width! - box.left),
      height: Math.min(box.height, height! - box.top),
    };
    const share = await inkShare(image, region, background);
    expect(share, `${when}: ${box.name} is drawn`).toBeGreaterThan(MIN_INK_SHARE);
  }
}

test.describe('a full-page screenshot', () => {
  for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.phone]) {
    test(`has no blank section, card or picture at ${viewport.width} px`, async ({ page }) => {
      test.slow(); // a capture of the whole page
      await page.setViewportSize(viewport);
      await visit(page);
      // A full-page capture tool scrolls first, so lazy images load (docs/product.md#ruling-printing).
      await scrollThrough(page);
      await expectAllDrawn(page, 'after scrolling through');
    });
  }
});
