import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './coverage';
import { startServer, type RunningServer } from '../../server/start';
import { contactCopy } from '../../src/content/contact';
import { MESSAGES } from '../../shared/copy/contact-messages';
import { nativeFormPageCopy } from '../../shared/copy/native-form-pages';
import { copyMigratedDatabase } from '../support/database-template.ts';
import { freePort } from '../support/free-port.ts';
import { uniqueSubmission } from '../support/submission.ts';
import { startStaticHost, type StaticHost } from '../support/static-host';
import { contactForm, fillContactForm } from './support/contact';
import { buildSite } from './support/static-build';

/**
 * Topology 3 without JavaScript (README, VITE_API_URL): the page on a static
 * host, our server as its API on another origin. The page's policy lets the
 * form post there (form-action), the API stores the lead and confirms it with
 * its reference, and its pages, a refusal's too, lead back to the site the form
 * was on. A build of its own: the other static-host build posts to a
 * Supabase-shaped API, whose page has no form to send without script.
 */
const DIST = mkdtempSync(join(tmpdir(), 'e2e-own-api-dist-'));
const DATA = mkdtempSync(join(tmpdir(), 'e2e-own-api-data-'));

let site: StaticHost;
let api: RunningServer;

test.describe.configure({ mode: 'serial' });
test.use({ javaScriptEnabled: false, reducedMotion: 'reduce' });

// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function destructures
test.beforeAll(async ({}, testInfo) => {
  // A production build on a loaded two-core machine.
  testInfo.setTimeout(240_000);
  // Files are read per request: the host may start before the build fills the directory.
  site = await startStaticHost(DIST);
  // The build names the API, and the API serves the build's reply pages: the API's port first.
  const apiPort = await freePort();
  await buildSite({
    DIST_DIR: DIST,
    VITE_SITE_URL: site.url,
    VITE_API_URL: `http://127.0.0.1:${apiPort}`,
  });
  await copyMigratedDatabase(DATA);
  api = await startServer({
    port: apiPort,
    host: '127.0.0.1',
    dataDir: DATA,
    distDir: DIST,
    corsOrigins: [site.url],
    logger: false,
  });
});

test.afterAll(async () => {
  await Promise.allSettled([api?.close(), site?.close()]);
  rmSync(DIST, { recursive: true, force: true });
  rmSync(DATA, { recursive: true, force: true });
});

test('a static page posting to our API elsewhere: stored, confirmed, and led back to the site', async ({
  page,
}) => {
  await page.goto(`${site.url}/`);
  const fields = contactForm(page);
  await expect(fields.form).toHaveAttribute('action', `${api.url}/contact`);
  const submission = uniqueSubmission('own-api-noscript');
  await fillContactForm(page, submission);
  await fields.submit.click();
  await expect(page).toHaveURL(
    new RegExp(
      `^${api.url}/contact/sent/FD-[0-9A-Z]{4}-[0-9A-Z]{4}\\?site=${encodeURIComponent(site.url)}$`,
    ),
  );
  await expect(page.getByText(MESSAGES.sent)).toBeVisible();
  await expect(page.getByRole('link', { name: nativeFormPageCopy.backLink })).toHaveAttribute(
    'href',
    `${site.url}/`,
  );
  expect(
    await api.query('select name, email, message from contact_submissions where email = $1', [
      submission.email,
    ]),
  ).toEqual([submission]);
});

test('a refusal is the API’s page: it keeps the words and leads back to the site', async ({
  page,
}) => {
  await page.goto(`${site.url}/`);
  const submission = uniqueSubmission('own-api-refused');
  // A name of spaces passes the browser's `required`, and not the API.
  await fillContactForm(page, { ...submission, name: '   ' });
  await contactForm(page).submit.click();
  await expect(page).toHaveURL(`${api.url}/contact`);
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.empty.name);
  await expect(page.getByRole('link', { name: nativeFormPageCopy.backLink })).toHaveAttribute(
    'href',
    `${site.url}/`,
  );
  await expect(page.getByRole('textbox', { name: contactCopy.form.messageLabel })).toHaveValue(
    submission.message,
  );
  expect(
    await api.query('select 1 from contact_submissions where email = $1', [submission.email]),
  ).toEqual([]);
});
