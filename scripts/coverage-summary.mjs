// Line and branch coverage of every folder of our code, the Vitest tests' and the browser tests'
// together, each held to its floors in tests/coverage-floors.json (docs/testing.md).
// scripts/test.mjs prints it at the end and fails when a folder falls below a floor. After it:
//   node scripts/coverage-summary.mjs          prints the figures again and checks them;
//   node scripts/coverage-summary.mjs --raise  raises the floors to that run's figures, less the
//                                              run-to-run spread (never lowers one).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { argv } from 'node:process';
import { fileURLToPath } from 'node:url';
import libCoverage from 'istanbul-lib-coverage';

export const FLOORS = 'tests/coverage-floors.json';
/** Vitest empties this folder when it starts measuring, so nothing of an older run stays in it. */
const REPORTS = '.tmp/reports/coverage';
const VITEST_COVERAGE = `${REPORTS}/coverage-final.json`;
export const BROWSER_COVERAGE = `${REPORTS}/browser-coverage.json`;
/** What scripts/test.mjs left out of its run, if anything: floors hold only after a whole run. */
const LAST_RUN = `${REPORTS}/last-run.json`;

/**
 * A floor is set this many lines or branches under the figure it is taken from, then rounded
 * down to a whole percent: two runs of the same tests differed by up to two in a folder, in either
 * kind of test (a timer that fires before or after a test's last step), and both add to a folder.
 */
const SPREAD_ITEMS = 4;

const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {});

/** Percentages cut (not rounded) to one decimal, so a figure never shows above what it is. */
const shown = (value) => `${(Math.floor(value * 10) / 10).toFixed(1)}%`;
const percent = ([covered, total]) => (total ? (100 * covered) / total : 100);

/**
 * Both kinds of tests' coverage of each file added together; and the files whose statements or
 * branches the two read differently (their figures would count some twice).
 */
function mergedCoverage() {
  const map = libCoverage.createCoverageMap(readJson(VITEST_COVERAGE));
  const browser = libCoverage.createCoverageMap(readJson(BROWSER_COVERAGE));
  const differing = [];
  for (const file of browser.files()) {
    const before = map.files().includes(file) ? map.fileCoverageFor(file).toSummary() : undefined;
    map.addFileCoverage(browser.fileCoverageFor(file));
    const after = map.fileCoverageFor(file).toSummary();
    if (
      before &&
      before.statements.total + before.branches.total !==
        after.statements.total + after.branches.total
    ) {
      differing.push(relative(process.cwd(), file));
    }
  }
  return { map, differing };
}

/** Lines and branches covered, [covered, total], per folder (the files directly in it). */
function folderFigures(map) {
  const folders = new Map();
  for (const file of map.files()) {
    const path = relative(process.cwd(), file).split(sep).join('/');
    const folder = path.slice(0, path.lastIndexOf('/') + 1);
    const { lines, branches } = map.fileCoverageFor(file).toSummary();
    const sum = folders.get(folder) ?? { lines: [0, 0], branches: [0, 0] };
    sum.lines = [sum.lines[0] + lines.covered, sum.lines[1] + lines.total];
    sum.branches = [sum.branches[0] + branches.covered, sum.branches[1] + branches.total];
    folders.set(folder, sum);
  }
  return new Map([...folders].sort(([a], [b]) => a.localeCompare(b)));
}

/** A folder under a floor, named with both its figures and their floors; undefined if none. */
function shortfall(folder, figures, floor) {
  if (!figures) {
    return `${folder} has floors but no figures: was it measured? (a folder that is gone loses its floors in ${FLOORS})`;
  }
  const kinds = ['lines', 'branches'];
  const under = kinds.filter((kind) => percent(figures[kind]) < floor[kind]);
  if (!under.length) return undefined;
  const both = kinds.map(
    (kind) => `${kind} ${shown(percent(figures[kind]))} (floor ${floor[kind]}%)`,
  );
  return `coverage of ${folder} fell under its floor in ${under.join(' and ')}: ${both.join(', ')}`;
}

/** Why the last run's figures cannot be held to the floors (it left tests out), or undefined. */
function uncheckedReason() {
  if (!existsSync(LAST_RUN)) return 'no whole `npm test` since the last coverage run';
  return readJson(LAST_RUN).unchecked ?? undefined;
}

/**
 * Records what scripts/test.mjs's run left out (`unchecked`: why its figures cannot be held to
 * the floors, such as a skipped suite), or that it was whole (undefined).
 */
export function recordRun(unchecked) {
  mkdirSync(REPORTS, { recursive: true });
  writeFileSync(LAST_RUN, JSON.stringify({ unchecked: unchecked ?? null }));
}

/**
 * Prints each folder's figures beside its floors and returns, after a whole run, one message for
 * each folder under a floor.
 */
export function checkCoverage() {
  if (!existsSync(VITEST_COVERAGE) && !existsSync(BROWSER_COVERAGE)) return [];
  const floors = readJson(FLOORS);
  const { map, differing } = mergedCoverage();
  const figures = folderFigures(map);
  const cell = (pair, floor) =>
    `${shown(percent(pair))} (${pair[0]}/${pair[1]})${floor === undefined ? '' : ` ≥ ${floor}`}`;
  const width = Math.max(...[...figures.keys()].map((folder) => folder.length)) + 2;
  console.log(`\n${'coverage'.padEnd(width)}${'lines'.padEnd(26)}branches   (floors: ${FLOORS})`);
  for (const [folder, sum] of figures) {
    const floor = floors[folder];
    const lines = cell(sum.lines, floor?.lines).padEnd(26);
    console.log(`${folder.padEnd(width)}${lines}${cell(sum.branches, floor?.branches)}`);
  }
  for (const file of differing) {
    console.warn(`! ${file}: Vitest and the browser read it differently`);
  }
  const reason = uncheckedReason();
  if (reason) {
    console.log(`(floors not checked: ${reason})`);
    return [];
  }
  return Object.entries(floors)
    .map(([folder, floor]) => shortfall(folder, figures.get(folder), floor))
    .filter(Boolean);
}

/** Each floor raised to the last run's figure less the spread; a folder without one gets one. */
function raiseFloors() {
  const reason = uncheckedReason();
  if (reason) {
    console.error(`✖ Floors are raised after a whole \`npm test\` only (${reason}).`);
    process.exit(1);
  }
  const floors = readJson(FLOORS);
  const below = ([covered, total]) =>
    Math.max(0, Math.floor(percent([covered - SPREAD_ITEMS, total])));
  for (const [folder, sum] of folderFigures(mergedCoverage().map)) {
    floors[folder] = {
      lines: Math.max(floors[folder]?.lines ?? 0, below(sum.lines)),
      branches: Math.max(floors[folder]?.branches ?? 0, below(sum.branches)),
    };
  }
  // One folder a line, so a raised floor reads as a one-line change.
  const lines = Object.keys(floors)
    .sort()
    .map((folder) => {
      const { lines, branches } = floors[folder];
      return `  ${JSON.stringify(folder)}: { "lines": ${lines}, "branches": ${branches} }`;
    });
  writeFileSync(FLOORS, `{\n${lines.join(',\n')}\n}\n`);
  console.log(`Floors written to ${FLOORS}.`);
}

if (argv[1] === fileURLToPath(import.meta.url)) {
  if (argv.includes('--raise')) raiseFloors();
  const failures = checkCoverage();
  for (const failure of failures) console.error(`✖ ${failure}`);
  process.exitCode = failures.length ? 1 : 0;
}
