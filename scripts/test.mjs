// The whole test suite, as the README's test command and CI run it:
// formatting, lint, types, unused code and the production build, side by side;
// then, in two lanes at once, the unit and server tests (PGlite and a real
// PostgreSQL) beside the browser tests in Debian's Chromium; then the page in
// Firefox ESR and WebKitGTK; last, both lanes' coverage per folder, each held to
// its floor (docs/testing.md).
// It provisions what it needs; outside CI a suite whose tools cannot be had is
// skipped with a loud reason, and with CI=true nothing is skipped.
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statfsSync,
} from 'node:fs';
import { constants } from 'node:os';
import { resolve } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { BROWSER_COVERAGE, checkCoverage, recordRun } from './coverage-summary.mjs';

const CI = process.env.CI === 'true' || process.env.CI === '1';
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const PG_BIN = '/usr/lib/postgresql/15/bin';
const REPORTS = '.tmp/reports';
/** Chromium's counts of the page's code, one file per test (tests/e2e/coverage.ts). */
const BROWSER_COUNTS = `${REPORTS}/browser-counts`;

const totals = { passed: 0, failed: 0, skipped: 0 };
/** Each failed test's file, name and first line of its error: repeated at the very end, where a CI log's tail shows it. */
const failures = [];
const skippedSuites = [];
let failedSteps = [];

/** Each step's name, wall-clock time and outcome, printed as a table at the end: the slow step shows. */
const timings = [];

/** The steps' processes now running, each leading its own process group: an interrupt is passed on to them. */
const running = new Set();

/**
 * Runs one step in its own process and resolves with its row for the timings table. Its output
 * streams to this log, or, `buffered`, is printed whole when it ends, so that two steps running
 * side by side never interleave their logs.
 */
async function runStep({ name, command, args, env = {}, buffered = false }) {
  const started = performance.now();
  const header = `\n▶ ${name}: ${command} ${args.join(' ')}\n`;
  if (!buffered) process.stdout.write(header);
  const child = spawn(command, args, {
    stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, ...env },
    // Its own process group, so that an interrupt reaches all it started (npx passes a SIGTERM on
    // to its shell, and no further).
    detached: true,
  });
  running.add(child);
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const code = await new Promise((resolve) => {
    child.once('error', (error) => {
      output += String(error);
      resolve(1);
    });
    child.once('close', resolve);
  });
  running.delete(child);
  if (buffered) process.stdout.write(`${header}${output}`);
  const ok = code === 0;
  if (!ok) failedSteps.push(name);
  return { name, ms: performance.now() - started, ok };
}

/** A group's row in the timings (its own time), then its steps' rows, indented, in the order given. */
function pushGroup(group, started, rows) {
  timings.push({ name: group, ms: performance.now() - started, ok: rows.every((row) => row.ok) });
  timings.push(...rows.map((row) => ({ ...row, name: `  ${row.name}` })));
}

/**
 * Runs independent steps side by side, at most two at once (one per core), each taking the next
 * step when it ends: each check is mostly one thread, so two cores finish them sooner (26 s
 * instead of 32 on a quiet 2-core machine).
 */
async function runSideBySide(group, steps, atOnce = 2) {
  const started = performance.now();
  const queue = [...steps];
  const done = new Map();
  const lane = async () => {
    for (let step = queue.shift(); step; step = queue.shift()) {
      done.set(step.name, await runStep({ ...step, buffered: true }));
    }
  };
  await Promise.all(Array.from({ length: atOnce }, lane));
  pushGroup(
    group,
    started,
    steps.map(({ name }) => done.get(name)),
  );
}

const minutes = (ms) => {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

/** The steps' times, so the slowest shows at a glance (`tools`: finding or installing them). */
function printTimings(totalMs) {
  const width = Math.max(...timings.map((row) => row.name.length), 'total'.length);
  console.log(`\n${'step'.padEnd(width)}  time (m:ss)`);
  for (const { name, ms, ok } of timings) {
    console.log(`${name.padEnd(width)}  ${minutes(ms).padStart(11)}${ok ? '' : '  failed'}`);
  }
  console.log(`${'total'.padEnd(width)}  ${minutes(totalMs).padStart(11)}`);
}

function aptInstall(packages) {
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) return false;
  console.log(`Installing ${packages.join(', ')} from Debian's packages…`);
  const quiet = { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } };
  spawnSync('apt-get', ['update', '-qq'], quiet);
  return spawnSync('apt-get', ['install', '-y', '-qq', ...packages], quiet).status === 0;
}

