/**
 * How long submissions are kept (docs/product.md#ruling-retention): one setting,
 * VITE_RETENTION_MONTHS, read by the build for the privacy notice's words and by
 * the server, the worker and the command-line tools for the purge that keeps
 * them true (server/leads/retention-purge.ts). Both read the same .env.
 */

/** The privacy notice's promise since the site first collected anything. */
export const DEFAULT_RETENTION_MONTHS = 12;
/** Ten years: longer is no retention limit at all, and a typo (120 for 12) should not pass quietly. */
export const MAX_RETENTION_MONTHS = 120;
/** Suspected spam is kept only long enough for the agency to notice a wrongly flagged lead. */
export const SPAM_RETENTION_DAYS = 30;

const RETENTION_VARIABLE = 'VITE_RETENTION_MONTHS';

/** The setting as a whole number of months; a problem names the variable. */
export function parseRetentionMonths(
  value: string | undefined,
): { months: number } | { problem: string } {
  const text = value?.trim() || String(DEFAULT_RETENTION_MONTHS);
  const months = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!(months >= 1 && months <= MAX_RETENTION_MONTHS)) {
    return {
      problem: `${RETENTION_VARIABLE} must be a whole number of months from 1 to ${MAX_RETENTION_MONTHS}, got "${text}"`,
    };
  }
  return { months };
}
