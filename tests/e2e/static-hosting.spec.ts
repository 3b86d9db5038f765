import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PassThrough } from 'node:stream';
import { expect, test } from './coverage';
import { securityHeaderSet } from '../../server/headers/site-headers';
import { startServer, type RunningServer } from '../../server/start';
import { RETRY_WINDOW_MS } from '../../src/config/constants';
import { MESSAGES } from '../../shared/copy/contact-messages';
import { nativeFormPageCopy } from '../../shared/copy/native-form-pages';
import { config } from '../support/content';
import { copyMigratedDatabase } from '../support/database-template.ts';
import { contactForm, fillContactForm, SEND_BUDGET_MS, toasts } from './support/contact';
import { uniqueSubmission } from '../support/submission.ts';
import { visit } from './support/site';
import { buildSite, watchPage } from './support/static-build';
import {
  headersFor,
  parseHeadersFile,
  siteHeaders,
  startStaticHost,
  type StaticHost,
} from '../support/static-host';
import { TEST_PROOF_OF_WORK } from '../support/proof.ts';
import { SmtpSink } from '../support/smtp-sink.ts';
import { addLead, newMember } from '../support/inbox-server.ts';
import { leadLink, signIn } from './support/inbox';

/**
 * The site on a static host, posting to an API on another origin (topology 3),
 * and the same build against our server standing in for hosted Supabase's REST
 * endpoint (topology 2: same protocol, apikey and bearer token), with and
 * without JavaScript: one build, into its own directory, shared by every test here.
 * On the embedded database, as every browser test: the browser cannot tell the
 * databases apart, and tests/server/postgrest-session.test.ts and cors.test.ts
 * run the API's protocol and CORS on both.
 */
const DIST = resolve('.tmp/dist-topology3');
/** Any key: our server ignores it, hosted Supabase requires it; the client must send it. */
const ANON_KEY = 'anon-key-for-the-static-hosting-tests';
const TABLE_PATH = '/rest/v1/contact_submissions';

// One worker for the file, so the build is made once.
test.describe.configure({ mode: 'serial' });

/** The API's embedded database, and the second server's, each a copy of the migrated template. */
let dataDirs: string;
let api: RunningServer;
let apiLog = '';
let page3: StaticHost;
let elsewhere: StaticHost;
/** Where the API sends sign-in codes and lead emails. */
let sink: SmtpSink;

// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function destructures
test.beforeAll(async ({}, testInfo) => {
  // A production build on a loaded two-core machine.
  testInfo.setTimeout(240_000);
  dataDirs = mkdtempSync(join(tmpdir(), 'e2e-static-hosting-'));
  await copyMigratedDatabase(join(dataDirs, 'api'));
  sink = await SmtpSink.start();
  // Hosts first: the API must know the page's origin, and the build the API's.
  page3 = await startStaticHost(DIST);
  elsewhere = await startStaticHost(DIST);
  const log = new PassThrough();
  log.on('data', (chunk: Buffer) => (apiLog += chunk.toString()));
  api = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir: join(dataDirs, 'api'),
    distDir: join(DIST, 'not-served-here'),
    corsOrigins: [page3.url],
    logger: log,
    proofOfWork: TEST_PROOF_OF_WORK,
    smtpUrl: sink.url,
    notifyEmail: 'leads@agency.example',
  });
  await buildSite({
    DIST_DIR: DIST,
    VITE_SITE_URL: page3.url,
    VITE_SUPABASE_URL: api.url,
    VITE_SUPABASE_ANON_KEY: ANON_KEY,
  });
});

test.afterAll(async () => {
  await Promise.allSettled([api?.close(), page3?.close(), elsewhere?.close()]);
  await sink?.down();
  rmSync(DIST, { recursive: true, force: true });
  if (dataDirs) rmSync(dataDirs, { recursive: true, force: true });
});

const rowsFor = (email: string) =>
  api.query('select name, email, message from contact_submissions where email = $1', [email]);

