import { expect, type Page } from '@playwright/test';
import { TOASTS } from '../../../src/config/constants';
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

const MODIFIERS: Record<string, string> = {
  altKey: 'Alt',
  ctrlKey: 'Control',
  metaKey: 'Meta',
  shiftKey: 'Shift',
};
/** The toaster's hotkey as Playwright presses it: ['altKey', 'KeyT'] is "Alt+KeyT". */
const HOTKEY = TOASTS.hotkey.map((key) => MODIFIERS[key] ?? key).join('+');

/**
 * Runs `check` (axe, a screenshot) with the toasts on screen held still. A
 * toast leaves at the end of its 4 s, and one that starts to leave while a
 * busy machine checks is checked half faded. The toaster's hotkey
 * (TOASTS.hotkey), as a keyboard user reaches the notifications, expands them
 * and stops their timers; Escape lets them go again. sonner collapses them
 * when a toast leaves and at most one is left, so the hold is taken again
 * until none is leaving and every one is held.
 */
export async function withToastsHeld(page: Page, check: () => Promise<void>) {
  const { all } = toasts(page);
  if ((await all.count()) === 0) return check();
  const free = all.and(page.locator('[data-expanded="false"]'));
  const leaving = all.and(page.locator('[data-removed="true"]'));
  await expect(async () => {
    await expect(leaving).toHaveCount(0, { timeout: 1_000 });
    if ((await free.count()) > 0) await page.keyboard.press(HOTKEY);
    await expect(free).toHaveCount(0, { timeout: 1_000 });
    // A collapse that follows a toast's leaving comes a render later: still held after it?
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    expect((await free.count()) + (await leaving.count())).toBe(0);
  }).toPass();
  await check();
  if ((await all.count()) > 0) await page.keyboard.press('Escape');
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
