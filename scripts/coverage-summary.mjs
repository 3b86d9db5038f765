// The Vitest tests' line and branch coverage, per top folder (server/, contact/,
// src/), from coverage-v8's JSON summary: printed at the end of scripts/test.mjs,
// or on its own with `node scripts/coverage-summary.mjs <coverage-summary.json>`.
import { existsSync, readFileSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { argv } from 'node:process';
import { fileURLToPath } from 'node:url';

/** Lines and branches covered by the Vitest tests, per top folder (server/, contact/, src/). */
export function printCoverage(file) {
  if (!existsSync(file)) return;
  const folders = new Map();
  for (const [path, { lines, branches }] of Object.entries(
    JSON.parse(readFileSync(file, 'utf8')),
  )) {
    if (path === 'total') continue;
    const folder = relative(process.cwd(), path).split(sep)[0];
    const sum = folders.get(folder) ?? { lines: [0, 0], branches: [0, 0] };
    sum.lines[0] += lines.covered;
    sum.lines[1] += lines.total;
    sum.branches[0] += branches.covered;
    sum.branches[1] += branches.total;
    folders.set(folder, sum);
  }
  const percent = ([covered, total]) =>
    `${((100 * covered) / (total || 1)).toFixed(1)}% (${covered}/${total})`;
  console.log(`\n${'coverage'.padEnd(10)}${'lines'.padEnd(22)}branches`);
  for (const [folder, { lines, branches }] of folders) {
    console.log(`${`${folder}/`.padEnd(10)}${percent(lines).padEnd(22)}${percent(branches)}`);
  }
}

if (argv[1] === fileURLToPath(import.meta.url)) printCoverage(argv[2]);
