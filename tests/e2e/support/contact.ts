import type { Page } from '@playwright/test';
import { contactCopy } from '../../../src/content/contact';

/**
 * How long a test waits for a send's outcome (the toast, the stored row, the
 * email or webhook): the proof at the tests' difficulty, the insert and the
 * toast, with room for Chromium at 4× CPU on two cores both kept busy. Only
 * a deadline: each wait ends as soon as the state shows.
 */
export const SEND_BUDGET_MS = 20_000;

/** Where the form posts: PostgREST's insert on the site's own origin (with `?on_conflict=…`). */
export const SUBMIT_URL = /\/rest\/v1\/contact_submissions(?:\?|$)/;

/** The contact form and its controls, found the way a visitor finds them. */
export function contactForm(page: Page) {
  const form = page.getByRole('form', { name: contactCopy.form.title });
  return {
    form,
    name: form.getByLabel(contactCopy.form.nameLabel),
    email: form.getByLabel(contactCopy.form.emailLabel),
    message: form.getByLabel(contactCopy.form.messageLabel),
    submit: form.getByRole('button', { name: contactCopy.form.submitIdle }),
    busy: form.getByRole('button', { name: contactCopy.form.submitBusy }),
  };
}

/** sonner's live region ("Notifications alt+T") and the toasts in it. */
export function toasts(page: Page) {
  const region = page.getByRole('region', { name: /^Notifications/ });
  return {
    region,
    all: region.getByRole('listitem'),
    withText: (text: string) => region.getByRole('listitem').filter({ hasText: text }),
  };
}

/** Fills the form as a visitor types it. */
export async function fillContactForm(
  page: Page,
  values: { name: string; email: string; message: string },
) {
  const fields = contactForm(page);
  await fields.name.fill(values.name);
  await fields.email.fill(values.email);
  await fields.message.fill(values.message);
}
