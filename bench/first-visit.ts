/**
 * The first visit's requests and bytes, unscrolled, at 1280 and 375 px wide:
 * what lazy images save (docs/product.md#ruling-printing). Serves the built
 * dist/ with our server on a fresh embedded database, opens the page in
 * Chromium, waits until the network is idle and prints the figures.
 *
 *   npm run build && node --import tsx bench/first-visit.ts
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { startServer } from '../server/start.ts';

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
];

const dataDir = await mkdtemp(join(tmpdir(), 'first-visit-'));
const server = await startServer({ port: 0, dataDir, logger: false });
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
});
try {
  for (const viewport of VIEWPORTS) {
    const page = await browser.newPage({ viewport });
    const sizing: Promise<{ url: string; bytes: number }>[] = [];
    page.on('requestfinished', (request) => {
      sizing.push(
        request.sizes().then((sizes) => ({
          url: request.url(),
          bytes: sizes.responseBodySize + sizes.responseHeadersSize,
        })),
      );
    });
    await page.goto(server.url, { waitUntil: 'networkidle' });
    const seen = await Promise.all(sizing);
    const images = seen.filter((entry) => /\.(svg|avif|webp|png)(\?|$)/.test(entry.url));
    const total = seen.reduce((sum, entry) => sum + entry.bytes, 0);
    const imageBytes = images.reduce((sum, entry) => sum + entry.bytes, 0);
    console.log(
      `${viewport.width} px: ${seen.length} requests, ${(total / 1024).toFixed(1)} KB ` +
        `(images: ${images.length} requests, ${(imageBytes / 1024).toFixed(1)} KB)`,
    );
    await page.close();
  }
} finally {
  await browser.close();
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
}