test('a visitor on the static host sends a message to our API on another origin', async ({
  page,
}) => {
  const { problems, violations } = await watchPage(page);
  const document = page.waitForResponse(`${page3.url}/`);
  await visit(page, page3.url);
  // The policy in force is the one dist/_headers states, naming the API in connect-src.
  const rules = parseHeadersFile(readFileSync(join(DIST, '_headers'), 'utf8'));
  const policy = (await document).headers()['content-security-policy'];
  expect(policy).toBe(headersFor(rules, '/')['content-security-policy']);
  expect(policy).toContain(`connect-src 'self' ${api.url}`);

  const values = uniqueSubmission('topology3');
  const fields = contactForm(page);
  await fields.form.scrollIntoViewIfNeeded();
  await fillContactForm(page, values);
  const posting = page.waitForRequest(
    (req) => req.url().startsWith(`${api.url}${TABLE_PATH}`) && req.method() === 'POST',
  );
  await fields.submit.click();
  // null when the browser refused it (no CORS answer): fail at once, not at the timeout.
  const insert = await (await posting).response();
  if (!insert) throw new Error(`the insert failed: ${(await posting).failure()?.errorText}`);
  expect(insert.status()).toBe(201);
  expect(insert.headers()['access-control-allow-origin']).toBe(page3.url);
  // Topology 2's protocol: what supabase-js sends to hosted Supabase.
  const sent = await insert.request().allHeaders();
  expect(sent.apikey).toBe(ANON_KEY);
  expect(sent.authorization).toBe(`Bearer ${ANON_KEY}`);

  await expect(toasts(page).withText(MESSAGES.sent)).toBeVisible();
  expect(await rowsFor(values.email)).toEqual([values]);
  // The browser asked first (JSON and apikey are not "simple"), and was answered.
  expect(apiLog).toMatch(
    /"method":"OPTIONS","url":"\/rest\/v1\/contact_submissions[^"]*","statusCode":200/,
  );
  expect(await violations()).toEqual([]);
  expect(problems).toEqual([]);
});

test('a page on an origin not listed is refused by its browser, and nothing is stored', async ({
  page,
}) => {
  // A refusal by CORS looks like no answer at all to the page, so it retries for its whole
  // window before the error toast (docs/product.md#exactly-once). The page's clock passes
  // that window at once, not in 30 s of waiting: each retry still meets the refusal.
  await page.clock.install();
  const { violations } = await watchPage(page);
  await visit(page, elsewhere.url);
  const values = uniqueSubmission('elsewhere');
  const fields = contactForm(page);
  await fields.form.scrollIntoViewIfNeeded();
  // The first request to the API is the proof of work's challenge, refused alike: once from
  // the form's first focus, and again by the send.
  const refusals: string[] = [];
  page.on('requestfailed', (request) => {
    if (request.url().startsWith(`${api.url}/rest/v1/`))
      refusals.push(`${request.failure()?.errorText}`);
  });
  await fillContactForm(page, values);
  // The send's own refusal, logged inside its retry loop: only then has its window begun.
  // (Waiting for a failed request alone once caught the focus's while the send's code was
  // still loading, and the clock passed the window before it began: it failed in CI, and every
  // time with that code held 1.5 s.)
  const retrying = page.waitForEvent('console', (message) =>
    message.text().startsWith('Contact submission: no proof of work yet, will retry'),
  );
  await fields.submit.click();
  await retrying;
  expect(refusals.length).toBeGreaterThan(0);
  for (const refusal of refusals) expect(refusal).toMatch(/ERR_FAILED/);
  // Still trying, under the loading state, until the window has passed.
  await expect(fields.busy).toBeVisible();
  await page.clock.fastForward(RETRY_WINDOW_MS);
  await expect(toasts(page).withText(MESSAGES.failed)).toBeVisible({ timeout: SEND_BUDGET_MS });
  await expect(fields.email).toHaveValue(values.email);

  // What the browser saw: a preflight answer without a single CORS header.
  const preflight = await fetch(`${api.url}${TABLE_PATH}`, {
    method: 'OPTIONS',
    headers: {
      origin: elsewhere.url,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'apikey,authorization,content-type,prefer,x-client-info',
    },
  });
  expect(
    [...preflight.headers.keys()].filter((name) => name.startsWith('access-control-')),
  ).toEqual([]);
  expect(await rowsFor(values.email)).toEqual([]);
  // Refused by CORS, not by the page's own policy: the API is in connect-src.
  expect(await violations()).toEqual([]);
});

