import { MESSAGES } from '../../shared/copy/contact-messages';
import { expect, test } from './fixtures';
import {
  contactForm,
  fillContactForm,
  SEND_BUDGET_MS,
  SUBMIT_URL,
  toasts,
} from './support/contact';
import { uniqueSubmission } from '../support/submission.ts';
import { visit } from './support/site';

// Sends, at 4x CPU on two cores other work keeps busy: a visit, the typing and a send outlast 30 s.
test.describe.configure({ timeout: 90_000 });

test.describe('the hidden trap field', () => {
  test('filled (as autofill does), the message is still sent, flagged, and stored as suspected spam', async ({
    page,
    server,
  }) => {
    await visit(page);
    const fields = contactForm(page);
    await fields.form.scrollIntoViewIfNeeded();
    const values = uniqueSubmission('trap');
    await fillContactForm(page, values);
    // Autofill writes the value straight in and fires input, as this does.
    await fields.form.locator('input[name="company_website"]').evaluate((input) => {
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setValue.call(input, 'https://example.co.uk');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });

    const sent = page.waitForRequest(SUBMIT_URL);
    await fields.submit.click();
    const body = (await sent).postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({ ...values, suspected_spam: true });
    expect(body).not.toHaveProperty('company_website');

    // The visitor sees the usual outcome: nothing tells a bot it was spotted.
    await expect(toasts(page).withText(MESSAGES.sent)).toBeVisible({ timeout: SEND_BUDGET_MS });
    // Stored, marked (needs the server side of the suspected-spam column).
    const rows = await server.query(
      'select suspected_spam from contact_submissions where email = $1',
      [values.email],
    );
    expect(rows).toEqual([{ suspected_spam: true }]);
  });

  test('left empty, the request carries no flag at all', async ({ page }) => {
    await visit(page);
    const fields = contactForm(page);
    await fields.form.scrollIntoViewIfNeeded();
    await fillContactForm(page, uniqueSubmission('no-trap'));
    const sent = page.waitForRequest(SUBMIT_URL);
    await fields.submit.click();
    expect((await sent).postDataJSON()).not.toHaveProperty('suspected_spam');
    await expect(toasts(page).withText(MESSAGES.sent)).toBeVisible({ timeout: SEND_BUDGET_MS });
  });
});
