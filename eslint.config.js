import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist',
      'build*',
      'dist-ssr',
      'data',
      'node_modules',
      'test-results',
      'playwright-report',
      'screenshots',
      'bench/results',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  // No function over 100 lines, components and arrow functions included: a longer one is split
  // into named steps, its state into a hook, its markup into components. Tests are left out, as
  // a describe's callback holds its cases and their shared set-up.
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: ['tests/**'],
    rules: {
      'max-lines-per-function': ['error', { max: 100, skipBlankLines: true, skipComments: true }],
    },
  },
  // Every browser test takes its `test` from tests/e2e/coverage.ts (or a fixture built on it), so
  // the page's code it runs counts towards the coverage floors (docs/testing.md).
  {
    files: ['tests/e2e/**/*.ts'],
    ignores: ['tests/e2e/coverage.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              message: 'Take `test` from tests/e2e/coverage.ts, whose page measures what runs.',
            },
          ],
        },
      ],
    },
  },
  // Code the compiled server runs (build/, plain Node, no loader) names each relative import's
  // file in full: Node resolves no missing extension, as the page's bundler does.
  {
    files: [
      'server/**/*.ts',
      'shared/**/*.ts',
      'settings/**/*.ts',
      'src/content/**/*.ts',
      'src/lib/**/*.ts',
      'scripts/*.ts',
    ],
    plugins: { 'import-x': importX },
    rules: { 'import-x/extensions': ['error', 'always', { ignorePackages: true }] },
  },
  // The rooms and their doors (docs/architecture.md): what may import what.
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // The page's imports name no extension (Vite's style), the server's do: resolve both, or a crossing passes unseen.
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] }),
      ],
    },
    rules: {
      // A circle makes load order matter and hides which module owns what.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src',
              from: ['./server', './tests', './bench', './scripts'],
              message: 'The page never imports the server, tests or tools.',
            },
            {
              target: './server',
              from: ['./src', './tests', './bench', './scripts'],
              message:
                'The server imports from outside only the shared rules and words (shared/), never the page (src/).',
            },
            {
              target: './shared',
              from: ['./src', './server', './tests', './bench', './scripts'],
              message:
                'The shared rules and words (shared/) stand alone: they import neither the page nor the server.',
            },
            {
              target: './settings',
              from: ['./src', './server', './tests', './bench', './scripts'],
              message:
                'The settings both the build and the server read stand alone: they may use the shared rules (shared/), nothing else.',
            },
            {
              target: './tests/e2e',
              from: ['./tests/server', './tests/engines', './tests/unit', './tests/setup'],
              message:
                'A test imports helpers from its own folder or from tests/support/, the one shared place.',
            },
            {
              target: './tests/server',
              from: ['./tests/e2e', './tests/engines', './tests/unit', './tests/setup'],
              message:
                'A test imports helpers from its own folder or from tests/support/, the one shared place.',
            },
            {
              target: './tests/engines',
              from: ['./tests/e2e', './tests/server', './tests/unit', './tests/setup'],
              message:
                'A test imports helpers from its own folder or from tests/support/, the one shared place.',
            },
            {
              target: './tests/unit',
              from: ['./tests/e2e', './tests/server', './tests/engines', './tests/setup'],
              message:
                'A test imports helpers from its own folder or from tests/support/, the one shared place.',
            },
            {
              target: './tests/setup',
              from: ['./tests/e2e', './tests/server', './tests/engines', './tests/unit'],
              message:
                'A test imports helpers from its own folder or from tests/support/, the one shared place.',
            },
            {
              target: './bench',
              from: [
                './tests/e2e',
                './tests/server',
                './tests/engines',
                './tests/unit',
                './tests/setup',
              ],
              message:
                'A benchmark borrows test helpers only from tests/support/, the one shared place.',
            },
            {
              target: './tests/support',
              from: [
                './tests/e2e',
                './tests/server',
                './tests/engines',
                './tests/unit',
                './tests/setup',
              ],
              message: 'The shared test helpers lean on no one test folder.',
            },
          ],
        },
      ],
    },
  },
);
