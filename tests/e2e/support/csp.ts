import type { Page } from '@playwright/test';

declare global {
  interface Window {
    cspViolations: string[];
  }
}

/**
 * Records Content-Security-Policy violations from the first byte of each
 * page the test opens: a blocked inline script fires before any test code runs.
 */
export async function recordCspViolations(page: Page) {
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.cspViolations.push(`${event.violatedDirective} blocked ${event.blockedURI}`);
    });
  });
}

/** What the page has violated since it opened. */
export const cspViolations = (page: Page) => page.evaluate(() => window.cspViolations);
