/**
 * The settings schema (server/settings/schema.ts) and the build's variables
 * (src/config/env.ts) against what a reader is told: .env.example, the
 * README's configuration table and docs/configuration.md's full one.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { settingsFields } from '../../server/settings/schema.ts';
import { SITE_ENV } from '../../src/config/env.ts';

const KNOWN = new Set([...Object.keys(settingsFields.shape), ...Object.keys(SITE_ENV)]);

/** `NAME=value`, or `# NAME=value` for one the file documents without setting it (NODE_ENV). */
function envExampleNames(text: string): string[] {
  return [...text.matchAll(/^(?:# )?([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]!);
}

/** Variable names in a markdown text's table rows, written as code: `NAME` or `NAME=…`. */
function tableNames(markdown: string): string[] {
  const rows = markdown.split('\n').filter((line) => line.startsWith('|'));
  return rows.flatMap((row) => [...row.matchAll(/`([A-Z][A-Z0-9_]{2,})[`=]/g)].map((m) => m[1]!));
}

/** From the README's "## Configuration…" heading to the next heading of its level. */
function readmeConfiguration(readme: string): string {
  const start = readme.search(/^## Configuration/m);
  expect(start, 'README.md has a "## Configuration" section').toBeGreaterThanOrEqual(0);
  const rest = readme.slice(start + 1);
  const end = rest.search(/^## /m);
  return end < 0 ? rest : rest.slice(0, end);
}

describe('the settings, as documented', () => {
  const example = envExampleNames(readFileSync('.env.example', 'utf8'));

  it('.env.example documents every variable the schema and the build know', () => {
    expect([...KNOWN].filter((name) => !example.includes(name))).toEqual([]);
  });

  it('.env.example names no variable that nothing reads', () => {
    expect(example.filter((name) => !KNOWN.has(name))).toEqual([]);
  });

  it("the README's configuration table names only known variables", () => {
    const names = tableNames(readmeConfiguration(readFileSync('README.md', 'utf8')));
    expect(names.length).toBeGreaterThan(0);
    expect(names.filter((name) => !KNOWN.has(name))).toEqual([]);
  });

  it.runIf(existsSync('docs/configuration.md'))(
    "docs/configuration.md's table names only known variables",
    () => {
      const names = tableNames(readFileSync('docs/configuration.md', 'utf8'));
      expect(names.length).toBeGreaterThan(0);
      expect(names.filter((name) => !KNOWN.has(name))).toEqual([]);
    },
  );
});
