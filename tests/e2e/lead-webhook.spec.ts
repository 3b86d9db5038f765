import { expect, test } from './coverage';
import { WEBHOOK_SECRET, WebhookReceiver } from '../support/webhook-receiver';
import { contactForm, fillContactForm, SEND_BUDGET_MS, toasts } from './support/contact';
import { uniqueSubmission } from '../support/submission.ts';
import { NOTIFY_EMAIL, startNoScriptServer } from './support/no-script-server';
import { visit } from './support/site';
import { SERVER_TEST_BUDGET_MS } from '../support/budgets.ts';

/**
 * A lead sent from the page reaches the agency's other tool (docs/webhooks.md), signed
 * (a receiver that verifies it with the standardwebhooks package), and the
 * email still goes.
 */
test('a lead sent from the page is posted to the webhook, signed, and emailed', async ({
  page,
}) => {
  test.setTimeout(SERVER_TEST_BUDGET_MS);
  const receiver = await WebhookReceiver.start();
  const server = await startNoScriptServer({
    webhook: { url: receiver.url, secret: WEBHOOK_SECRET },
  });
  try {
    await visit(page, server.url);
    const fields = contactForm(page);
    await fields.form.scrollIntoViewIfNeeded();
    const values = uniqueSubmission('webhook');
    await fillContactForm(page, values);
    await fields.submit.click();
    await expect(toasts(page).withText("Thank you! We'll be in touch shortly.")).toBeVisible({
      timeout: SEND_BUDGET_MS,
    });

    await expect
      .poll(() => receiver.verified.map((hook) => hook.event?.data), { timeout: SEND_BUDGET_MS })
      .toEqual([expect.objectContaining(values)]);
    expect(receiver.received).toHaveLength(1);
    expect(receiver.verified[0]!.event?.type).toBe('contact.submitted');
    await expect
      .poll(() => server.mail.received.map((mail) => mail.envelopeTo), { timeout: SEND_BUDGET_MS })
      .toEqual([[NOTIFY_EMAIL]]);
    // Nothing personal in the server's log.
    expect(server.log.join('\n')).not.toContain(values.email);
  } finally {
    await server.close();
    await receiver.close();
  }
});
