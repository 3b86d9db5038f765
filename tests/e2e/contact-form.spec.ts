import type { Locator, Page, Request } from '@playwright/test';
import {
  DRAFT_STORAGE_KEY,
  MESSAGE_COUNTER_FROM,
  RETRY_WINDOW_MS,
} from '../../src/config/constants';
import { contactCopy } from '../../src/content/contact';
import { MESSAGES } from '../../shared/copy/contact-messages';
import { LIMITS } from '../../shared/validation';
import { expect, test } from './fixtures';
import {
  contactForm,
  fillContactForm,
  SEND_BUDGET_MS,
  SUBMIT_URL,
  toasts,
} from './support/contact';
import { uniqueSubmission } from '../support/submission.ts';
import { VIEWPORTS, inEachColorScheme, reload, visit } from './support/site';
import { violations } from './support/axe';

/** The exact words (docs/product.md#contact-messages), written out: a copy edit cannot drop one. */
const SPEC = {
  missing: 'Please fill in all fields',
  invalidEmail: 'Please enter a valid email address',
  failed: 'There was an issue submitting your message. Please try again.',
  sent: "Thank you! We'll be in touch shortly.",
};

async function openForm(page: Page) {
  await visit(page);
  const fields = contactForm(page);
  await fields.form.scrollIntoViewIfNeeded();
  return fields;
}

/**
 * What a screen reader reads with `field` when focus lands on it (its description's words), from
 * the next time it is focused: the refused field is focused as the refusal is shown.
 */
async function describedOnFocus(field: Locator) {
  await field.evaluate((element) =>
    element.addEventListener(
      'focus',
      () => {
        const ids = element.getAttribute('aria-describedby')?.split(' ') ?? [];
        element.dataset.describedOnFocus = ids
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' ')
          .trim();
      },
      { once: true },
    ),
  );
  return () => field.getAttribute('data-described-on-focus');
}

type Row = { name: string; email: string; message: string; stamped_now: boolean };

// Sends, at 4x CPU on two cores other work keeps busy: a visit, the typing and a send outlast 30 s.
test.describe.configure({ timeout: 90_000 });

