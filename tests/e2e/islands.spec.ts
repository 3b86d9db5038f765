import { THEME_ICON_PATHS } from '../../src/components/ui/theme-icon-paths';
import { THEME_STORAGE_KEY } from '../../src/config/constants';
import { footerCopy } from '../../src/content/footer';
import type { Page } from '@playwright/test';
import { navCopy, navLinks } from '../../src/content/navigation';
import { themeCopy } from '../../src/content/theme';
import { ISLANDS } from '../../src/islands/islands';
import { ISLAND_ATTRIBUTE } from '../../src/islands/markers';
import { HYDRATED_ATTRIBUTE } from '../../src/lib/hydration-marker';
import { expect, test } from './fixtures';
import { holdTheClock } from './support/clock';
import { contactForm, fillContactForm } from './support/contact';
import {
  ISLAND_LOADER_URL,
  VIEWPORTS,
  expectSectionReached,
  island,
  scrollThrough,
  visit,
  waitForIsland,
  openPrivacyNotice,
} from './support/site';

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

/** Visitors whose page the prerendered theme control (System, light) does not describe too. */
const VISITORS = [
  {
    who: 'on a light system',
    colorScheme: 'light',
    saved: null,
    control: /^Theme: System \(light\)/,
  },
  { who: 'on a dark system', colorScheme: 'dark', saved: null, control: /^Theme: System \(dark\)/ },
  {
    who: 'with Light saved, on a dark system',
    colorScheme: 'dark',
    saved: 'light',
    control: /^Theme: Light\./,
  },
] as const;

for (const { who, colorScheme, saved, control } of VISITORS) {
  test(`at load, ${who}: no island has hydrated, no React is fetched, and the theme control says what the page shows`, async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    await page.emulateMedia({ colorScheme });
    if (saved) {
      await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
        THEME_STORAGE_KEY,
        saved,
      ] as const);
    }
    await page.setViewportSize(VIEWPORTS.desktop);
    await visit(page);
    const toggle = page.getByRole('banner').getByRole('button', { name: /^Theme: / });
    await expect(toggle).toHaveAccessibleName(control);
    const icon = await toggle.locator('path').getAttribute('d');
    expect(icon).toBe(THEME_ICON_PATHS[saved === 'light' ? 'sun' : 'monitor']);
    for (const name of EXPECTED_ISLANDS) {
      await expect(island(page, name)).not.toHaveAttribute(HYDRATED_ATTRIBUTE);
    }
    expect(scripts).toHaveLength(1);
  });
}