function ensure(tool, present, packages) {
  if (present()) return true;
  aptInstall(packages);
  if (present()) return true;
  const reason = `${tool} is not installed and could not be installed (${packages.join(', ')})`;
  if (CI) {
    console.error(`\n✖ ${reason}; CI=true, so nothing may be skipped.`);
    process.exit(1);
  }
  console.warn(
    `\n${'!'.repeat(72)}\n!! SKIPPING suites that need ${tool}: ${reason}.\n${'!'.repeat(72)}`,
  );
  skippedSuites.push(tool);
  return false;
}

function count(file, read, failed) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const counts = read(report);
  for (const key of Object.keys(totals)) totals[key] += counts[key] ?? 0;
  failures.push(...failed(report));
}

// Without colour codes, so the line reads the same in a log file.
const firstLine = (message = '') =>
  stripVTControlCharacters(message).trim().split('\n')[0].slice(0, 300);

const relative = (path) => path.replace(`${process.cwd()}/`, '');

/** Vitest's JSON report: each failed test's file, full name and message, or the file's own when it failed outside a test. */
function vitestFailures(report) {
  return report.testResults.flatMap((file) => {
    const failed = file.assertionResults
      .filter((test) => test.status === 'failed')
      .map((test) => ({
        where: relative(file.name),
        name: test.fullName,
        why: firstLine(test.failureMessages?.[0]),
      }));
    // A file that failed outside any test (an import, a hook): its own message.
    if (file.status === 'failed' && !failed.length) {
      return [{ where: relative(file.name), name: '(the file)', why: firstLine(file.message) }];
    }
    return failed;
  });
}

/** Playwright's JSON report: every test whose outcome was not the expected one, with the last error. */
function playwrightFailures(report) {
  const found = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status === 'expected' || test.status === 'skipped') continue;
        const errors = test.results.flatMap((result) => result.errors ?? []);
        found.push({
          where: `tests/e2e/${spec.file}:${spec.line}`,
          name: [...titles, spec.title].join(' › '),
          why: firstLine(errors.at(-1)?.message),
        });
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report.suites) walk(suite, []);
  return found;
}

function printFailures() {
  if (!failures.length) return;
  console.error('\nFailed tests:');
  for (const { where, name, why } of failures) console.error(`✖ ${where} › ${name}\n    ${why}`);
}

/**
 * Runs Vitest with `args` as a step and adds the counts of its JSON report (`report` in REPORTS)
 * to the totals; resolves with the step's row.
 */
async function vitest(name, args, report, env, buffered = false) {
  const file = `${REPORTS}/${report}`;
  const reporters = ['--reporter=default', '--reporter=json', `--outputFile.json=${file}`];
  const row = await runStep({
    name,
    command: 'npx',
    args: ['vitest', 'run', ...args, ...reporters],
    env,
    buffered,
  });
  count(
    file,
    (r) => ({
      passed: r.numPassedTests,
      failed: r.numFailedTests,
      skipped: r.numPendingTests + r.numTodoTests,
    }),
    vitestFailures,
  );
  return row;
}

/** statfs(2)'s f_type for tmpfs. */
const TMPFS_MAGIC = 0x01021994;
const SCRATCH_ROOM = 2 * 1024 ** 3;

/**
 * Where every step's temporary files go (TMPDIR): the tests' databases, the data directories of the
 * servers they start, browser profiles. In memory when the machine has a tmpfs with room, since
 * nearly every server test copies a migrated embedded database (40 MB, 1,136 files) and removes it
 * after: on an ext4 disk those writes, their writeback and their removal blocked the Vitest
 * workers (copyFile was over a fifth of one worker's profile); in memory the unit and server step
 * takes about two thirds of its time on disk.
 * Nothing here tests the disk: durability is checked by its mechanism (fsync reaches the file,
 * durable-node-fs.test.ts) and by kill -9 (persistence.test.ts), which a tmpfs keeps as a disk does.
 * Elsewhere (no /dev/shm, or a small one, as Docker gives) the system's TMPDIR is kept.
 */