test.describe('contact form: labels, and what it refuses to send', () => {
  test('fields are labelled, required and marked with an asterisk', async ({ page }) => {
    const { form, name, email, message } = await openForm(page);
    for (const field of [name, email, message]) {
      await expect(field).toBeVisible();
      await expect(field).toHaveJSProperty('required', true);
      await expect(field).toBeEditable();
    }
    await expect(email).toHaveAttribute('type', 'email');
    const asterisks = form.getByText('*', { exact: true });
    await expect(asterisks).toHaveCount(3);
    for (const asterisk of await asterisks.all()) await expect(asterisk).toBeVisible();
    await expect(form.getByText(contactCopy.form.requiredHint)).toBeVisible();
  });

  test('empty fields are stopped by the browser before anything is sent', async ({ page }) => {
    const fields = await openForm(page);
    let posted = false;
    page.on('request', (request) => {
      // The proof of work's challenge is fetched on focus; no submission may be.
      if (request.method() === 'POST' && request.url().includes('contact_submissions')) {
        posted = true;
      }
    });
    // The browser's own check runs inside the click: it fires "invalid" at each empty
    // field and no "submit" at all. With novalidate the form would be submitted instead.
    await fields.form.evaluate((form: HTMLFormElement) => {
      const seen: string[] = [];
      (window as { formEvents?: string[] }).formEvents = seen;
      for (const type of ['invalid', 'submit']) {
        form.addEventListener(
          type,
          (event) => seen.push(`${type} ${(event.target as Element).id}`),
          true,
        );
      }
    });
    await fields.submit.click();
    // A click that lands before the form's island has hydrated (it hydrates as it comes into
    // view) is held and replayed once it has (docs/islands.md): its events can come after the
    // click returns. "invalid" and "submit" fire in the same dispatch, so once one is seen, the
    // click is wholly answered.
    const formEvents = () => page.evaluate(() => (window as { formEvents?: string[] }).formEvents!);
    await expect.poll(formEvents).toContain(`invalid ${await fields.name.getAttribute('id')}`);
    const seen = await formEvents();
    expect(seen.filter((event) => event.startsWith('submit'))).toEqual([]);
    await expect(toasts(page).all).toHaveCount(0);
    expect(posted).toBe(false);
  });

  test('two fields of only spaces and an address without a dot: “Please fill in all fields”, and each field says why', async ({
    page,
  }) => {
    const fields = await openForm(page);
    await fillContactForm(page, { name: '   ', email: 'jane@example', message: '     ' });
    const onFocus = await describedOnFocus(fields.name);
    await fields.submit.click();
    const toast = toasts(page).withText(SPEC.missing);
    await expect(toast).toBeVisible();
    await expect(toast).toHaveText(SPEC.missing);
    await expect(toast).toHaveAttribute('data-type', 'error');
    // Every refused field is marked and says why, tied to it and shown by it (as the refusal page
    // without JavaScript has it), so one press shows everything to fix; the first is focused.
    const said = [
      [fields.name, MESSAGES.empty.name],
      [fields.email, SPEC.invalidEmail],
      [fields.message, MESSAGES.empty.message],
    ] as const;
    for (const [field, words] of said) {
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toHaveAccessibleDescription(words);
      await expect(fields.form.getByText(words, { exact: true })).toBeVisible();
    }
    await expect(fields.name).toBeFocused();
    // Read as focus lands, and again whenever a screen reader comes back to the field.
    expect(await onFocus()).toBe(MESSAGES.empty.name);
    await inEachColorScheme(page, async (scheme) => {
      expect.soft(await violations(page, '#contact'), `the refused form, ${scheme}`).toEqual([]);
    });
    // Typing in a field answers it alone: its mark and words go, the others still say theirs.
    await fields.name.fill('Jane');
    await expect(fields.name).not.toHaveAttribute('aria-invalid');
    await expect(fields.name).toHaveAccessibleDescription('');
    await expect(fields.form.getByText(MESSAGES.empty.name)).toHaveCount(0);
    await expect(fields.email).toHaveAttribute('aria-invalid', 'true');
    await expect(fields.email).toHaveAccessibleDescription(SPEC.invalidEmail);
    await expect(fields.message).toHaveAttribute('aria-invalid', 'true');
    await expect(fields.message).toHaveAccessibleDescription(MESSAGES.empty.message);
  });

  test('an address without a dot: “Please enter a valid email address”', async ({ page }) => {
    const fields = await openForm(page);
    await fillContactForm(page, {
      name: 'Jane',
      email: 'jane@example',
      message: 'Hello there',
    });
    const onFocus = await describedOnFocus(fields.email);
    await fields.submit.click();
    const toast = toasts(page).withText(SPEC.invalidEmail);
    await expect(toast).toBeVisible();
    await expect(toast).toHaveText(SPEC.invalidEmail);
    await expect(fields.email).toHaveAttribute('aria-invalid', 'true');
    await expect(fields.email).toBeFocused();
    expect(await onFocus()).toBe(SPEC.invalidEmail);
    await expect(fields.email).toHaveAccessibleDescription(SPEC.invalidEmail);
    await expect(fields.form.getByText(SPEC.invalidEmail)).toBeVisible();
    await inEachColorScheme(page, async (scheme) => {
      expect.soft(await violations(page, '#contact'), `the refused form, ${scheme}`).toEqual([]);
    });
    // Nothing was lost.
    await expect(fields.email).toHaveValue('jane@example');
    await expect(fields.message).toHaveValue('Hello there');
  });
});

