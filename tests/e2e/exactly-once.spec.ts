import type { BrowserContext, Page } from '@playwright/test';
import { test as base, expect } from './coverage';
import { contactCopy } from '../../src/content/contact';
import { MESSAGES } from '../../shared/copy/contact-messages';
import { submissionReference } from '../../shared/reference';
import {
  contactForm,
  fillContactForm,
  SEND_BUDGET_MS,
  SUBMIT_URL,
  toasts,
} from './support/contact';
import { uniqueSubmission } from '../support/submission.ts';
import {
  noScriptWorkerFixtures,
  emailsAbout,
  type NoScriptServer,
  type NoScriptWorkerFixtures,
} from './support/no-script-server';
import { ISLAND_LOADER_URL, visit, waitForIsland } from './support/site';

/**
 * Each lead exactly once, from the visitor's tap to the agency's inbox
 * (docs/product.md#exactly-once), in Chromium against our server, with lead
 * email to an SMTP sink. On the embedded database only: the browser cannot tell
 * the databases apart, and each one's "a key is stored once" has its server tests
 * (tests/server/exactly-once.test.ts, run on both).
 */
const test = base.extend<object, NoScriptWorkerFixtures>(noScriptWorkerFixtures);

test.describe.configure({ timeout: 90_000 });

type Submission = ReturnType<typeof uniqueSubmission>;

async function stored(site: NoScriptServer, submission: Submission) {
  const email = submission.email.replace(/'/g, "''");
  return site.query(
    `select submission_key::text as key from public.contact_submissions where email = '${email}'`,
  );
}

/** One row, one email naming the visitor's reference, and the success toast showing it. */
async function expectOnce(page: Page, site: NoScriptServer, submission: Submission) {
  await expect(toasts(page).withText(MESSAGES.sent)).toBeVisible({ timeout: SEND_BUDGET_MS });
  const rows = await stored(site, submission);
  expect(rows).toHaveLength(1);
  const reference = submissionReference(String(rows[0]!.key));
  await expect(toasts(page).withText(MESSAGES.sent)).toContainText(reference);
  const mails = await emailsAbout(site, submission);
  expect(mails).toHaveLength(1);
  expect(mails[0]!.header('subject')).toContain(reference);
  // Confirmed: the form is cleared and nothing waits on the device.
  await expect(contactForm(page).message).toHaveValue('');
  expect(await page.evaluate(() => localStorage.getItem('contact-pending-v1'))).toBeNull();
}

/**
 * Cuts the connection, and waits until the page knows: Chromium can still let
 * a request out just after `setOffline` returns (a busy host stored a lead
 * "sent offline" that way), while a page that reads `navigator.onLine` as
 * false sends nothing.
 */
async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
}

/**
 * Offline from before the first scroll, so the form's code never came: the
 * visitor fills the form and presses send, and the click is held for the code.
 */
async function sendBeforeTheCode(
  page: Page,
  context: BrowserContext,
  site: NoScriptServer,
  label: string,
) {
  await visit(page, site.url);
  await goOffline(context, page);
  const fields = contactForm(page);
  // The first scroll wakes the form's island, whose code cannot load now.
  await fields.form.scrollIntoViewIfNeeded();
  const submission = uniqueSubmission(label);
  await fillContactForm(page, submission);
  const url = page.url();
  await fields.submit.click();
  return { fields, submission, url };
}

/**
 * The form in view and its island hydrated: these tests cut the connection
 * afterwards, and a form whose code had not arrived by then would post without
 * script (the browser's own offline page), not to the outbox under test.
 */
async function openForm(page: Page, site: NoScriptServer) {
  await visit(page, site.url);
  const fields = contactForm(page);
  await fields.form.scrollIntoViewIfNeeded();
  await waitForIsland(page, 'contact-form');
  return fields;
}

