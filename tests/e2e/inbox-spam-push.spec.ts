import type { Page } from '@playwright/test';
import { MESSAGES } from '../../shared/copy/contact-messages';
import { HELD_PITCH, uniqueSubmission } from '../support/submission.ts';
import { contactForm, fillContactForm, SEND_BUDGET_MS, toasts } from './support/contact';
import { expect, signIn } from './support/inbox';
import { addPushDevice, pushTest as test } from './support/inbox-push';
import { visit } from './support/site';

/**
 * A pitch sent from the page buzzes no phone (docs/spam.md): in Chromium, a visitor sends a
 * link-building pitch and then a real enquiry through the contact form, proof of work and all;
 * our server pushes to a member's device on a local push service that decrypts each push. The
 * real enquiry's push arrives, and none names the pitch.
 */

async function send(page: Page, lead: { name: string; email: string; message: string }) {
  await visit(page);
  await fillContactForm(page, lead);
  await contactForm(page).submit.click();
  await expect(toasts(page).withText(MESSAGES.sent)).toBeVisible({
    timeout: SEND_BUDGET_MS,
  });
}

test('a pitch sent from the page is pushed to no phone; the real enquiry after it is', async ({
  page,
  inbox,
  member,
  pushService,
}) => {
  await signIn(page, inbox, member);
  const phone = await addPushDevice(page, pushService, 'Chrome on Android');

  const pitch = { ...uniqueSubmission('pitch'), message: HELD_PITCH.message };
  const enquiry = uniqueSubmission('enquiry');
  await send(page, pitch);
  await send(page, enquiry);

  const [held] = await inbox.server.query(
    'select suspected_spam, spam_reasons from public.contact_submissions where email = $1',
    [pitch.email],
  );
  expect(held).toEqual({ suspected_spam: true, spam_reasons: HELD_PITCH.reasons });
  // Waits on what the push service decrypted: the enquiry, sent second, is pushed; by then the
  // pitch, stored first, would have been too.
  const pushed = () =>
    pushService.pushesTo(phone.id).map((push) => [push.payload.kind, push.payload.name]);
  await expect.poll(pushed).toContainEqual(['lead', enquiry.name]);
  expect(pushed()).toEqual([['lead', enquiry.name]]);
});
