import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The rooms' doors (eslint.config.js, docs/architecture.md): the lint rule
 * refuses an import that crosses a boundary, whether it names its extension
 * (the server's style) or not (the page's), and lets the allowed ones through.
 */
const eslint = new ESLint();

async function crossings(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'import-x/no-restricted-paths')
    .map((message) => message.message);
}

describe('import boundaries', () => {
  it('the page never imports the server', async () => {
    for (const specifier of ['../server/loggable-error', '../server/loggable-error.ts']) {
      const found = await crossings(
        'src/crossing.ts',
        `import { loggableError } from '${specifier}';\nexport const x = loggableError;\n`,
      );
      expect(found).toEqual([expect.stringContaining('The page never imports the server')]);
    }
  });

  it('the server imports the shared rules and words (shared/), and nothing of the page', async () => {
    const allowed = await crossings(
      'server/crossing.ts',
      "import { LIMITS } from '../shared/limits.ts';\nimport { MESSAGES } from '../shared/copy/contact-messages.ts';\nexport const x = [LIMITS, MESSAGES];\n",
    );
    expect(allowed).toEqual([]);
    for (const specifier of ['../src/config/site.ts', '../src/content/contact.ts']) {
      const refused = await crossings(
        'server/crossing.ts',
        `import { x as y } from '${specifier}';\nexport const x = y;\n`,
      );
      expect(refused).toEqual([expect.stringContaining('never the page (src/)')]);
    }
  });

  it('the shared rules and words import neither the page nor the server', async () => {
    const refused = await crossings(
      'shared/crossing.ts',
      "import { loggableError } from '../server/loggable-error.ts';\nimport { siteConfig } from '../src/config/site';\nimport { contactCopy } from '../src/content/contact.ts';\nexport const x = [loggableError, siteConfig, contactCopy];\n",
    );
    expect(refused).toHaveLength(3);
    const allowed = await crossings(
      'shared/copy/crossing.ts',
      "import { LIMITS } from '../limits.ts';\nexport const x = LIMITS;\n",
    );
    expect(allowed).toEqual([]);
  });

  it('a test imports helpers from its own folder or from tests/support/', async () => {
    const refused = await crossings(
      'tests/e2e/crossing.spec.ts',
      "import { countRows } from '../server/support/backends.ts';\nexport const x = countRows;\n",
    );
    expect(refused).toEqual([expect.stringContaining('tests/support/, the one shared place')]);
    const allowed = await crossings(
      'tests/e2e/crossing.spec.ts',
      "import { until } from '../support/until.ts';\nexport const x = until;\n",
    );
    expect(allowed).toEqual([]);
  });
});
