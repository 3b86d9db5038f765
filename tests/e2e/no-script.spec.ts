import type { Browser, Page } from '@playwright/test';
import { test as base, expect } from './coverage';
import { contactCopy } from '../../src/content/contact';
import { seo } from '../../src/content/seo';
import { nativeFormPageCopy } from '../../shared/copy/native-form-pages';
import { MESSAGES } from '../../shared/copy/contact-messages';
import { CONTACT_FIELDS, LIMITS, type ContactField } from '../../shared/validation';
import { submissionReference } from '../../shared/reference';
import { config, mailtoHref, telHref } from '../support/content';
import { contactForm, fillContactForm } from './support/contact';
import { uniqueSubmission } from '../support/submission.ts';
import { crossSitePage } from './support/cross-site-page';
import { violations } from './support/axe';
import { inEachColorScheme } from './support/site';
import {
  emailsAbout,
  NOTIFY_EMAIL,
  noScriptWorkerFixtures,
  startNoScriptServer,
  type NoScriptServer,
  type NoScriptWorkerFixtures,
  type ServerOptions,
} from './support/no-script-server';

/**
 * The visitor whose JavaScript never arrived (a flaky connection, a blocked
 * script, a tap before hydration): the form still sends, by POST only, and
 * nothing personal reaches a URL or a log line. On the embedded database only:
 * the pages are the same on either, and tests/server/native-form.test.ts runs
 * the route, its refusals and its 503 with the database gone on both.
 */
const test = base.extend<
  {
    urls: string[];
    /** A server of its own for one test (a low rate limit, a database to stop). */
    start: (options?: ServerOptions) => Promise<NoScriptServer>;
  },
  NoScriptWorkerFixtures
