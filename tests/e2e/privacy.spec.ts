import type { Page } from '@playwright/test';
import { contactCopy } from '../../src/content/contact';
import { footerCopy } from '../../src/content/footer';
import { privacyCopy } from '../../src/content/privacy';
import { expect, test } from './fixtures';
import { contactForm } from './support/contact';
import { config, mailtoHref } from '../support/content';
import { openPrivacyNotice, visit } from './support/site';

const notice = (page: Page) => page.getByRole('dialog', { name: 'Privacy notice' });

test.describe('privacy notice', () => {
  test('the footer’s Privacy Policy opens it as a modal dialog', async ({ page }) => {
    await visit(page);
    const opener = page
      .getByRole('contentinfo')
      .getByRole('link', { name: footerCopy.privacyLabel });
    await opener.click();

    const dialog = notice(page);
    await expect(dialog).toBeVisible();
    expect(privacyCopy.title).toBe('Privacy notice');
    // Modal: the page behind cannot be reached.
    expect(await dialog.evaluate((d: HTMLDialogElement) => d.matches(':modal'))).toBe(true);

    // What is collected, why, for how long, and whom to ask for deletion (docs/product.md#ruling-privacy).
    await expect(dialog.getByRole('heading', { name: 'What we collect' })).toBeVisible();
    await expect(dialog).toContainText('your name, your email address and your message');
    await expect(dialog.getByRole('heading', { name: 'Why' })).toBeVisible();
    await expect(dialog).toContainText('To reply to your enquiry');
    await expect(dialog.getByRole('heading', { name: 'How long we keep it' })).toBeVisible();
    await expect(dialog).toContainText(`${config.retentionMonths} months after you sent it`);
    await expect(dialog).toContainText(/delet/);
    await expect(dialog.getByRole('link', { name: config.contactEmail })).toHaveAttribute(
      'href',
      mailtoHref,
    );
    for (const section of privacyCopy.sections(
      {
        brand: config.brandName,
        email: config.contactEmail,
        phone: config.contactPhone,
        company: config.company,
      },
      config.retentionMonths,
    )) {
      await expect(dialog.getByText(section.body)).toBeVisible();
    }
    // The page does not jump to a missing anchor.
    await expect(page).not.toHaveURL(/#privacy$/);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('keeps Tab inside and closes from its close button', async ({ page }) => {
    await visit(page);
    const dialog = await openPrivacyNotice(page);
    // Close button, email and phone links: go round more than once each way.
    for (const key of [...Array(5).fill('Tab'), ...Array(5).fill('Shift+Tab')] as string[]) {
      await page.keyboard.press(key);
      const inside = await page.evaluate(() => !!document.activeElement?.closest('dialog[open]'));
      expect(inside, `${key} keeps focus in the notice`).toBe(true);
    }
    await dialog.getByRole('button', { name: privacyCopy.close }).click();
    await expect(dialog).toBeHidden();
  });

  test('the form’s Privacy notice link opens it too', async ({ page }) => {
    await visit(page);
    const { form } = contactForm(page);
    await form.scrollIntoViewIfNeeded();
    await form.getByRole('link', { name: contactCopy.form.privacyLink }).click();
    await expect(notice(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(notice(page)).toBeHidden();
  });

  test('arriving with #privacy in the address opens it', async ({ page }) => {
    await visit(page, '/#privacy');
    await expect(notice(page)).toBeVisible();
  });
});
