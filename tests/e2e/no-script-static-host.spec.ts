import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import Fastify from 'fastify';
import { staticSite } from '../../server/plugins/static-site.ts';
import { contactReplyCopy } from '../../src/content/contact-reply';
import { config } from './support/content';
import { contactForm, fillContactForm, uniqueSubmission } from './support/contact';

/**
 * The static-host topology: the build posts to hosted Supabase, and no server
 * of ours runs, so nothing can take a form sent without JavaScript. The page
 * says so, offers email and phone, and its button sends nothing: above all no
 * GET that would put the visitor's words in a URL.
 */
test.use({ javaScriptEnabled: false });
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