function scratchDir() {
  try {
    const shm = statfsSync('/dev/shm');
    if (shm.type !== TMPFS_MAGIC || shm.bavail * shm.bsize < SCRATCH_ROOM) return undefined;
    const dir = mkdtempSync('/dev/shm/site-tests-');
    // PostgreSQL's test cluster runs as the postgres user, in a directory it owns inside this one.
    chmodSync(dir, 0o755);
    return dir;
  } catch {
    return undefined;
  }
}

const suiteStarted = performance.now();
rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });
const scratch = scratchDir();
if (scratch) {
  // Every step inherits it; removed at the end, whatever the outcome.
  process.env.TMPDIR = scratch;
  process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));
}
// Interrupted (Ctrl-C, or a SIGTERM sent to this process alone): every process the running steps
// started is stopped too, and no files are left in memory behind.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    for (const child of running) {
      try {
        process.kill(-child.pid, signal);
      } catch {
        // The group has already gone.
      }
    }
    process.exit(128 + constants.signals[signal]);
  });
}
console.log(`Temporary files in ${scratch ?? `${process.env.TMPDIR ?? '/tmp'} (no roomy tmpfs)`}`);

const hasPostgres = ensure(
  'PostgreSQL 15',
  () => existsSync(`${PG_BIN}/initdb`) || !!process.env.DATABASE_URL,
  ['postgresql-15'],
);
const hasChromium = ensure('Chromium', () => existsSync(CHROMIUM), ['chromium']);
// The production tests run deploy/nginx.conf in Debian's nginx with a throwaway certificate.
const hasNginx = ensure(
  'nginx and openssl',
  () => existsSync('/usr/sbin/nginx') && existsSync('/usr/bin/openssl'),
  ['nginx-light', 'openssl'],
);
// The print test reads the page's PDF back as text (tests/e2e/print.spec.ts).
const hasPdftotext = ensure('pdftotext', () => existsSync('/usr/bin/pdftotext'), ['poppler-utils']);
// The page in the other engines visitors use (tests/engines): Firefox ESR, and WebKitGTK on a virtual display.
const hasFirefox = ensure('Firefox ESR', () => existsSync('/usr/bin/firefox-esr'), ['firefox-esr']);
const hasWebKit = ensure(
  'WebKitWebDriver and Xvfb',
  () => existsSync('/usr/bin/WebKitWebDriver') && existsSync('/usr/bin/Xvfb'),
  ['webkit2gtk-driver', 'xvfb'],
);

timings.push({ name: 'tools', ms: performance.now() - suiteStarted, ok: !skippedSuites.length });

// The longest first, so the two lanes end together. The build is one of them: nothing else
// writes what it writes (dist/, build/, public/, all ignored by the checks), and the browser steps
// below need it.
await runSideBySide('checks and build, two at once', [
  { name: 'lint', command: 'npx', args: ['eslint', '.', '--max-warnings=0'] },
  { name: 'types', command: 'npx', args: ['tsc', '-p', 'tsconfig.json', '--noEmit'] },
  { name: 'build', command: 'npm', args: ['run', 'build'] },
  { name: 'format', command: 'npx', args: ['prettier', '--check', '.'] },
  // No unused file, export or dependency (knip.json names the entry points).
  { name: 'unused code', command: 'npx', args: ['knip'] },
]);
const built = !failedSteps.includes('build');

/** Chromium's tests of the page and the inbox (playwright.config.ts), counted from its JSON report. */
async function chromium() {
  if (!built || !hasChromium) return undefined;
  const row = await runStep({
    name: 'Chromium',
    command: 'npx',
    args: ['playwright', 'test', '--reporter=list,json'],
    env: {
      PLAYWRIGHT_JSON_OUTPUT_NAME: `${REPORTS}/playwright.json`,
      E2E_COVERAGE_DIR: resolve(BROWSER_COUNTS),
      CHROME_PATH: CHROMIUM,
      ...(hasPdftotext ? {} : { SKIP_PDFTOTEXT: '1' }),
    },
  });
  count(
    `${REPORTS}/playwright.json`,
    (r) => ({
      passed: r.stats.expected,
      failed: r.stats.unexpected + r.stats.flaky,
      skipped: r.stats.skipped,
    }),
    playwrightFailures,
  );
  return row;
}

