import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import Fastify from 'fastify';
import { staticSite } from '../../server/plugins/static-site.ts';
import { startServer, type RunningServer } from '../../server/start.ts';
import { freePort } from '../support/free-port.ts';
import { contactCopy } from '../../src/content/contact';
import { MESSAGES } from '../../contact/copy/contact-messages';
import { contactReplyCopy } from '../../contact/copy/reply-pages';
import { submissionReference } from '../../contact/reference';
import { config } from '../support/content';
import { contactForm, fillContactForm, SEND_BUDGET_MS } from './support/contact';
import { uniqueSubmission } from '../support/submission.ts';
import { buildSite } from './support/static-build';
import { startStaticHost } from '../support/static-host';
import { TEST_PROOF_OF_WORK } from '../support/proof.ts';

/**
 * The static-host topology: the build posts to hosted Supabase, and no server
 * of ours runs, so nothing can take a form sent without JavaScript. The page
 * says so, offers email and phone, and its button sends nothing: above all no
 * GET that would put the visitor's words in a URL.
 */
// Reduced motion: with `scroll-behavior: smooth`, the scrolls Playwright makes for each field
// animate, and on a busy host one still ran after the button was brought into view, carrying it
// out again (2 runs in 30 at two busy cores). Motion is not what this test is about.
test.use({ javaScriptEnabled: false, reducedMotion: 'reduce' });
// A whole production build on a loaded machine.
test.describe.configure({ timeout: 600_000 });

test('a static-host build without JavaScript: a note with email and phone; no GET carries the fields', async ({
  page,
}) => {
  const outDir = await mkdtemp(join(tmpdir(), 'static-host-'));
  await promisify(execFile)(process.execPath, ['scripts/build.mjs'], {
    env: {
      ...process.env,
      DIST_DIR: outDir,
      VITE_SUPABASE_URL: 'https://project.supabase.co',
      VITE_SUPABASE_ANON_KEY: 'public-anon-key',
    },
  });
  // Any static host: files only; a POST finds nothing.
  const host = Fastify();
  await host.register(staticSite, { distDir: outDir });
  await host.listen({ port: 0, host: '127.0.0.1' });
  const urls: string[] = [];
  page.on('request', (request) => urls.push(`${request.method()} ${request.url()}`));
  try {
    const url = `http://127.0.0.1:${(host.server.address() as AddressInfo).port}/`;
    await page.goto(url);
    const fields = contactForm(page);
    const note = page.getByRole('note').filter({ hasText: contactReplyCopy.noScript });
    await expect(note.getByRole('link', { name: config.contactEmail })).toBeVisible();
    await expect(note.getByRole('link', { name: config.contactPhone })).toBeVisible();
    await expect(fields.form).toHaveAttribute('method', 'post');
    await expect(fields.submit).toBeDisabled();

    const submission = uniqueSubmission('static');
    await fillContactForm(page, submission);
    // A forced click skips Playwright's waiting: the button is first where the visitor clicks.
    await fields.submit.scrollIntoViewIfNeeded();
    await expect(fields.submit).toBeInViewport();
    await fields.submit.click({ force: true });
    await fields.name.press('Enter');
    // A submission would have navigated before this load of the same page completes.
    await page.reload();
    await expect(fields.submit).toBeDisabled();
    expect(urls.filter((entry) => entry.includes('?') || !entry.startsWith('GET'))).toEqual([]);
    expect(urls.filter((entry) => entry.includes(encodeURIComponent(submission.email)))).toEqual(
      [],
    );
  } finally {
    await host.close();
    await rm(outDir, { recursive: true, force: true });
  }
});

/**
 * Topology 3 without JavaScript: the page on a static host (served with its
 * dist/_headers), our server as the API on another origin. The page's policy
 * lets the form post there, the API stores the row and answers with its
 * confirmation and reference; that page and a refusal page lead back to the site.
 */
test('a static page posting to our API elsewhere, without JavaScript: stored and confirmed', async ({
  page,
}) => {
  const outDir = await mkdtemp(join(tmpdir(), 'static-api-'));
  const dataDir = await mkdtemp(join(tmpdir(), 'static-api-data-'));
  // Files are read per request: the host may start before the build fills the directory.
  const site = await startStaticHost(outDir);
  // The build names the API, and the API serves the build's reply pages: the API's port first.
  const apiPort = await freePort();
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  let api: RunningServer | undefined;
  const problems: string[] = [];
  page.on('console', (message) => problems.push(`${message.type()}: ${message.text()}`));
  try {
    await buildSite({ DIST_DIR: outDir, VITE_SITE_URL: site.url, VITE_API_URL: apiUrl });
    api = await startServer({
      port: apiPort,
      host: '127.0.0.1',
      dataDir,
      distDir: outDir,
      corsOrigins: [site.url],
      logger: false,
      proofOfWork: TEST_PROOF_OF_WORK,
    });
    const policy = (await fetch(`${site.url}/`)).headers.get('content-security-policy');
    expect(policy).toContain(`form-action 'self' ${apiUrl}`);

    await page.goto(`${site.url}/`);
    const fields = contactForm(page);
    await expect(fields.form).toHaveAttribute('action', `${apiUrl}/contact`);
    const submission = uniqueSubmission('topology3-noscript');
    await fillContactForm(page, submission);
    await fields.submit.click();
    await expect(page).toHaveURL(/\/contact\/sent\//, { timeout: SEND_BUDGET_MS });
    const [stored] = await api.query(
      'select name, email, message, submission_key::text as key from contact_submissions where email = $1',
      [submission.email],
    );
    expect(stored).toMatchObject(submission);
    // The API's confirmation, with the reference the agency's email carries; its links lead
    // back to the site, and nothing of the visitor's is in its URL.
    const reference = submissionReference(String(stored!.key));
    await expect(page).toHaveURL(
      `${apiUrl}/contact/sent/${reference}?site=${encodeURIComponent(site.url)}`,
    );
    await expect(page.getByText(MESSAGES.sent)).toBeVisible();
    await expect(page.getByText(`${contactReplyCopy.referenceLead} ${reference}`)).toBeVisible();
    await expect(page.getByRole('link', { name: contactReplyCopy.backLink })).toHaveAttribute(
      'href',
      `${site.url}/`,
    );
    // Only a configured origin: a link naming another leads nowhere but the API's own root.
    await page.goto(
      `${apiUrl}/contact/sent/${reference}?site=${encodeURIComponent('https://evil.example')}`,
    );
    await expect(page.getByRole('link', { name: contactReplyCopy.backLink })).toHaveAttribute(
      'href',
      '/',
    );

    // A refusal (a name of spaces passes the browser's `required`) is the API's page, whose
    // links lead back to the site, and which keeps the visitor's words.
    await page.goto(`${site.url}/`);
    await fillContactForm(page, { ...submission, name: '   ' });
    await contactForm(page).submit.click();
    await expect(page).toHaveURL(`${apiUrl}/contact`);
    await expect(page.getByRole('alert')).toHaveText(MESSAGES.missing);
    await expect(page.getByRole('link', { name: contactReplyCopy.backLink })).toHaveAttribute(
      'href',
      `${site.url}/`,
    );
    await expect(page.getByRole('textbox', { name: contactCopy.form.messageLabel })).toHaveValue(
      submission.message,
    );
    expect(problems.filter((line) => /Content Security Policy/i.test(line))).toEqual([]);
  } finally {
    await api?.close();
    await site.close();
    await rm(outDir, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  }
});
