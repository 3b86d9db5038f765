const CI = process.env.CI === 'true' || process.env.CI === '1';

/**
 * Why an engine's suite is skipped, if it is: the test command sets `flag`
 * when it could not install the engine, and a missing binary says so by name.
 * Under CI=true nothing is skipped (tests/server/support/nginx.ts does the same).
 */
export function skipReason(flag: string, missing: string | undefined): string | undefined {
  if (CI) return undefined;
  return process.env[flag] === '1' ? `${flag}=1` : missing;
}
