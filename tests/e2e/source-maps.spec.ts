import { readdirSync, readFileSync } from 'node:fs';
import { expect, test } from './fixtures';

// The build keeps its chunks' source maps for the browser tests' coverage, out of the site
// (docs/testing.md): a visitor downloads the same bytes as without them, and can fetch no map.
test('no chunk names a source map, and none is served', async ({ request }) => {
  const chunks = readdirSync('dist/assets').filter((name) => name.endsWith('.js'));
  expect(chunks.length).toBeGreaterThan(0);
  for (const chunk of chunks) {
    expect(readFileSync(`dist/assets/${chunk}`, 'utf8'), chunk).not.toContain('sourceMappingURL');
    expect((await request.get(`/assets/${chunk}.map`)).status(), chunk).toBe(404);
  }
});
