import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startServer, type RunningServer } from '../../server/start.ts';
import { freePort } from '../support/free-port.ts';
import { contactCopy, MESSAGES } from '../../src/content/contact';
import { contactReplyCopy } from '../../src/content/contact-reply';
import { submissionReference } from '../../contact/reference';
import { contactForm, fillContactForm, SEND_BUDGET_MS } from './support/contact';
import { uniqueSubmission } from '../support/submission.ts';
import { buildSite } from './support/static-build';
import { startStaticHost } from '../support/static-host';
import { TEST_PROOF_OF_WORK } from '../support/proof.ts';

// Reduced motion: with `scroll-behavior: smooth`, the scrolls Playwright makes for each field
// animate, and on a busy host one still ran after the button was brought into view, carrying it
// out again (2 runs in 30 at two busy cores). Motion is not what this test is about.
test.use({ javaScriptEnabled: false, reducedMotion: 'reduce' });
// A whole production build on a loaded machine.
test.describe.configure({ timeout: 600_000 });

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
