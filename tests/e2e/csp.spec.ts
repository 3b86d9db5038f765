import { expect, test } from './fixtures';
import { scrollThrough, visit } from './support/site';

declare global {
  interface Window {
    cspViolations: string[];
  }
}

test('the page loads and hydrates under its Content-Security-Policy, violating nothing', async ({
  page,
  consoleProblems,
}) => {
  // Recorded from the first byte: a blocked inline script fires before any test code runs.
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.cspViolations.push(`${event.violatedDirective} blocked ${event.blockedURI}`);
    });
  });
  const response = await page.goto('/');
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(policy).toMatch(/script-src 'self'( 'sha256-[^']+')+;/);
  expect(policy).not.toMatch(/unsafe-eval/);

  await visit(page);
  await scrollThrough(page);
  expect(await page.evaluate(() => window.cspViolations)).toEqual([]);
  expect(consoleProblems.filter((problem) => /Content.Security.Policy/i.test(problem))).toEqual([]);
  expect(consoleProblems).toEqual([]);
});
