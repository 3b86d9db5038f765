import { expect, test } from './coverage';
import { MESSAGES } from '../../shared/copy/contact-messages';
import { contactForm, fillContactForm, SEND_BUDGET_MS, toasts } from './support/contact';
import { startNoScriptServer } from './support/no-script-server';
import { visit } from './support/site';
import { uniqueSubmission } from '../support/submission.ts';
import { SERVER_TEST_BUDGET_MS } from '../support/budgets.ts';

/** supabase/migrations/20261125000500_free_repeats_limited_challenges.sql */
const CHALLENGES_PER_SUBMISSION = 10;
const CHALLENGE_PATH = '/rest/v1/rpc/contact_challenge';

/**
 * The challenge is limited per address in the database (docs/spam.md). A script's
 * burst from the visitor's address meets PostgREST's 429; the page's own
 * request then meets it too, waits as told (Retry-After, on the page's
 * clock) and asks again, and the visitor sees only their message sent.
 */
test('after a burst of challenges meets 429, the page waits and still sends', async ({ page }) => {
  test.setTimeout(SERVER_TEST_BUDGET_MS);
  const server = await startNoScriptServer({ rateLimitPerMinute: 1 });
  try {
    const refusals = () =>
      server.log.filter(
        (line) => line.includes(CHALLENGE_PATH) && line.includes('"statusCode":429'),
      ).length;
    await page.clock.install();
    await visit(page, server.url);

    // The burst, from the same address as the page (loopback).
    const statuses: number[] = [];
    for (let i = 0; i <= CHALLENGES_PER_SUBMISSION; i++) {
      statuses.push(
        (await page.request.post(`${server.url}${CHALLENGE_PATH}`, { data: {} })).status(),
      );
    }
    expect(statuses.at(-1)).toBe(429);
    expect(refusals()).toBe(1);

    const fields = contactForm(page);
    await fields.form.scrollIntoViewIfNeeded();
    await fillContactForm(page, uniqueSubmission('challenge-limit'));
    await fields.submit.click();
    // The page's own challenge was refused too: it waits out the minute.
    await expect.poll(refusals, { timeout: SEND_BUDGET_MS }).toBe(2);

    // The minute passes, for the database's window and the page's clock.
    await server.query(
      "update app_private.submission_windows set started_at = started_at - interval '61 seconds'",
    );
    await page.clock.fastForward(61_000);
    await expect(toasts(page).withText(MESSAGES.sent)).toBeVisible({ timeout: SEND_BUDGET_MS });
    await expect(toasts(page).withText(MESSAGES.failed)).toHaveCount(0);
  } finally {
    await server.close();
  }
});
