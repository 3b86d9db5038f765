import { readdirSync, readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { RunningServer } from '../../server/start.ts';
import { submissionReference } from '../../shared/reference';
import { contactCopy } from '../../src/content/contact';
import { MESSAGES } from '../../shared/copy/contact-messages';
import { uniqueSubmission } from '../support/submission.ts';
import { expect, test } from './fixtures';
import { responseMoments } from './support/response-moments';
import { contactForm, fillContactForm, SEND_BUDGET_MS, toasts } from './support/contact';
import { visit } from './support/site';

/**
 * The thanks after a send says when the reply is due (docs/lead-clocks.md), by the
 * clocks' rule, run in the page on the hours and bank holidays the build wrote
 * in, at the moment the page's clock says the lead was accepted.
 */

type Server = Pick<RunningServer, 'query'>;

async function referenceOf(server: Server, email: string): Promise<string> {
  const rows = await server.query(
    'select submission_key::text as key from public.contact_submissions where email = $1',
    [email],
  );
  expect(rows).toHaveLength(1);
  return submissionReference(String(rows[0]!.key));
}

/** Sends the form with the page's clock held at `at`; the thanks toast. */
async function sendAt(page: Page, at: Date, tag: string) {
  await page.clock.setFixedTime(at);
  await visit(page);
  const submission = uniqueSubmission(tag);
  const fields = contactForm(page);
  await fields.form.scrollIntoViewIfNeeded();
  await fillContactForm(page, submission);
  await fields.submit.click();
  const thanks = toasts(page).withText(MESSAGES.sent);
  await expect(thanks).toBeVisible({ timeout: SEND_BUDGET_MS });
  return { thanks, submission };
}

test.describe('the thanks toast names the reply time', () => {
  for (const moment of responseMoments()) {
    test(`sent on ${moment.name}`, async ({ page, server }) => {
      const { thanks, submission } = await sendAt(page, moment.at, 'response-time');
      const reference = await referenceOf(server, submission.email);
      // The spec's words stay as they are; the description adds the reference and the time.
      await expect(thanks).toContainText(MESSAGES.sent);
      await expect(thanks).toContainText(contactCopy.form.reference(reference, moment.words));
    });
  }

  test.describe('to a visitor in another time zone', () => {
    test.use({ timezoneId: 'America/New_York' });

    test('names the agency’s', async ({ page, server }) => {
      const [tuesday] = responseMoments();
      const { thanks, submission } = await sendAt(page, tuesday!.at, 'response-time-ny');
      const reference = await referenceOf(server, submission.email);
      await expect(thanks).toContainText(
        contactCopy.form.reference(reference, "We'll reply by 17:30 today (UK time)."),
      );
    });
  });
});

test.describe('the confirmation without JavaScript names the reply time', () => {
  test.use({ javaScriptEnabled: false });

  test('at each moment the lead arrived', async ({ page, server }) => {
    const submission = uniqueSubmission('response-time-native');
    await page.goto('/');
    await fillContactForm(page, submission);
    await contactForm(page).submit.click();
    await expect(page).toHaveURL(/\/contact\/sent\/FD-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(page.url()).toContain(await referenceOf(server, submission.email));
    // The server's clock for this lead is its arrival: set to each moment, the page follows.
    for (const moment of responseMoments()) {
      await server.query('update public.contact_submissions set created_at = $1 where email = $2', [
        moment.at.toISOString(),
        submission.email,
      ]);
      await page.reload();
      const words = moment.words.replace(/\.$/, ' (UK time).');
      await expect(page.getByText(`${MESSAGES.sent} ${words}`)).toBeVisible();
    }
  });
});

test('date-holidays never reaches the page: the build wrote in the dates alone', () => {
  const scripts = readdirSync('dist/assets').filter((file) => file.endsWith('.js'));
  // The package's own words for the holidays; the page has none of them.
  const found = scripts.filter((file) =>
    /Boxing Day|Spring Bank Holiday/.test(readFileSync(`dist/assets/${file}`, 'utf8')),
  );
  expect(found).toEqual([]);
});
