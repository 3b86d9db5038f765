import { INBOX_MANIFEST_PATH, INBOX_SCOPE, INBOX_SW_PATH } from '../../src/config/inbox-app';
import { alertsCopy } from '../../src/inbox/alerts/alerts-copy';
import { inboxCopy } from '../../src/content/inbox';
import { addLead } from '../support/inbox-server.ts';
import { uniqueSubmission } from '../support/submission.ts';
import { cachedUrls, inboxWorker } from './support/inbox-app';
import { expect, INBOX_PATH, leadLink, signIn, test } from './support/inbox';
import { scrollThrough, visit } from './support/site';

/** The inbox installs as an app (docs/alerts.md): its manifest, its worker, its shell offline. */

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(bytes: Buffer): [number, number] {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

test('the service worker registers under /inbox/ and never on the public page', async ({
  page,
}) => {
  await visit(page);
  await scrollThrough(page);
  expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations())).toHaveLength(0);
  expect(await page.locator('link[rel="manifest"]').getAttribute('href')).not.toBe(
    INBOX_MANIFEST_PATH,
  );

  await page.goto(INBOX_PATH);
  const worker = await inboxWorker(page);
  expect(new URL(worker.url()).pathname).toBe(INBOX_SW_PATH);
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(new URL(scope).pathname).toBe(INBOX_SCOPE);

  // Back on the page: the inbox's worker is not in control of it.
  await visit(page);
  expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
});

test('the worker and the manifest are served for what they are, and the CSP names them', async ({
  request,
}) => {
  // As a browser asks: the server would otherwise pick the brotli copy's rule by its name.
  const worker = await request.get(INBOX_SW_PATH, { headers: { 'accept-encoding': 'br, gzip' } });
  expect(worker.headers()['content-type']).toMatch(/^(text|application)\/javascript/);
  expect(worker.headers()['cache-control']).toBe('no-cache');
  const manifest = await request.get(INBOX_MANIFEST_PATH);
  expect(manifest.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const policy = (await request.get(INBOX_PATH)).headers()['content-security-policy'];
  expect(policy).toContain("worker-src 'self'");
  expect(policy).toContain("manifest-src 'self'");
});

test('the inbox links a valid manifest: standalone, scoped to /inbox/, 192 and 512 px icons, one maskable', async ({
  page,
  request,
}) => {
  await page.goto(INBOX_PATH);
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe(INBOX_MANIFEST_PATH);
  const manifest = await (await request.get(href!)).json();
  expect(manifest).toMatchObject({
    name: expect.stringContaining(' inbox'),
    short_name: alertsCopy.app.shortName,
    start_url: INBOX_SCOPE,
    scope: INBOX_SCOPE,
    display: 'standalone',
    theme_color: expect.stringMatching(/^#/),
    background_color: expect.stringMatching(/^#/),
    color_scheme_dark: { theme_color: expect.stringMatching(/^#/) },
  });
  const sizes = new Set<string>();
  for (const icon of manifest.icons as { src: string; sizes: string; purpose: string }[]) {
    const response = await request.get(icon.src);
    expect(response.headers()['content-type']).toBe('image/png');
    const [width, height] = pngSize(await response.body());
    expect(`${width}x${height}`).toBe(icon.sizes);
    sizes.add(`${icon.sizes} ${icon.purpose}`);
  }
  expect([...sizes].sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  // Two theme colours, one per scheme, for the running app.
  await expect(page.locator('meta[name="theme-color"]')).toHaveCount(2);
});

test('offline, the installed inbox opens from its shell and says it is offline; no lead, token or search is in Cache Storage', async ({
  page,
  context,
  inbox,
  member,
}) => {
  const lead = uniqueSubmission('offline');
  await addLead(inbox.server, lead);
  await signIn(page, inbox, member);
  await inboxWorker(page);
  await page.getByRole('searchbox').fill(lead.name);
  await expect(leadLink(page, lead.name)).toBeVisible();

  await context.setOffline(true);
  await page.waitForFunction(() => !navigator.onLine);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: alertsCopy.offline })).toBeVisible();
  await expect(page.getByRole('heading', { name: inboxCopy.heading })).toBeVisible();

  const cached = Object.entries(await cachedUrls(page));
  expect(cached.length).toBe(1);
  const [name, urls] = cached[0]!;
  expect(name).toMatch(/^inbox-shell-/);
  expect(urls).toContain(INBOX_SCOPE);
  for (const url of urls) {
    expect(url, 'only the shell').toMatch(
      /^\/(inbox\/([\w-]+\.(png|webmanifest))?|assets\/.+\.(js|css))$/,
    );
  }
  expect(JSON.stringify(urls)).not.toMatch(/rest\/v1|auth\/v1|token|search/);

  await context.setOffline(false);
  await page.waitForFunction(() => navigator.onLine);
  await expect(page.getByText(alertsCopy.offline)).toBeHidden();
});