test.describe('contact form: while the visitor types', () => {
  test('a counter appears near the 5000-character limit, and too long is refused', async ({
    page,
  }) => {
    const fields = await openForm(page);
    const counter = page.locator(`#${await fields.message.getAttribute('aria-describedby')}`);
    await fillContactForm(page, {
      name: 'Jane',
      email: 'jane@example.com',
      message: 'a'.repeat(MESSAGE_COUNTER_FROM - 1),
    });
    await expect(counter).toBeEmpty();

    await fields.message.fill('a'.repeat(MESSAGE_COUNTER_FROM + 200));
    await expect(counter).toHaveText(contactCopy.form.counter(4200, LIMITS.message.max));
    await expect(counter).toHaveText('4,200 / 5,000 characters');
    await expect(counter).toBeVisible();

    await fields.message.fill('a'.repeat(LIMITS.message.max + 1));
    await expect(counter).toHaveText('5,001 / 5,000 characters');
    await expect(counter).toHaveAttribute('data-over', 'true');
    await fields.submit.click();
    await expect(toasts(page).withText(MESSAGES.tooLong.message)).toBeVisible();
    await expect(toasts(page).withText(MESSAGES.tooLong.message)).toHaveAttribute(
      'data-type',
      'error',
    );
    await expect(fields.message).toHaveValue('a'.repeat(LIMITS.message.max + 1));
    // The reason first, then the count it is about.
    await expect(fields.message).toHaveAccessibleDescription(
      `${MESSAGES.tooLong.message} 5,001 / 5,000 characters`,
    );
  });

  test('an unsent draft survives a reload and is cleared once sent', async ({ page, server }) => {
    const fields = await openForm(page);
    const values = uniqueSubmission('draft');
    await fillContactForm(page, values);
    // The draft is saved as the visitor types; wait until the last keystroke is stored.
    const savedDraft = () => page.evaluate((key) => localStorage.getItem(key), DRAFT_STORAGE_KEY);
    await expect.poll(savedDraft).toContain(values.message);

    await reload(page);
    await expect(fields.name).toHaveValue(values.name);
    await expect(fields.email).toHaveValue(values.email);
    await expect(fields.message).toHaveValue(values.message);

    await fields.submit.click();
    await expect(toasts(page).withText(SPEC.sent)).toBeVisible({ timeout: SEND_BUDGET_MS });
    await expect(fields.name).toHaveValue('');
    await expect.poll(savedDraft).toBeNull();

    await reload(page);
    for (const field of [fields.name, fields.email, fields.message])
      await expect(field).toHaveValue('');
    const rows = await server.query('select 1 from contact_submissions where email = $1', [
      values.email,
    ]);
    expect(rows).toHaveLength(1);
  });
});

test.describe('contact form: sending to a working server', () => {
  test('sends: busy while sending, then thanks, clears and stores the trimmed row', async ({
    page,
    server,
  }) => {
    const [{ now: startedAt }] = (await server.query('select now()')) as [{ now: Date }];
    const fields = await openForm(page);
    const values = uniqueSubmission('send');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(SUBMIT_URL, async (route) => {
      await held;
      await route.continue();
    });

    await fillContactForm(page, {
      name: `  ${values.name}  `,
      email: ` ${values.email}`,
      message: `\n${values.message}   \n`,
    });
    await fields.submit.click();

    await expect(fields.busy).toBeVisible();
    await expect(fields.busy).toBeDisabled();
    await expect(fields.busy).toHaveText(contactCopy.form.submitBusy);
    // Its label is the news: drawn at full strength, not faded as an unusable button is.
    await expect(fields.busy).toHaveCSS('opacity', '1');
    await expect(fields.form).toHaveAttribute('data-state', 'submitting');
    release();

    const thanks = toasts(page).withText(SPEC.sent);
    await expect(thanks).toBeVisible({ timeout: SEND_BUDGET_MS });
    await expect(thanks).toHaveAttribute('data-type', 'success');
    await expect(fields.submit).toBeEnabled();
    await expect(fields.form).toHaveAttribute('data-state', 'idle');
    for (const field of [fields.name, fields.email, fields.message])
      await expect(field).toHaveValue('');

    // Stamped by the database when stored, after this test began (both read its clock).
    const rows = (await server.query(
      'select name, email, message, created_at >= $2 as stamped_now from contact_submissions where email = $1',
      [values.email, startedAt],
    )) as Row[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ...values, stamped_now: true });
  });

  test.describe('on a phone', () => {
    test.use({ viewport: VIEWPORTS.phone, hasTouch: true });

    test('after sending, the contact section is brought into view', async ({ page }) => {
      const fields = await openForm(page);
      await fillContactForm(page, uniqueSubmission('phone'));
      await fields.submit.scrollIntoViewIfNeeded();
      const heading = page.getByRole('heading', { name: contactCopy.heading });
      await expect(heading).not.toBeInViewport();

      await fields.submit.tap();
      await expect(toasts(page).withText(SPEC.sent)).toBeVisible({ timeout: SEND_BUDGET_MS });
      await expect(heading).toBeInViewport();
    });
  });
});

