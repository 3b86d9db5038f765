import { defineConfig } from 'vitest/config';

/**
 * Unit and server tests (browser tests are Playwright's, in tests/e2e). The
 * global setup provides a PostgreSQL (tests/setup/global-setup.ts) so the
 * server suites run against both the embedded database and PostgreSQL.
 */
export default defineConfig({
  test: {
    include: [
      'tests/server/**/*.test.{ts,tsx}',
      'tests/unit/**/*.test.{ts,tsx}',
      'src/**/*.test.{ts,tsx}',
    ],
    environment: 'node',
    globalSetup: ['tests/setup/global-setup.ts'],
    // maxWorkers stays Vitest's default, cores - 1: one file at a time on 2 cores. Tried on 2
    // cores shared with other work (load ~20), more workers were slower for the same 23 files
    // (1: 247 s, 2: 363 s, 3: 425 s) and CPU-bound tests overran their deadline: lead-summary's
    // 150 leads (18 s alone), import-boundaries, check-constraints' whole-BMP test,
    // migrations' PGlite from nothing.
    // Opening an embedded database takes a second or two on a busy 2-core CI machine.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Tests undo what they start with onTestFinished, last-registered first (a
    // server closes before its database goes): "stack" is Vitest's default, kept on purpose.
    sequence: { hooks: 'stack' },
    // Line and branch coverage of the code the tests reach in-process (not the
    // server processes they spawn); on with --coverage, which scripts/test.mjs
    // passes. It prints a per-folder summary from the JSON summary.
    coverage: {
      provider: 'v8',
      include: ['server/**/*.{ts,tsx}', 'contact/**/*.{ts,tsx}', 'src/**/*.{ts,tsx}'],
      exclude: ['**/*.test.{ts,tsx}', '**/*.d.ts'],
      reporter: [['json-summary', { file: 'coverage-summary.json' }]],
      reportsDirectory: '.tmp/reports/coverage',
      // A failed test must not hide the figures: the summary prints either way.
      reportOnFailure: true,
    },
  },
});
