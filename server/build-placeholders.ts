/**
 * The build's note of placeholder settings still in use (scripts/build-guard.ts
 * writes it beside the site): the server repeats it, loudly, at every start,
 * where an operator reading the service's log will see it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Beside index.html; public like the page, which shows the same values anyway. */
export const PLACEHOLDERS_FILE = 'placeholders.json';

/** What the build recorded; none when the site is not built or the note is unreadable. */
export function readPlaceholders(distDir: string): string[] {
  const file = join(distDir, PLACEHOLDERS_FILE);
  if (!existsSync(file)) return [];
  try {
    const { placeholders } = JSON.parse(readFileSync(file, 'utf8')) as { placeholders?: unknown };
    return Array.isArray(placeholders) ? placeholders.filter((p) => typeof p === 'string') : [];
  } catch {
    return [];
  }
}

/** Several lines that stand out in a terminal: what the build prints (scripts/build-guard.ts). */
export function placeholderWarning(placeholders: string[]): string {
  const bar = '!'.repeat(72);
  return [
    bar,
    '!! This build still has placeholder settings; do not put it on the public site:',
    ...placeholders.map((line) => `!!   ${line}`),
    '!! Set them (see .env.example) and run `npm run build` again.',
    bar,
  ].join('\n');
}

/**
 * The same as one log line, for the server's log: JSON a line, where the banner's line breaks
 * came out as a literal "\n" in one long message. The list is also a field, for a log search.
 */
export function placeholderLogLine(placeholders: string[]): [{ placeholders: string[] }, string] {
  return [
    { placeholders },
    `This build still has placeholder settings; do not put it on the public site: ${placeholders.join('; ')}. Set them (see .env.example) and run \`npm run build\` again.`,
  ];
}
