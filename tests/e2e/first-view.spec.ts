import { expect, test } from './fixtures';
import { readFileSync } from 'node:fs';
import { FIRST_VIEW_BUDGET, REACT_DOM_SIGNATURE, size } from '../support/first-view-budget.ts';
import { visit } from './support/site';
import { MESSAGES } from '../../shared/copy/contact-messages';

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
  // The toasts, the submission client and the thanks' reply time wait for the visitor to need them.
  expect(assets.filter((path) => /sonner|submit-contact|response-sentence/.test(path))).toEqual([]);
  // React's DOM renderer waits for the first island to hydrate (a scroll or a tap), and the
  // form's rules and words (shared/validation.ts) come with the form: a helper of the saved
  // message's once pulled them into the loader, 1.2 KB more of first view.
  const scripts = assets.filter((path) => path.endsWith('.js'));
  const holding = (signature: string) =>
    scripts.filter((path) => readFileSync(`dist${path}`, 'utf8').includes(signature));
  expect(holding(REACT_DOM_SIGNATURE)).toEqual([]);
  expect(holding(MESSAGES.invalidEmail)).toEqual([]);
});

test('nothing but the one stylesheet blocks the first render', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const head = html.slice(0, html.indexOf('</head>'));
  expect(head.match(/<link rel="stylesheet"/g)).toHaveLength(1);
  // No external script in the head; the inline theme script runs in microseconds.
  expect(head).not.toMatch(/<script[^>]*\bsrc=/);
});