/**
 * The page in Firefox ESR and WebKitGTK (vitest.engines.config.ts), one browser at a time; its log
 * printed whole when it ends, as it may run while Chromium's streams.
 */
function otherEngines() {
  if (!built) return undefined;
  return vitest(
    'other engines',
    ['--config=vitest.engines.config.ts'],
    'engines.json',
    {
      ...(hasFirefox ? {} : { SKIP_FIREFOX: '1' }),
      ...(hasWebKit ? {} : { SKIP_WEBKIT: '1' }),
    },
    true,
  );
}

/** Chromium's tests, then what of the page's code they ran (scripts/browser-coverage.mjs). */
async function chromiumWithCoverage() {
  const chromiumRow = await chromium();
  if (!chromiumRow) return [];
  // What of the page's code the browser tests ran, carried back to our sources through the
  // build's source maps, in the form of the Vitest tests' coverage.
  const coverageRow = await runStep({
    name: 'browser coverage',
    command: process.execPath,
    args: ['scripts/browser-coverage.mjs', BROWSER_COUNTS, BROWSER_COVERAGE],
  });
  return [chromiumRow, coverageRow];
}

// The tests in two lanes at once: neither fills two cores alone. The unit and server tests wait on
// processes, PostgreSQL and timers (their workers use about one core between them), and Chromium's
// workers on pages and the server, so each lane uses the time the other leaves idle. Firefox and
// WebKit follow in whichever lane ends first, one browser at a time, instead of after both (71 s of
// a 17:39 suite): the lanes end minutes apart, and the engines use what the longer one leaves idle.
// On cores that other work keeps busy nothing is idle, and the suite takes as long either way
// (18:06 and 18:44 after the change, 17:39 before, with two busy loops beside it, the checks'
// own time varying as much). Chromium streams its log; the unit and server tests and the engines
// print theirs whole when they end.
const testsStarted = performance.now();
let enginesStarted = false;
/** The engines' row, for the lane that ends first; none for the other. */
async function thenEngines(rows) {
  if (enginesStarted) return rows;
  enginesStarted = true;
  const engines = await otherEngines();
  return engines ? [...rows, engines] : rows;
}
const [serverRows, browserRows] = await Promise.all([
  // With coverage of server/, shared/ and src/ (vitest.config.ts), summed per folder at the end.
  vitest(
    'unit and server',
    ['--coverage'],
    'vitest.json',
    {
      ...(hasPostgres ? {} : { SKIP_POSTGRES: '1' }),
      ...(hasNginx ? {} : { SKIP_NGINX: '1' }),
      // The build step above has just compiled the server: the server tests' global setup need not.
      ...(built ? { SERVER_BUILT: '1' } : {}),
    },
    true,
  ).then((row) => thenEngines([row])),
  chromiumWithCoverage().then(thenEngines),
]);
pushGroup('tests, two lanes at once', testsStarted, [...serverRows, ...browserRows]);
const browserCoverage = browserRows.find((row) => row.name === 'browser coverage');
const chromiumRan = browserCoverage !== undefined;

printTimings(performance.now() - suiteStarted);
/** Why this run's coverage cannot be held to the floors (code it left uncounted), if it cannot. */
function uncounted() {
  if (!chromiumRan || !hasPostgres || !hasNginx || !hasPdftotext) return 'a test suite was skipped';
  if (!browserCoverage.ok) return 'the browser coverage step failed';
  return undefined;
}
recordRun(uncounted());
const coverageFailures = checkCoverage();
if (coverageFailures.length) failedSteps.push('coverage floors');
console.log('');
if (skippedSuites.length) console.warn(`!! Skipped suites needing: ${skippedSuites.join(', ')}`);
printFailures();
for (const failure of coverageFailures) console.error(`✖ ${failure}`);
if (failedSteps.length) console.error(`✖ Failed steps: ${failedSteps.join(', ')}`);
console.log(`Tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length ? 1 : 0);