test('before the nav hydrates, its theme control follows a change of the system', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(VIEWPORTS.desktop);
  await visit(page);
  const toggle = page.getByRole('banner').getByRole('button', { name: /^Theme: / });
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(toggle).toHaveAccessibleName(/^Theme: System \(dark\)\. Press for Light$/);
  await expect(island(page, 'nav')).not.toHaveAttribute(HYDRATED_ATTRIBUTE);
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
    const dialog = await openPrivacyNotice(page);
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

/**
 * Holds every island's code (the hydration module each one loads first) until
 * `release` is called: what a slow phone sees between a tap and React.
 */
async function holdIslandCode(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(ISLAND_LOADER_URL, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test.describe('a first tap is answered before its island’s code has arrived', () => {
  test.use({ viewport: VIEWPORTS.phone, colorScheme: 'light' });

  test('the menu opens and the theme changes at once; the nav adopts both when it hydrates', async ({
    page,
    consoleProblems,
  }) => {
    await visit(page);
    const release = await holdIslandCode(page);
    const toggle = page.getByRole('button', { name: navCopy.openMenu });
    const menu = page.getByRole('dialog', { name: navCopy.menuTitle });

    await toggle.click();
    await expect(menu).toBeVisible();
    await menu.getByRole('button', { name: /^Theme: System \(light\)/ }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    // Named and spoken as the island would: a screen reader hears the press at once.
    await expect(
      menu.getByRole('button', { name: /^Theme: Dark\. Press for Light$/ }),
    ).toBeVisible();
    await expect(menu.getByRole('status')).toHaveText(themeCopy.changed('Dark'));
    await expect(island(page, 'nav')).not.toHaveAttribute(HYDRATED_ATTRIBUTE);

    release();
    await waitForIsland(page, 'nav');
    // React took over what the taps left: the toggle says the menu is open, the control the theme.
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await menu.getByRole('button', { name: /^Theme: Dark\. Press for Light$/ }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme-choice', 'light');
    await expect(menu.getByRole('status')).toHaveText(themeCopy.changed('Light'));
    await menu.getByRole('button', { name: navCopy.closeMenu }).click();
    await expect(menu).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(consoleProblems).toEqual([]);
  });

  test('Tab and Shift+Tab stay inside the privacy notice and the menu opened before their code came', async ({
    page,
  }) => {
    await visit(page);
    const release = await holdIslandCode(page);
    const focusInsideAfter = async (key: string) => {
      await page.keyboard.press(key);
      return page.evaluate(() => !!document.activeElement?.closest('dialog[open]'));
    };
    const roundTrip = [...Array(5).fill('Tab'), ...Array(5).fill('Shift+Tab')] as string[];

    const notice = await openPrivacyNotice(page);
    for (const key of roundTrip) expect(await focusInsideAfter(key), key).toBe(true);
    await page.keyboard.press('Escape');
    await expect(notice).toBeHidden();

    await page.getByRole('button', { name: navCopy.openMenu }).click();
    const menu = page.getByRole('dialog', { name: navCopy.menuTitle });
    await expect(menu).toBeVisible();
    for (const key of roundTrip) expect(await focusInsideAfter(key), key).toBe(true);
    await expect(island(page, 'nav')).not.toHaveAttribute(HYDRATED_ATTRIBUTE);
    await expect(island(page, 'privacy')).not.toHaveAttribute(HYDRATED_ATTRIBUTE);
    release();
  });

  test('typing goes on while the form hydrates: no keystroke is lost, and the field never blanks', async ({
    page,
    consoleProblems,
  }) => {
    await visit(page);
    const release = await holdIslandCode(page);
    const fields = contactForm(page);
    await fields.name.scrollIntoViewIfNeeded();
    await fields.name.pressSequentially('Early');
    // Every frame from here: was the field ever shown empty?
    await fields.name.evaluate((field: HTMLInputElement) => {
      const seen = window as unknown as { blankedName?: boolean };
      seen.blankedName = false;
      const look = () => {
        if (field.value === '') seen.blankedName = true;
        requestAnimationFrame(look);
      };
      look();
    });
    release();
    // Typed on through the hydration, a keystroke every few milliseconds.
    await fields.name.pressSequentially(' Typist typing on', { delay: 5 });
    await waitForIsland(page, 'contact-form');
    await expect(fields.name).toHaveValue('Early Typist typing on');
    expect(await page.evaluate(() => (window as { blankedName?: boolean }).blankedName)).toBe(
      false,
    );
    // React holds it: its draft, saved on the device, brings it back after a reload.
    await page.reload();
    await fields.name.scrollIntoViewIfNeeded();
    await waitForIsland(page, 'contact-form');
    await expect(fields.name).toHaveValue('Early Typist typing on');
    expect(consoleProblems).toEqual([]);
  });

  test('text selected before the form hydrates stays selected: what is typed next replaces it', async ({
    page,
  }) => {
    await visit(page);
    const release = await holdIslandCode(page);
    const { message } = contactForm(page);
    await message.scrollIntoViewIfNeeded();
    await message.pressSequentially('An early draft');
    await message.press('ControlOrMeta+a');
    const selection = () =>
      message.evaluate((field: HTMLTextAreaElement) => [field.selectionStart, field.selectionEnd]);
    expect(await selection()).toEqual([0, 14]);
    release();
    await waitForIsland(page, 'contact-form');
    expect(await selection()).toEqual([0, 14]);
    await message.pressSequentially('Replaced');
    await expect(message).toHaveValue('Replaced');
  });

  test('a link tapped in the menu before the nav hydrates closes it and goes to its section', async ({
    page,
  }) => {
    await visit(page);
    const release = await holdIslandCode(page);
    await page.getByRole('button', { name: navCopy.openMenu }).click();
    const menu = page.getByRole('dialog', { name: navCopy.menuTitle });
    const link = navLinks[0]!;
    await menu.getByRole('link', { name: link.label }).click();
    // Held for the island, whose handler closes the menu as the link is followed.
    await expect(menu).toBeVisible();
    release();
    await expect(menu).toBeHidden();
    await expectSectionReached(page, link.href);
  });

  test('Escape closes the menu in the frames before it is made modal', async ({ page }) => {
    await page.clock.install();
    await visit(page);
    await holdIslandCode(page);
    // Frames and timers held: the menu stays as the tap showed it, open but not yet modal,
    // where a slow phone leaves it for a frame or more.
    await holdTheClock(page);
    await page.getByRole('button', { name: navCopy.openMenu }).click();
    const menu = page.getByRole('dialog', { name: navCopy.menuTitle });
    await expect(menu).toBeVisible();
    expect(await menu.evaluate((dialog) => dialog.matches(':modal'))).toBe(false);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    // The upgrade that was waiting finds it closed and leaves it so.
    await page.clock.runFor(100);
    await expect(menu).toBeHidden();
  });

  test('when the island’s code cannot load, the menu still opens and Escape closes it', async ({
    page,
  }) => {
    await visit(page);
    await page.route(ISLAND_LOADER_URL, (route) => route.abort());
    await page.getByRole('button', { name: navCopy.openMenu }).click();
    const menu = page.getByRole('dialog', { name: navCopy.menuTitle });
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    // The island has given up loading; the loader still answers the next tap.
    await page.getByRole('button', { name: navCopy.openMenu }).click();
    await expect(menu).toBeVisible();
  });
});
