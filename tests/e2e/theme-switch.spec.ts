import type { Page } from '@playwright/test';
import { THEME_SWITCHING_ATTRIBUTE } from '../../src/features/theme/theme-choice';
import { expect, test } from './fixtures';
import { themeToggle, visit, waitForIsland } from './support/site';

/**
 * A press on the theme control switches the theme in one frame with every transition stopped
 * (src/features/theme/theme-choice.ts, styles.css): no fade starts on the links and fields whose
 * colours change, and hovers fade again once that frame is drawn.
 */

/** Records every transition the page starts (transitionrun), from now on. */
async function recordTransitions(page: Page) {
  await page.evaluate(() => {
    const started: string[] = [];
    (window as unknown as { started: string[] }).started = started;
    document.addEventListener(
      'transitionrun',
      (event) => started.push(`${(event.target as Element).tagName} ${event.propertyName}`),
      { capture: true },
    );
  });
  return () => page.evaluate(() => (window as unknown as { started: string[] }).started);
}

/** A press, then the frame it is drawn in: the theme has changed and the attribute is gone. */
async function pressAndWaitForFrame(page: Page) {
  const before = await page.locator('html').getAttribute('data-theme');
  await themeToggle(page).click();
  await expect(page.locator('html')).not.toHaveAttribute('data-theme', before ?? '');
  await expect(page.locator('html')).not.toHaveAttribute(THEME_SWITCHING_ATTRIBUTE);
}

test('a press switches the theme without starting a fade, before and after the nav hydrates', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'no-preference' });
  await visit(page);
  // The pointer rests away from every link, so only the switch could start a transition.
  await page.mouse.move(640, 500);
  const started = await recordTransitions(page);

  // The first press is answered by the islands' loader, the next by the hydrated island.
  await pressAndWaitForFrame(page);
  await waitForIsland(page, 'nav');
  await pressAndWaitForFrame(page);
  expect(await started()).toEqual([]);

  // Once the switch is drawn, a hover fades as before.
  await page.getByRole('contentinfo').getByRole('link').first().hover();
  await expect.poll(started).not.toEqual([]);
});

test('every element with a transition is stopped while the theme switches', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await visit(page);
  const moving = (attribute: boolean) =>
    page.evaluate(
      ({ attribute, name }) => {
        document.documentElement.toggleAttribute(name, attribute);
        return [...document.querySelectorAll('body *')]
          .filter((element) =>
            getComputedStyle(element)
              .transitionDuration.split(',')
              .some((duration) => parseFloat(duration) > 0),
          )
          .map((element) => element.className.toString());
      },
      { attribute, name: THEME_SWITCHING_ATTRIBUTE },
    );
  // Without the attribute there are transitions to stop, so the check below is not empty-handed.
  expect((await moving(false)).length).toBeGreaterThan(10);
  expect(await moving(true)).toEqual([]);
});