test('the agency’s inbox on the static host signs in with an emailed code and reads leads from the API on another origin', async ({
  page,
}) => {
  const { problems, violations } = await watchPage(page);
  const lead = uniqueSubmission('inbox-topology3');
  await addLead(api, lead);
  const member = await newMember(api, 'static');
  await signIn(page, { server: api, sink, close: async () => {} }, member, `${page3.url}/inbox/`);
  await expect(leadLink(page, lead.name)).toBeVisible();
  // Signed in and read through the API's auth and REST routes, across origins.
  expect(apiLog).toMatch(/"method":"OPTIONS","url":"\/auth\/v1\/otp[^"]*","statusCode":200/);
  expect(apiLog).toMatch(/"method":"GET","url":"\/rest\/v1\/inbox_list[^"]*","statusCode":200/);
  expect(await violations()).toEqual([]);
  expect(problems).toEqual([]);
});

/**
 * This build without JavaScript: it posts to hosted Supabase and no server of ours
 * runs on the static host, so nothing can take a form sent without script. The page
 * says so, offers email and phone, and its button sends nothing: above all no GET
 * that would put the visitor's words in a URL.
 */
test.describe('without JavaScript', () => {
  // Reduced motion: with `scroll-behavior: smooth`, the scrolls Playwright makes for each field
  // animate, and on a busy host one still ran after the button was brought into view, carrying
  // it out again (2 runs in 30 at two busy cores). Motion is not what this test is about.
  test.use({ javaScriptEnabled: false, reducedMotion: 'reduce' });

  test('a note with email and phone; no GET carries the fields', async ({ page }) => {
    const urls: string[] = [];
    page.on('request', (request) => urls.push(`${request.method()} ${request.url()}`));
    await page.goto(`${page3.url}/`);
    const fields = contactForm(page);
    const note = page.getByRole('note').filter({ hasText: nativeFormPageCopy.noScript });
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
  });
});

test('dist/_headers gives the static host exactly the headers our server sends', async () => {
  // The same build served by our server behind TLS (HSTS on), connecting to the same API.
  const dataDir = join(dataDirs, 'site');
  await copyMigratedDatabase(dataDir);
  const site = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    distDir: DIST,
    connectSrc: [api.url],
    trustProxy: true,
    logger: false,
  });
  try {
    const asset = readdirSync(join(DIST, 'assets')).find((name) => name.endsWith('.js'));
    expect(asset, 'the build has a hashed script').toBeDefined();
    for (const path of ['/', `/assets/${asset}`]) {
      const ours = policyHeaders(await fetch(`${site.url}${path}`));
      const theirs = policyHeaders(await fetch(`${page3.url}${path}`));
      expect(theirs, path).toEqual(ours);
      expect(Object.keys(ours)).toEqual(
        expect.arrayContaining([
          ...securityHeaderSet({ scriptHashes: [], connectSrc: [], hsts: true }).map(
            ([name]) => name,
          ),
          'cache-control',
        ]),
      );
    }
    expect(policyHeaders(await fetch(`${page3.url}/`))['cache-control']).toBe('no-cache');
    expect(policyHeaders(await fetch(`${page3.url}/assets/${asset}`))['cache-control']).toMatch(
      /immutable/,
    );
  } finally {
    await site.close();
  }
});

function policyHeaders(response: Response): Record<string, string> {
  expect(response.status).toBe(200);
  return siteHeaders(response.headers);
}