test.describe('exactly once when the connection fails', () => {
  test('the server stores it but the response is lost: thanked in the end, one row, one email', async ({
    page,
    site,
  }) => {
    const fields = await openForm(page, site);
    let dropped = 0;
    await page.route(SUBMIT_URL, async (route) => {
      if (dropped++ > 0) return route.continue();
      await route.fetch(); // stored by the server…
      await route.abort('connectionreset'); // …but the answer never arrives
    });
    const submission = uniqueSubmission('lost-response');
    await fillContactForm(page, submission);
    await fields.submit.click();
    await expectOnce(page, site, submission);
    expect(dropped).toBeGreaterThan(1);
  });

  test('offline at send, then online: saved, said so, then sent by itself once', async ({
    page,
    context,
    site,
  }) => {
    const fields = await openForm(page, site);
    const submission = uniqueSubmission('offline');
    await fillContactForm(page, submission);
    await goOffline(context, page);
    await fields.submit.click();
    const failed = toasts(page).withText(MESSAGES.failed);
    // A send's outcome: the page tries again by itself before it says so.
    await expect(failed).toContainText(contactCopy.form.savedOnDevice, {
      timeout: SEND_BUDGET_MS,
    });
    const note = fields.form
      .getByRole('status')
      .filter({ hasText: contactCopy.form.savedOnDevice });
    await expect(note).toBeVisible();
    await expect(note.getByRole('button', { name: contactCopy.form.cancelSaved })).toBeVisible();
    expect(await stored(site, submission)).toHaveLength(0);

    await context.setOffline(false);
    await expectOnce(page, site, submission);
    await expect(note).toBeHidden();
  });

  test('offline since the first scroll, before the form came into view: saved, then sent once', async ({
    page,
    context,
    site,
  }) => {
    await visit(page, site.url);
    // A first scroll, far above the form: a train enters a tunnel just after it.
    await page.mouse.wheel(0, 300);
    await waitForIsland(page, 'contact-form');
    await goOffline(context, page);
    const fields = contactForm(page);
    await fields.form.scrollIntoViewIfNeeded();
    const submission = uniqueSubmission('offline-early');
    await fillContactForm(page, submission);
    await fields.submit.click();
    const note = fields.form
      .getByRole('status')
      .filter({ hasText: contactCopy.form.savedOnDevice });
    await expect(note).toBeVisible({ timeout: SEND_BUDGET_MS });
    expect(await stored(site, submission)).toHaveLength(0);

    await context.setOffline(false);
    await expect(note).toBeHidden({ timeout: SEND_BUDGET_MS });
    await expect.poll(() => stored(site, submission), { timeout: SEND_BUDGET_MS }).toHaveLength(1);
    await expect
      .poll(() => emailsAbout(site, submission), { timeout: SEND_BUDGET_MS })
      .toHaveLength(1);
  });

  test('offline before the first scroll, so the form’s code never came: the send waits for the connection, then goes once', async ({
    page,
    context,
    site,
  }) => {
    const { fields, submission, url } = await sendBeforeTheCode(
      page,
      context,
      site,
      'offline-first',
    );
    // Not the post without script onto the browser's error page: the page and the words stay.
    await expect(fields.message).toHaveValue(submission.message);
    expect(page.url()).toBe(url);
    expect(await stored(site, submission)).toHaveLength(0);

    await context.setOffline(false);
    await expectOnce(page, site, submission);
  });

  test('offline at send, tab closed, next visit online: sent soon after load, once', async ({
    browser,
    context,
    page,
    site,
  }) => {
    const fields = await openForm(page, site);
    const submission = uniqueSubmission('next-visit');
    await fillContactForm(page, submission);
    await goOffline(context, page);
    await fields.submit.click();
    await expect(toasts(page).withText(MESSAGES.failed)).toBeVisible();
    // The tab closes: what stays is this device's storage, opened by the next visit in a
    // browser of its own. The tab is left open and offline rather than closed: closing it ends
    // its DevTools session, and Chromium then lifts the offline emulation (navigator.onLine
    // and the network both) before the page is surely gone, so it may hear `online` and send,
    // out of the trace's sight: a row was found stored "when the first tab closed", twice.
    // No visitor's browser goes online as a tab closes. The tab left open sends nothing while
    // offline; if it sends as the test ends, its key is stored already, and nothing is added.
    const device = await context.storageState();
    expect(await stored(site, submission)).toHaveLength(0);

    const nextVisit = await browser.newContext({ storageState: device });
    const next = await nextVisit.newPage();
    await visit(next, site.url);
    await expectOnce(next, site, submission);
    await nextVisit.close();
  });

  test('words edited while saved: the saved message goes once, and the edits stay in the form', async ({
    page,
    context,
    site,
  }) => {
    const fields = await openForm(page, site);
    const submission = uniqueSubmission('edited-while-saved');
    await fillContactForm(page, submission);
    await goOffline(context, page);
    await fields.submit.click();
    const note = fields.form
      .getByRole('status')
      .filter({ hasText: contactCopy.form.savedOnDevice });
    await expect(note).toBeVisible({ timeout: SEND_BUDGET_MS });
    // The visitor adds a line while the saved message waits for the connection.
    const edited = `${submission.message}\nAnd the contact page is blank on iPhones.`;
    await fields.message.fill(edited);

    await context.setOffline(false);
    await expect(toasts(page).withText(MESSAGES.sent)).toBeVisible({ timeout: SEND_BUDGET_MS });
    expect(await stored(site, submission)).toHaveLength(1);
    // What was confirmed is the saved message; the words typed since were never sent: kept.
    await expect(fields.message).toHaveValue(edited);
    await expect(fields.name).toHaveValue(submission.name);
    await page.reload();
    await contactForm(page).form.scrollIntoViewIfNeeded();
    await expect(contactForm(page).message).toHaveValue(edited);
  });

  test('cancelled while saved: never sent', async ({ page, context, site }) => {
    const fields = await openForm(page, site);
    const submission = uniqueSubmission('cancelled');
    await fillContactForm(page, submission);
    await goOffline(context, page);
    await fields.submit.click();
    await fields.form.getByRole('button', { name: contactCopy.form.cancelSaved }).click();
    const sent = page.waitForRequest(SUBMIT_URL, { timeout: 3_000 }).catch(() => null);
    await context.setOffline(false);
    expect(await sent).toBeNull();
    await page.reload();
    await contactForm(page).form.scrollIntoViewIfNeeded();
    // The words are still there to send again; nothing went.
    await expect(contactForm(page).message).toHaveValue(submission.message);
    expect(await stored(site, submission)).toHaveLength(0);
  });
});

