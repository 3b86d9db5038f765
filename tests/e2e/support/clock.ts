import { expect, type Page } from '@playwright/test';

/**
 * Time under the test's control, so no UI timer (a toast's 4 s) runs out while a
 * busy machine is slow to the next step. Call page.clock.install() before the
 * visit, then holdTheClock once the page is ready: from then on, time moves only
 * when advanceUntil (or page.clock.runFor) moves it.
 */
export async function holdTheClock(page: Page): Promise<void> {
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
}

/** Moves time 10 ms at a step until `check` passes: enough for work queued on a timer. */
export async function advanceUntil(page: Page, check: () => Promise<void>): Promise<void> {
  await expect(async () => {
    await page.clock.runFor(10);
    await check();
  }).toPass();
}
