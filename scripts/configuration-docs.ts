/**
 * Writes docs/configuration.md's table of every variable from the settings
 * schemas (`npm run docs:configuration`): its default and rule as the schema
 * parses it, who reads it (the build's schema, src/config/env.ts; the server's,
 * server/settings/schema.ts; both, for settings/shared.ts), and what it is for
 * (settings/variables.ts). tests/server/settings-documented.test.ts fails when
 * the page is out of date.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { format, resolveConfig } from 'prettier';
import type { z } from 'zod';
import { settingsFields } from '../server/settings/schema.ts';
import { ruleOf } from '../settings/rules.ts';
import { VARIABLES } from '../settings/variables.ts';
import { buildFields } from '../src/config/env.ts';

export const CONFIGURATION_DOC = 'docs/configuration.md';
const START = '<!-- settings table: written by `npm run docs:configuration` from the schemas -->';
const END = '<!-- end of settings table -->';

type Fields = Record<string, z.ZodType>;
const READERS: [reader: string, fields: Fields][] = [
  ['build', buildFields.shape],
  ['server', settingsFields.shape],
];

/** The default as the schema gives it for an unset variable, written as the table shows it. */
function defaultOf(field: z.ZodType): string {
  const result = field.safeParse(undefined);
  const value: unknown = result.success ? result.data : undefined;
  if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) {
    return 'unset';
  }
  return `\`${String(value)}\``;
}

/** One value per reader, or each labelled where they differ (the site URL: the build has one). */
function perReader(values: [reader: string, value: string][]): string {
  const distinct = new Set(values.map(([, value]) => value));
  if (distinct.size === 1) return values[0]![1];
  return values.map(([reader, value]) => `${value} (${reader})`).join(', ');
}

const escape = (text: string) => text.replaceAll('|', '\\|');

/** Each variable's row, keyed by its name, in settings/variables.ts's order. */
export function configurationRows(): Map<string, string> {
  const known = new Set(READERS.flatMap(([, fields]) => Object.keys(fields)));
  const undocumented = [...known].filter((name) => !(name in VARIABLES));
  if (undocumented.length > 0) {
    throw new Error(`settings/variables.ts does not say what these are for: ${undocumented}`);
  }
  const rows = new Map<string, string>();
  for (const [name, about] of Object.entries(VARIABLES)) {
    const readers = READERS.filter(([, fields]) => name in fields);
    if (readers.length === 0)
      throw new Error(`settings/variables.ts names ${name}, read by nothing`);
    const fields = readers.map(([reader, fields]) => [reader, fields[name]!] as const);
    const readBy = readers.length === READERS.length ? 'both' : readers[0]![0];
    const defaults = perReader(fields.map(([reader, field]) => [reader, defaultOf(field)]));
    const rule = perReader(fields.map(([reader, field]) => [reader, ruleOf(field) ?? 'any text']));
    const cells = [`\`${name}\``, readBy, defaults, escape(rule), about];
    rows.set(name, `| ${cells.join(' | ')} |`);
  }
  return rows;
}

/** The page with its table rewritten, formatted as `npm run format` would leave it. */
export async function renderConfigurationDoc(markdown: string): Promise<string> {
  const start = markdown.indexOf(START);
  const end = markdown.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${CONFIGURATION_DOC} lacks the table's markers`);
  const table = [
    '| Variable | Read by | Default | Rule | Meaning |',
    '| --- | --- | --- | --- | --- |',
    ...configurationRows().values(),
  ].join('\n');
  const page = `${markdown.slice(0, start)}${START}\n\n${table}\n\n${markdown.slice(end)}`;
  const options = await resolveConfig(CONFIGURATION_DOC);
  return format(page, { ...options, filepath: CONFIGURATION_DOC });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const current = readFileSync(CONFIGURATION_DOC, 'utf8');
  writeFileSync(CONFIGURATION_DOC, await renderConfigurationDoc(current));
}
