import { expect, test } from './fixtures';
import { cspViolations, recordCspViolations } from './support/csp';
import { scrollThrough, visit } from './support/site';

test('the page loads and hydrates under its Content-Security-Policy, violating nothing', async ({
  page,
  consoleProblems,
}) => {
  await recordCspViolations(page);
  const response = await page.goto('/');
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(policy).toMatch(/script-src 'self'( 'sha256-[^']+')+;/);
  expect(policy).not.toMatch(/unsafe-eval/);

  await visit(page);
  await scrollThrough(page);
  expect(await cspViolations(page)).toEqual([]);
  expect(consoleProblems.filter((problem) => /Content.Security.Policy/i.test(problem))).toEqual([]);
  expect(consoleProblems).toEqual([]);
});