test.describe('exactly once when a send is repeated', () => {
  test('a double click: one row', async ({ page, site }) => {
    const fields = await openForm(page, site);
    const submission = uniqueSubmission('double-click');
    await fillContactForm(page, submission);
    await fields.submit.dblclick();
    await expectOnce(page, site, submission);
  });

  test('the page’s own request replayed three times: each 2xx, one row, one email', async ({
    page,
    site,
  }) => {
    const fields = await openForm(page, site);
    const submission = uniqueSubmission('replayed');
    await fillContactForm(page, submission);
    const sent = page.waitForRequest(SUBMIT_URL);
    await fields.submit.click();
    const request = await sent;
    await expectOnce(page, site, submission);
    for (let i = 0; i < 3; i++) {
      const headers = await request.allHeaders();
      const replay = await page.request.post(request.url(), {
        headers: Object.fromEntries(
          ['content-type', 'prefer', 'accept', 'origin']
            .filter((name) => headers[name] !== undefined)
            .map((name) => [name, headers[name]!]),
        ),
        data: request.postDataBuffer() ?? undefined,
      });
      expect(replay.status()).toBe(201);
    }
    expect(await stored(site, submission)).toHaveLength(1);
    expect(await emailsAbout(site, submission)).toHaveLength(1);
  });
});

test.describe('exactly once when the connection returns unsteadily', () => {
  test('online again, but the first load of the form’s code still fails: tried again, and sent by script once, on the same page', async ({
    page,
    context,
    site,
  }) => {
    const { submission, url } = await sendBeforeTheCode(page, context, site, 'unsteady');
    // The browser says "online" a moment before requests get through: the first load after it fails.
    let refused = 0;
    await page.route(ISLAND_LOADER_URL, (route) =>
      refused++ === 0 ? route.abort('internetdisconnected') : route.continue(),
    );
    await context.setOffline(false);
    await expectOnce(page, site, submission);
    expect(refused).toBeGreaterThan(1);
    // Sent by the page's own code, not posted without script onto the confirmation page.
    expect(page.url()).toBe(url);
  });

  test('a load begun offline that fails once the connection is back is tried again: sent by script once, on the same page', async ({
    page,
    context,
    site,
  }) => {
    await visit(page, site.url);
    const fields = contactForm(page);
    const submission = uniqueSubmission('late-failure');
    // The form's code is asked for while offline, and the refusal arrives after the connection is back.
    let back!: () => void;
    const connectionBack = new Promise<void>((resolve) => (back = resolve));
    let held = 0;
    await page.route(ISLAND_LOADER_URL, async (route) => {
      if (held++ > 0) return route.continue();
      await connectionBack;
      await route.abort('internetdisconnected');
    });
    await fields.form.scrollIntoViewIfNeeded();
    await fillContactForm(page, submission);
    await goOffline(context, page);
    const url = page.url();
    await fields.submit.click();
    await context.setOffline(false);
    await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(true);
    back();
    await expectOnce(page, site, submission);
    expect(held).toBeGreaterThan(1);
    expect(page.url()).toBe(url);
  });
});
