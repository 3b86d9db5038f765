import { existsSync } from 'node:fs';

/** The test command's and CI's own setting: under CI=true no suite may be skipped. */
export const CI = process.env.CI === 'true' || process.env.CI === '1';

/**
 * Why a suite that needs the programs at `tools` is skipped, if it is: the test
 * command sets `flag` when it could not install them, and a missing program is
 * named. Never under CI=true: there the suite runs and fails without them.
 */
export function skipReason(flag: string, tools: string[]): string | undefined {
  if (CI) return undefined;
  if (process.env[flag] === '1') return `${flag}=1`;
  const missing = tools.find((tool) => !existsSync(tool));
  return missing && `no ${missing}`;
}
