import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * Each benchmark, and each helper beside them, is named in docs/benchmarks.md: none unexplained.
 */
describe('docs/benchmarks.md', () => {
  it('names every file in bench/', () => {
    const page = readFileSync('docs/benchmarks.md', 'utf8');
    const files = readdirSync('bench').filter((file) => file.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(0);
    expect(files.filter((file) => !page.includes(`\`${file}\``))).toEqual([]);
  });
});
