// The page's and the inbox's code that the browser tests ran, as Istanbul coverage of our own
// files in exactly the form Vitest's coverage takes, so that scripts/coverage-summary.mjs can add
// the two together (docs/testing.md). tests/e2e/coverage.ts writes Chromium's V8 counts of the
// built chunks, one file per test. The chunks are minified: their own statements and branches
// are not the source's (an `if` may have become `&&`). So each count is carried back through the
// build's source maps (<dist>-meta/sourcemaps/, scripts/build.mjs) to a place in the source, and
// from there onto the code Vitest measures for that file (its transform, from vitest.config.ts),
// which ast-v8-to-istanbul then reads as Vitest's provider does.
// Usage: node scripts/browser-coverage.mjs <counts dir> <out.json>
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { argv } from 'node:process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { mergeProcessCovs } from '@bcoe/v8-coverage';
import { decodedMappings, TraceMap } from '@jridgewell/trace-mapping';
import convert from 'ast-v8-to-istanbul';
import libCoverage from 'istanbul-lib-coverage';
import { createServer, parseAstAsync } from 'vite';
import { countAt, sourcePoints } from './bundle-counts.mjs';

/** Per-test files merged this many at a time: the whole run's counts at once take a lot of memory. */
const MERGE_BATCH = 32;

/** Every test's counts, summed per chunk; and the time counting took beside the tests' own. */
function mergedCounts(dir) {
  let merged = { result: [] };
  const ms = { counting: 0, test: 0 };
  const files = existsSync(dir) ? readdirSync(dir) : [];
  for (let i = 0; i < files.length; i += MERGE_BATCH) {
    const batch = files.slice(i, i + MERGE_BATCH);
    const covs = batch.map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')));
    merged = mergeProcessCovs([merged, ...covs]);
    for (const cov of covs) {
      ms.counting += cov.ms?.counting ?? 0;
      ms.test += cov.ms?.test ?? 0;
    }
  }
  return { scripts: merged.result, tests: files.length, ms };
}

/** Byte offset of each line's start. */
function lineOffsets(code) {
  const offsets = [0];
  for (let i = code.indexOf('\n'); i !== -1; i = code.indexOf('\n', i + 1)) offsets.push(i + 1);
  return offsets;
}

// Vitest's own rules (its v8 provider) for the lines its server-side transform adds: the same
// code read the same way gives the same statements and branches.
const SSR_IMPORT = (node) =>
  node.type === 'VariableDeclarator' && node.id.name?.startsWith('__vite_ssr_import_');
const SSR_EXPORT = (node) =>
  (node.type === 'ExpressionStatement' &&
    node.expression.type === 'AssignmentExpression' &&
    node.expression.left.object?.name === '__vite_ssr_exports__') ||
  (node.type === 'VariableDeclarator' && node.id.name === '__vite_ssr_export_default__');
const ignoreNode = (node, type) => type === 'statement' && (SSR_IMPORT(node) || SSR_EXPORT(node));

/**
 * One source file's coverage: Vitest's transform of it, with V8-shaped counts made from the
 * browser's. Each stretch of the transformed code that its source map ties to one place in the
 * source counts what the chunks ran at that place.
 */
async function projectFile(server, file, points) {
  const { code, map } = await server.environments.ssr.transformRequest(file);
  const offsets = lineOffsets(code);
  const starts = decodedMappings(new TraceMap(map))
    .flatMap((segments, line) =>
      segments.filter((s) => s.length >= 4).map((s) => [offsets[line] + s[0], s[2] + 1, s[3]]),
    )
    .sort((a, b) => a[0] - b[0]);
  const source = readFileSync(file, 'utf8').split('\n');
  const ranges = [{ startOffset: 0, endOffset: code.length, count: 0 }];
  starts.forEach(([offset, line, column], i) => {
    const end = starts[i + 1]?.[0] ?? code.length;
    if (end > offset) {
      const count = countAt(points, source, line, column);
      ranges.push({ startOffset: offset, endOffset: end, count });
    }
  });
  return convert({
    code,
    ast: parseAstAsync(code),
    sourceMap: { ...map, sources: [file] },
    coverage: {
      url: pathToFileURL(file).href,
      functions: [{ functionName: '', isBlockCoverage: true, ranges }],
    },
    ignoreNode,
  });
}

/**
 * The coverage of our files that the tests' counts in `countsDir` show, against the build in
 * `dist`; the time counting took (`ms`); and the chunks that ran but are not that build's
 * (another build's, not counted).
 */
export async function browserCoverage(countsDir, dist = 'dist') {
  const { scripts, tests, ms } = mergedCounts(countsDir);
  const { points, unmapped } = sourcePoints(scripts, resolve(dist), resolve(`${dist}-meta`));
  const coverage = libCoverage.createCoverageMap({});
  // Vitest's configuration, so the transform is the one its coverage reads.
  const server = await createServer({
    configFile: 'vitest.config.ts',
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: 'custom',
    logLevel: 'warn',
  });
  try {
    for (const [file, filePoints] of points) {
      coverage.merge(await projectFile(server, file, filePoints));
    }
  } finally {
    await server.close();
  }
  return { coverage: coverage.toJSON(), tests, ms, unmapped };
}

if (argv[1] === fileURLToPath(import.meta.url)) {
  const [countsDir, out] = argv.slice(2);
  const { coverage, tests, ms, unmapped } = await browserCoverage(countsDir);
  writeFileSync(out, JSON.stringify(coverage));
  const share = ((100 * ms.counting) / (ms.test || 1)).toFixed(1);
  console.log(
    `Browser coverage: ${tests} tests, ${Object.keys(coverage).length} source files; counting` +
      ` took ${(ms.counting / 1000).toFixed(1)} s beside the tests' ${(ms.test / 1000).toFixed(0)} s (${share} %).`,
  );
  if (unmapped.length) {
    console.log(`  Not counted: ${unmapped.length} chunks of another build (a test's own).`);
  }
}
