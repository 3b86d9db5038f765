/**
 * The settings schemas (the server's, server/settings/schema.ts; the build's,
 * src/config/env.ts; both extend settings/shared.ts) against what a reader is
 * told: .env.example, the README's configuration table and docs/configuration.md,
 * whose table is written from the schemas.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CONFIGURATION_DOC,
  configurationRows,
  renderConfigurationDoc,
} from '../../scripts/configuration-docs.ts';
import { settingsFields } from '../../server/settings/schema.ts';
import { buildFields } from '../../src/config/env.ts';

const KNOWN = new Set([...Object.keys(settingsFields.shape), ...Object.keys(buildFields.shape)]);

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

  it("docs/configuration.md's tables name only known variables", () => {
    const names = tableNames(readFileSync(CONFIGURATION_DOC, 'utf8'));
    expect(names.length).toBeGreaterThan(0);
    expect(names.filter((name) => !KNOWN.has(name))).toEqual([]);
  });

  it('docs/configuration.md has a row for every variable the schemas know', () => {
    expect([...KNOWN].filter((name) => !configurationRows().has(name))).toEqual([]);
  });

  it('docs/configuration.md is as `npm run docs:configuration` writes it', async () => {
    const current = readFileSync(CONFIGURATION_DOC, 'utf8');
    const expected = await renderConfigurationDoc(current);
    // Name each variable whose row is missing or out of date, not just "the file differs".
    const rowOf = (page: string, name: string) =>
      page.split('\n').find((line) => line.startsWith(`| \`${name}\` `));
    const stale = [...configurationRows().keys()].filter(
      (name) => rowOf(current, name) !== rowOf(expected, name),
    );
    expect(stale, 'run npm run docs:configuration; out of date').toEqual([]);
    expect(current, 'run npm run docs:configuration').toBe(expected);
  });
});
