import { expect, test } from './fixtures';
import { contactCopy } from '../../src/content/contact';
import { hero } from '../../src/content/hero';
import { FIRST_VIEW_BUDGET, size } from './support/first-view-budget';
import { visit } from './support/site';

// What a phone on a slow connection must download before it can use the page:
// measured on the requests the browser really makes, sized as gzip from dist/.
test('the first view stays within its script and style budgets, all from our origin', async ({
  page,
  server,
}) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await visit(page);
  await page.waitForLoadState('networkidle');

  const origin = new URL(server.url).origin;
  expect(requested.filter((url) => new URL(url).origin !== origin)).toEqual([]);

  const assets = requested
    .map((url) => new URL(url).pathname)
    .filter((path) => /\.(js|css)$/.test(path));
  const gzip = (ext: string) =>
    assets
      .filter((path) => path.endsWith(ext))
      .reduce((sum, path) => sum + size('dist', path.slice(1)).gzip, 0);
  expect(assets.filter((path) => path.endsWith('.css'))).toHaveLength(1);
  expect(gzip('.js')).toBeGreaterThan(0);
  expect(gzip('.js')).toBeLessThanOrEqual(FIRST_VIEW_BUDGET.jsGzip);
  expect(gzip('.css')).toBeLessThanOrEqual(FIRST_VIEW_BUDGET.cssGzip);
  // The toasts and the submission client wait for the visitor to need them.
  expect(assets.filter((path) => /sonner|submit-contact/.test(path))).toEqual([]);
});

test('nothing but the one stylesheet blocks the first render', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const head = html.slice(0, html.indexOf('</head>'));
  expect(head.match(/<link rel="stylesheet"/g)).toHaveLength(1);
  // No external script in the head; the inline theme script runs in microseconds.
  expect(head).not.toMatch(/<script[^>]*\bsrc=/);
});

test('the script that hydrates the page opens with V8’s compile-everything hint', async ({
  request,
}) => {
  // The hint only works as the file's first line (vite.config.ts, compileHints).
  const html = await (await request.get('/')).text();
  const entry = html.match(/data-entry="(\/assets\/index-[\w-]+\.js)"/)?.[1];
  expect(entry).toBeDefined();
  const script = await (await request.get(entry!)).text();
  expect(script.startsWith('//# allFunctionsCalledOnLoad\n')).toBe(true);
});

test('the first render skips sections far below the hero, yet every word is there', async ({
  page,
}) => {
  // Lighthouse's phone: sections more than half a screen below the viewport wait until
  // they near it.
  await page.setViewportSize({ width: 412, height: 823 });
  await visit(page);
  const drawn = (name: string) =>
    page
      .getByRole('heading', { name, exact: true })
      .evaluate((el) => el.checkVisibility({ contentVisibilityAuto: true }));
  expect(await drawn(hero.headline)).toBe(true);
  expect(await drawn(contactCopy.heading)).toBe(false);
  // Not drawn yet, it is still in the accessibility tree for screen readers and search.
  await expect(page.getByRole('heading', { name: contactCopy.heading })).toHaveAccessibleName(
    contactCopy.heading,
  );

  // Scrolled to, it is drawn. (Where it lands shifts a little as stand-in heights give way
  // to real ones, so this is a visitor's scroll, not scrollToY's exact position.)
  await page.locator('#contact').evaluate((el) => el.scrollIntoView({ behavior: 'instant' }));
  await expect.poll(() => drawn(contactCopy.heading)).toBe(true);
});
