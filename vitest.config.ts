import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import ProcessesFirst from './tests/setup/processes-first.ts';

/**
 * Unit and server tests (browser tests are Playwright's, in tests/e2e), as two projects run
 * together. The server project's global setup provides a PostgreSQL
 * (tests/setup/global-setup.ts) so the server suites run against both the embedded database
 * and PostgreSQL.
 */
export default defineConfig({
  test: {
    environment: 'node',
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.{ts,tsx}'],
          globalSetup: ['tests/setup/global-setup.ts'],
          // A worker keeps the modules it has loaded from one file to the next instead of loading
          // the server afresh for each file, which saves about a quarter of the suite's time and
          // CPU. Each file still starts its own servers and databases; nothing a file makes
          // outlives it (sharedPerBackend's afterAll closes what it started), and no server module
          // keeps state between calls.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit',
          // Isolated: some set the build's config before importing the modules that read it.
          include: ['tests/unit/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}'],
        },
      },
    ],
    // At least two test files at once (Vitest's default is cores - 1: one at a time on 2). Many
    // files wait more than they compute (spawned servers, PostgreSQL, timers), so the second
    // worker fills the gaps: on two cores, two workers take about two thirds of one's time for
    // the same CPU, and pass with both cores kept busy by other work. Files that start a
    // server give it SERVER_TEST_BUDGET_MS; the PostgreSQL roles are made once in the global
    // setup, so two files cannot race to create them.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Opening an embedded database takes a second or two on a busy 2-core CI machine, and some
    // CI hosts are three and a half times slower than others (playwright.config.ts): deadlines
    // only, as every wait ends once its state shows.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Tests undo what they start with onTestFinished, last-registered first (a
    // server closes before its database goes): "stack" is Vitest's default, kept on purpose.
    // Files that start processes first (tests/setup/processes-first.ts).
    sequence: { hooks: 'stack', sequencer: ProcessesFirst },
    // Line and branch coverage of the code the tests reach in-process (not the
    // server processes they spawn); on with --coverage, which scripts/test.mjs
    // passes. It adds the browser tests' coverage to this one, per folder, and holds
    // each folder to its floor (docs/testing.md).
    coverage: {
      provider: 'v8',
      include: [
        'server/**/*.{ts,tsx}',
        'shared/**/*.{ts,tsx}',
        'settings/**/*.{ts,tsx}',
        'src/**/*.{ts,tsx}',
      ],
      exclude: ['**/*.test.{ts,tsx}', '**/*.d.ts', 'tests/**'],
      reporter: [['json', { file: 'coverage-final.json' }]],
      reportsDirectory: '.tmp/reports/coverage',
      // A failed test must not hide the figures: the summary prints either way.
      reportOnFailure: true,
    },
  },
});
