import { spawn } from 'node:child_process';
import type { Page } from '@playwright/test';

/** Runs the production build (scripts/build.mjs) with these variables; rejects with its errors. */
export function buildSite(env: Record<string, string>): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['scripts/build.mjs'], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', fail);
    child.on('exit', (code) =>
      code === 0 ? done() : fail(new Error(`build exited ${code}: ${stderr}`)),
    );
  });
}

/** CSP violations from the first byte, and the console's errors and warnings. */
export async function watchPage(page: Page) {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      problems.push(`${message.type()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  await page.addInitScript(() => {
    const violations: string[] = [];
    Object.assign(window, { cspViolations: violations });
    document.addEventListener('securitypolicyviolation', (event) => {
      violations.push(`${event.violatedDirective} blocked ${event.blockedURI}`);
    });
  });
  return {
    problems,
    violations: () =>
      page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
  };
}
