import { footerCopy } from '../../src/content/footer';
import { navCopy } from '../../src/content/navigation';
import { themeCopy } from '../../src/content/theme';
import { ISLANDS } from '../../src/islands/islands';
import { ISLAND_ATTRIBUTE } from '../../src/islands/markers';
import { HYDRATED_ATTRIBUTE } from '../../src/lib/hydration-marker';
import { expect, test } from './fixtures';
import { contactForm, fillContactForm } from './support/contact';
import { VIEWPORTS, island, scrollThrough, visit, waitForIsland } from './support/site';

/**
 * The guard (docs/islands.md): only these parts of the page hydrate. A static
 * section that starts shipping script fails here. Adding an island is a
 * decision: make it here, with the figure (bench/) that shows it pays.
 */
const EXPECTED_ISLANDS = [
  'nav',
  'services',
  'case-studies',
  'contact-form',
  'floating-cta',
  'privacy',
] as const;

test('only the islands hydrate: every static section stays the HTML React wrote at build time', async ({
  page,
  request,
}) => {
  const html = await (await request.get('/')).text();
  const markers = [...html.matchAll(new RegExp(`${ISLAND_ATTRIBUTE}="([\\w-]+)"`, 'g'))].map(
    (match) => match[1],
  );
  expect(markers).toEqual([...EXPECTED_ISLANDS]);
  expect(Object.keys(ISLANDS).sort()).toEqual([...EXPECTED_ISLANDS].sort());
  expect(html).not.toContain(HYDRATED_ATTRIBUTE);

  await visit(page);
  // Every trigger fired: scrolled through, then a press on the nav and a privacy link.
  await scrollThrough(page);
  await page.getByRole('contentinfo').getByRole('link', { name: footerCopy.privacyLabel }).click();
  await page.keyboard.press('Escape');
  for (const name of EXPECTED_ISLANDS) await waitForIsland(page, name);

  // Hydration gives each element it adopts a __reactFiber$ key: outside the islands (and
  // the toasts' own root) no element has one, and inside them every control does.
  const owned = await page.evaluate((attribute) => {
    const adopted = (el: Element) => Object.keys(el).some((key) => key.startsWith('__reactFiber$'));
    const all = [...document.querySelectorAll('#root *')];
    const inIsland = (el: Element) => el.closest(`[${attribute}]`) !== null;
    return {
      outside: all.filter((el) => !inIsland(el) && adopted(el)).map((el) => el.tagName),
      notAdopted: all
        .filter((el) => inIsland(el) && el.matches('a, button, input, textarea, dialog, form'))
        .filter((el) => !adopted(el))
        .map((el) => el.outerHTML.slice(0, 80)),
    };
  }, ISLAND_ATTRIBUTE);
  expect(owned).toEqual({ outside: [], notAdopted: [] });
});

test('at load no island has hydrated and no React is fetched', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
  await visit(page);
  for (const name of EXPECTED_ISLANDS) {
    await expect(island(page, name)).not.toHaveAttribute(HYDRATED_ATTRIBUTE);
  }
  expect(scripts).toHaveLength(1);
});

test.describe('a first tap before its island has hydrated is held and answered', () => {
  test.use({ viewport: VIEWPORTS.phone });

  test('the menu toggle opens the menu', async ({ page }) => {
    await visit(page);
    await expect(island(page, 'nav')).not.toHaveAttribute(HYDRATED_ATTRIBUTE);
    await page.getByRole('button', { name: navCopy.openMenu }).click();
    await expect(page.getByRole('dialog', { name: navCopy.menuTitle })).toBeVisible();
    await expect(page.getByRole('button', { name: navCopy.openMenu })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  test('the theme toggle changes the theme once', async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.emulateMedia({ colorScheme: 'light' });
    await visit(page);
    await page
      .getByRole('button', { name: new RegExp(`^${themeCopy.changed('').trim()}`) })
      .click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.locator('html')).toHaveAttribute('data-theme-choice', 'dark');
  });

  test('a privacy link opens the notice as a modal dialog', async ({ page }) => {
    await visit(page);
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: footerCopy.privacyLabel })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Privacy notice' });
    await expect(dialog).toBeVisible();
    expect(await dialog.evaluate((d: HTMLDialogElement) => d.matches(':modal'))).toBe(true);
    await expect(page).not.toHaveURL(/#privacy$/);
  });

  test('what is typed before the form hydrates is kept', async ({ page }) => {
    await visit(page);
    // Typed at once, before the form's island can have hydrated: nothing waits for it.
    const values = { name: 'Early Typist', email: 'early@example.com', message: 'Typed early.' };
    await fillContactForm(page, values);
    await waitForIsland(page, 'contact-form');
    const fields = contactForm(page);
    await expect(fields.name).toHaveValue(values.name);
    await expect(fields.email).toHaveValue(values.email);
    await expect(fields.message).toHaveValue(values.message);
    // React holds them too: its draft, saved on the device, brings them back after a reload.
    await page.reload();
    await fields.name.scrollIntoViewIfNeeded();
    await waitForIsland(page, 'contact-form');
    await expect(fields.name).toHaveValue(values.name);
    await expect(fields.message).toHaveValue(values.message);
  });
});
