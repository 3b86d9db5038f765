import { defineConfig } from 'vitest/config';

/**
 * The page in the other engines visitors use (tests/engines): Firefox ESR over
 * WebDriver BiDi and WebKitGTK over WebDriver, each against the project's own
 * server. Apart from vitest.config.ts because it needs dist/ (the test command
 * builds first) and the engines' Debian packages.
 */
export default defineConfig({
  test: {
    include: ['tests/engines/**/*.test.ts'],
    environment: 'node',
    // One browser at a time on a 2-core machine: each engine is a handful of processes.
    fileParallelism: false,
    // A browser's first start and a page's hydration are slow on a busy machine.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