test.describe('contact form: when the send fails', () => {
  for (const failure of ['network', 'server'] as const) {
    test(`a ${failure} failure keeps the words, logs it and says so`, async ({
      page,
      server,
      consoleProblems,
    }) => {
      // No response retries for RETRY_WINDOW_MS; the test moves the page's clock past it.
      if (failure === 'network') await page.clock.install();
      const fields = await openForm(page);
      await page.route(SUBMIT_URL, (route) =>
        failure === 'network'
          ? route.abort('failed')
          : route.fulfill({
              status: 500,
              json: { code: 'XX000', message: 'injected failure', details: null, hint: null },
            }),
      );
      const values = uniqueSubmission(failure);
      await fillContactForm(page, values);
      const firstFailure = failure === 'network' && page.waitForEvent('requestfailed');
      await fields.submit.click();
      if (firstFailure) {
        await firstFailure;
        await page.clock.fastForward(RETRY_WINDOW_MS + 1_000);
      }

      const toast = toasts(page).withText(SPEC.failed);
      await expect(toast).toBeVisible({ timeout: SEND_BUDGET_MS });
      // Without a response the message waits on the device, and the toast says so.
      const saved = contactCopy.form.savedOnDevice;
      await expect(toast).toHaveText(
        failure === 'network' ? `${SPEC.failed}${saved}` : SPEC.failed,
      );
      await expect(fields.form.getByRole('status').filter({ hasText: saved })).toHaveCount(
        failure === 'network' ? 1 : 0,
      );
      await expect(toast).toHaveAttribute('data-type', 'error');
      await expect(fields.name).toHaveValue(values.name);
      await expect(fields.email).toHaveValue(values.email);
      await expect(fields.message).toHaveValue(values.message);
      await expect(fields.submit).toBeEnabled();
      // Logged by the page itself, not only Chromium's own "Failed to load resource" line.
      const logged = consoleProblems.filter(
        (line) => line.startsWith('error:') && !line.includes('Failed to load resource'),
      );
      expect(logged.length, 'the failure is logged to the console').toBeGreaterThan(0);

      const rows = await server.query('select 1 from contact_submissions where email = $1', [
        values.email,
      ]);
      expect(rows).toHaveLength(0);

      // Trying again once the connection is back works.
      await page.unroute(SUBMIT_URL);
      await fields.submit.click();
      await expect(toasts(page).withText(SPEC.sent)).toBeVisible({ timeout: SEND_BUDGET_MS });
    });
  }
});

test.describe('what the page loads and where it talks to', () => {
  test('the submission client loads only once the visitor is on the form, and nothing leaves the origin', async ({
    page,
    server,
  }) => {
    const requests: Request[] = [];
    page.on('request', (request) => requests.push(request));
    const scripts = () =>
      requests.filter((r) => r.resourceType() === 'script').map((r) => new URL(r.url()).pathname);

    const html = await (await page.request.get('/')).text();
    // The page names one script, its entry (fetched once the first frame has painted).
    const entry = html.match(/["'](\/assets\/[^"']+\.js)["']/)![1]!;

    await visit(page);
    expect(scripts(), 'only the entry script loads on first view').toEqual([entry]);

    // Scrolling to the form loads no submission code; focusing it does, so that a
    // message sent offline needs no download (docs/product.md#exactly-once).
    const values = uniqueSubmission('chunks');
    await contactForm(page).form.scrollIntoViewIfNeeded();
    const beforeFocus = new Set(scripts());
    expect([...beforeFocus].some((path) => /submit/.test(path))).toBe(false);
    await fillContactForm(page, values);
    await expect
      .poll(() => scripts().filter((path) => !beforeFocus.has(path)))
      .toContainEqual(expect.stringMatching(/submit-contact/));

    await contactForm(page).submit.click();
    await expect(toasts(page).withText(SPEC.sent)).toBeVisible({ timeout: SEND_BUDGET_MS });

    // Scroll the rest of the page so every lazy image has been asked for too.
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await page.getByRole('heading', { name: /Trusted by/ }).scrollIntoViewIfNeeded();
    const foreign = requests.map((r) => r.url()).filter((url) => !url.startsWith(`${server.url}/`));
    expect(foreign).toEqual([]);
    expect(requests.some((r) => r.method() === 'POST')).toBe(true);
  });
});