>({
  javaScriptEnabled: false,
  ...noScriptWorkerFixtures,
  /** Every URL the page requested or navigated to. */
  urls: async ({ page }, use) => {
    const urls: string[] = [];
    page.on('request', (request) => urls.push(request.url()));
    page.on('framenavigated', (frame) => urls.push(frame.url()));
    await use(urls);
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function destructures
  start: async ({}, use) => {
    const started: NoScriptServer[] = [];
    await use(async (options) => {
      const server = await startNoScriptServer(options);
      started.push(server);
      return server;
    });
    for (const server of started) await server.close();
  },
});

// A test may start a server of its own (a copy of the build, a fresh database) on a loaded machine.
test.describe.configure({ timeout: 120_000 });

type Submission = ReturnType<typeof uniqueSubmission>;

async function rowsOf(site: NoScriptServer, submission: Submission) {
  const email = submission.email.replace(/'/g, "''");
  return site.query(
    `select name, email, message from public.contact_submissions where email = '${email}'`,
  );
}

/**
 * The words a visitor typed, as they would appear raw or encoded in a URL or a log.
 * A field of spaces only says nothing about anyone, and spaces are in every log line.
 */
function traces(submission: Submission): string[] {
  const words = Object.values(submission).filter((value) => value.trim() !== '');
  return words.flatMap((value) => [
    value,
    encodeURIComponent(value),
    new URLSearchParams({ v: value }).toString().slice(2),
  ]);
}

function expectNoneContains(haystack: string[], submission: Submission) {
  for (const trace of traces(submission)) {
    expect(haystack.filter((entry) => entry.includes(trace))).toEqual([]);
  }
}

async function send(page: Page) {
  await contactForm(page).submit.click();
  await page.waitForLoadState();
}

const LABELS: Record<ContactField, string> = {
  name: contactCopy.form.nameLabel,
  email: contactCopy.form.emailLabel,
  message: contactCopy.form.messageLabel,
};

/** A field of the form a refusal page keeps the visitor's words in. */
function keptField(page: Page, field: ContactField) {
  return page.getByRole('form', { name: nativeFormPageCopy.yourWords }).getByLabel(LABELS[field]);
}

async function expectWordsKept(page: Page, submission: Submission) {
  for (const field of CONTACT_FIELDS) {
    await expect(keptField(page, field)).toHaveValue(submission[field]);
  }
}

/** The refusal page's title says it is an error, as a screen reader announces it on arrival. */
async function expectErrorTitle(page: Page, title: string) {
  await expect(page).toHaveTitle(
    seo.pageTitle(nativeFormPageCopy.errorTitle(title), config.brandName),
  );
}

/**
 * GOV.UK's error pattern without a script: the summary (the alert) has focus on arrival and lists
 * every problem, in the form's order, each a link that moves focus to its field; each field it
 * names is marked invalid and described by its own words, and no other is; what "*" means is said
 * in words.
 */
async function expectFieldErrors(page: Page, problems: [ContactField, string][]) {
  const summary = page.getByRole('alert');
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveText(problems.map(([, message]) => message));
  for (const field of CONTACT_FIELDS) {
    const message = problems.find(([named]) => named === field)?.[1];
    if (message === undefined) {
      await expect(keptField(page, field)).not.toHaveAttribute('aria-invalid');
      await expect(keptField(page, field)).toHaveAccessibleDescription('');
      continue;
    }
    await expect(keptField(page, field)).toHaveAttribute('aria-invalid', 'true');
    await expect(keptField(page, field)).toHaveAccessibleDescription(message);
  }
  await expect(page.getByText(contactCopy.form.requiredHint)).toBeVisible();
  for (const [field, message] of problems) {
    await summary.getByRole('link', { name: message }).click();
    await expect(keptField(page, field)).toBeFocused();
  }
}

/**
 * axe's findings on the page the server answered, light and dark. axe runs as a script, which
 * this file's pages cannot run, so it runs on the same HTML at the same address in a context of
 * its own (its styles load as they did): the page a visitor who tapped before hydration gets.
 */
async function expectNoViolations(browser: Browser, page: Page) {
  const html = await page.content();
  const url = new URL(page.url());
  url.hash = '';
  // A context of the test's own takes the file's settings, scripts off among them.
  const context = await browser.newContext({ javaScriptEnabled: true });
  try {
    const copy = await context.newPage();
    await copy.route(url.href, (route) =>
      route.fulfill({ contentType: 'text/html; charset=utf-8', body: html }),
    );
    await copy.goto(url.href);
    await inEachColorScheme(copy, async (colorScheme) => {
      expect.soft(await violations(copy), `${colorScheme} theme`).toEqual([]);
    });
  } finally {
    await context.close();
  }
}

async function expectEmailAndPhone(page: Page) {
  await expect(page.getByRole('link', { name: config.contactEmail })).toHaveAttribute(
    'href',
    mailtoHref,
  );
  await expect(page.getByRole('link', { name: config.contactPhone })).toHaveAttribute(
    'href',
    telHref,
  );
}

/** What the browser would have stopped, sent as a form without it: each refused by the server. */
const invalid: [string, (s: Submission) => Submission, string, ContactField][] = [
  [
    'an email without a dot',
    (s) => ({ ...s, email: 'jane@example' }),
    MESSAGES.invalidEmail,
    'email',
  ],
  ['a name of spaces only', (s) => ({ ...s, name: '   ' }), MESSAGES.empty.name, 'name'],
  [
    'a message over the limit',
    (s) => ({ ...s, message: `${s.message} ${'x'.repeat(LIMITS.message.max)}` }),
    MESSAGES.tooLong.message,
    'message',
  ],
];

test.describe('without JavaScript, a form the server takes', () => {
  // The same words again within 10 minutes are the same submission (docs/product.md#exactly-once).
  test('a filled-in form sent twice is stored and emailed once, both confirmations with its reference; nothing personal in a URL or the log', async ({
    page,
    site,
    urls,
  }) => {
    const submission = uniqueSubmission('native');
    const confirmations: string[] = [];
    for (let i = 0; i < 2; i++) {
      await page.goto(site.url);
      await fillContactForm(page, submission);
      await send(page);
      // The confirmation carries the reference, never the visitor's words (server/native-form/sent-page.ts).
      await expect(page).toHaveURL(/\/contact\/sent\/FD-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
      confirmations.push(page.url());
    }
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(nativeFormPageCopy.sent.title);
    // The title names the page, as a screen reader announces it on arrival: not the home page's.
    await expect(page).toHaveTitle(seo.pageTitle(nativeFormPageCopy.sent.title, config.brandName));
    await expect(page.getByText(MESSAGES.sent)).toBeVisible();
    await expect(page.getByRole('link', { name: nativeFormPageCopy.backLink })).toHaveAttribute(
      'href',
      '/',
    );
    expect(await rowsOf(site, submission)).toEqual([submission]);
    const keys = await site.query(
      'select submission_key::text as key from public.contact_submissions where email = $1',
      [submission.email],
    );
    expect(keys).toHaveLength(1);
    const reference = submissionReference(String(keys[0]!.key));
    expect(confirmations).toEqual([
      `${site.url}/contact/sent/${reference}`,
      `${site.url}/contact/sent/${reference}`,
    ]);
    await expect(page.getByText(reference)).toBeVisible();
    const mails = await emailsAbout(site, submission);
    expect(mails.map((mail) => mail.envelopeTo)).toEqual([[NOTIFY_EMAIL]]);

    expect(urls.some((url) => url.endsWith('/contact'))).toBe(true);
    expectNoneContains(urls, submission);
    expectNoneContains(site.log, submission);
  });

  test('the honeypot filled: stored as suspected spam, not emailed', async ({ page, site }) => {
    const trapped = uniqueSubmission('trap');
    const person = uniqueSubmission('person');
    const mailBefore = site.mail.received.length;
    await page.goto(site.url);
    await fillContactForm(page, trapped);
    await page
      .locator('input[name="company_website"]')
      .fill('https://spam.example', { force: true });
    await send(page);
    await expect(page.getByText(MESSAGES.sent)).toBeVisible();

    // A real submission after it: once its email arrives, the trapped one had its turn.
    await page.goto(site.url);
    await fillContactForm(page, person);
    await send(page);
    const mail = await site.mail.waitFor(mailBefore + 1);
    const texts = mail.slice(mailBefore).map((message) => message.bodies['text/plain'] ?? '');
    expect(texts.some((text) => text.includes(person.message))).toBe(true);
    expect(texts.some((text) => text.includes(trapped.message))).toBe(false);
    const email = trapped.email;
    expect(
      await site.query(`select suspected_spam from contact_submissions where email = '${email}'`),
    ).toEqual([{ suspected_spam: true }]);
  });
});

test.describe('without JavaScript, a form the server refuses', () => {
  for (const [what, change, message, field] of invalid) {
    test(`${what}: its message on the field, the words kept, nothing stored or in a URL`, async ({
      browser,
      page,
      site,
      urls,
    }) => {
      const submission = change(uniqueSubmission('invalid'));
      await page.goto(site.url);
      await fillContactForm(page, submission);
      await send(page);

      await expect(page.getByRole('alert')).toHaveText(message);
      await expectErrorTitle(page, nativeFormPageCopy.invalid.title);
      await expectWordsKept(page, submission);
      await expectNoViolations(browser, page);
      await expectFieldErrors(page, [[field, message]]);
      expect(await rowsOf(site, submission)).toEqual([]);
      expectNoneContains(urls, submission);
      expectNoneContains(site.log, submission);
    });
  }

  test('two fields of spaces only: the summary lists both, each links to its field, both marked', async ({
    browser,
    page,
    site,
  }) => {
    const submission = { ...uniqueSubmission('two-empty'), name: '   ', message: '     ' };
    await page.goto(site.url);
    await fillContactForm(page, submission);
    await send(page);

    await expectErrorTitle(page, nativeFormPageCopy.invalid.title);
    await expectWordsKept(page, submission);
    await expectNoViolations(browser, page);
    await expectFieldErrors(page, [
      ['name', MESSAGES.empty.name],
      ['message', MESSAGES.empty.message],
    ]);
    expect(await rowsOf(site, submission)).toEqual([]);
  });

  test('empty fields (no browser check): each field’s message, nothing stored', async ({
    page,
    site,
  }) => {
    const before = await site.query('select count(*)::int as n from contact_submissions');
    // What a browser without constraint validation sends for an untouched form.
    const response = await page.request.post(`${site.url}/contact`, {
      form: { name: '', email: '', message: '', company_website: '' },
      headers: { origin: site.url },
    });
    expect(response.status()).toBe(400);
    await page.setContent(await response.text());
    await expect(page.getByRole('alert').getByRole('link')).toHaveText(
      CONTACT_FIELDS.map((field) => MESSAGES.empty[field]),
    );
    expect(await site.query('select count(*)::int as n from contact_submissions')).toEqual(before);
  });

  test('bytes that are not UTF-8 once decoded: the refusal page, the words kept, nothing stored', async ({
    page,
    site,
  }) => {
    const submission = uniqueSubmission('bytes');
    const fields = new URLSearchParams({ ...submission, company_website: '' }).toString();
    // What no browser sends, but a script can: %FF%FE is no UTF-8.
    const response = await page.request.post(`${site.url}/contact`, {
      data: fields.replace(/^name=/, 'name=%FF%FE'),
      headers: { origin: site.url, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.status()).toBe(400);
    await page.setContent(await response.text());
    await expect(page.getByRole('alert')).toHaveText(nativeFormPageCopy.undecodable);
    await expectWordsKept(page, { ...submission, name: `\uFFFD\uFFFD${submission.name}` });
    expect(await rowsOf(site, submission)).toEqual([]);
  });

  test('a form on another site posting to ours is refused with a plain page; nothing stored', async ({
    page,
    site,
  }) => {
    const submission = uniqueSubmission('forged');
    await using attacker = await crossSitePage(`${site.url}/contact`, submission);
    await page.goto(attacker.url);
    const answer = page.waitForResponse((response) => response.url().endsWith('/contact'));
    await page.getByRole('button', { name: 'Win a prize' }).click();
    expect((await answer).status()).toBe(403);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      nativeFormPageCopy.refused.title,
    );
    expect(await rowsOf(site, submission)).toEqual([]);
  });
});

test.describe('without JavaScript, when the server cannot take it', () => {
  test('over the rate limit: a page that says so, with email and phone and the words kept', async ({
    page,
    start,
    urls,
  }) => {
    const server = await start({ rateLimitPerMinute: 1 });
    const first = uniqueSubmission('first');
    const second = uniqueSubmission('second');
    await page.goto(server.url);
    await fillContactForm(page, first);
    await send(page);
    await expect(page.getByText(MESSAGES.sent)).toBeVisible();

    await page.goto(server.url);
    await fillContactForm(page, second);
    const answer = page.waitForResponse((response) => response.url().endsWith('/contact'));
    await send(page);
    expect((await answer).status()).toBe(429);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      nativeFormPageCopy.rateLimited.title,
    );
    await expect(page.getByRole('alert')).toHaveText(nativeFormPageCopy.rateLimited.text);
    await expect(page.getByRole('alert')).toBeFocused();
    await expectErrorTitle(page, nativeFormPageCopy.rateLimited.title);
    await expectEmailAndPhone(page);
    await expectWordsKept(page, second);
    expect(await rowsOf(server, second)).toEqual([]);
    expectNoneContains(urls, second);
    expectNoneContains(server.log, second);
  });

  test('with the database stopped: a page that says so, with email and phone and the words kept', async ({
    page,
    start,
    urls,
  }) => {
    const server = await start();
    const submission = uniqueSubmission('outage');
    await page.goto(server.url);
    await server.stopDatabase();
    await fillContactForm(page, submission);
    const answer = page.waitForResponse((response) => response.url().endsWith('/contact'));
    await send(page);
    expect((await answer).status()).toBe(503);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      nativeFormPageCopy.unavailable.title,
    );
    await expect(page.getByRole('alert')).toHaveText(nativeFormPageCopy.unavailable.text);
    await expectEmailAndPhone(page);
    await expectWordsKept(page, submission);
    expectNoneContains(urls, submission);
    expectNoneContains(server.log, submission);
  });
});

test.describe('a script on another site', () => {
  test.use({ javaScriptEnabled: true });

  test('a no-cors fetch of a JSON Blob to the insert stores nothing', async ({ page, site }) => {
    const submission = uniqueSubmission('no-cors');
    await using attacker = await crossSitePage(`${site.url}/contact`, submission);
    await page.goto(attacker.url);
    // The site serves the whole file: only what it logs from here on is this test's.
    const logged = site.log.length;
    // Opaque to the page, but the browser sends it, and resolves once the answer arrived.
    await page.evaluate(
      async ({ url, body }) => {
        // Rejects when the answer arrives, as Cross-Origin-Resource-Policy withholds it: sent all the same.
        await fetch(url, { method: 'POST', mode: 'no-cors', body: new Blob([body]) }).catch(
          () => undefined,
        );
      },
      { url: `${site.url}/rest/v1/contact_submissions`, body: JSON.stringify(submission) },
    );
    expect(await rowsOf(site, submission)).toEqual([]);
    const insertLine = () =>
      site.log
        .slice(logged)
        .find((entry) => entry.includes('"url":"/rest/v1/contact_submissions"'));
    await expect.poll(insertLine).toMatch(/"statusCode":4\d\d/);
  });
});
