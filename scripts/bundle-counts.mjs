// How many times the browser ran each place in our sources, read from V8's counts of the built
// chunks and the chunks' source maps (scripts/browser-coverage.mjs).
import { existsSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { decodedMappings, TraceMap } from '@jridgewell/trace-mapping';

const ROOT = `${process.cwd()}${sep}`;
const ours = (path) => path.startsWith(ROOT) && !path.includes(`${sep}node_modules${sep}`);

/** V8's count at each offset of a chunk: a range's count, within it, gives way to a range inside it. */
function offsetCounts(code, functions) {
  const counts = new Float64Array(code.length);
  const ranges = functions
    .flatMap((fn) => fn.ranges)
    .sort((a, b) => a.startOffset - b.startOffset || b.endOffset - a.endOffset);
  for (const range of ranges) counts.fill(range.count, range.startOffset, range.endOffset);
  return counts;
}

/**
 * Each of our files' places that a chunk's source map names, with the browser's count there:
 * file → [line, column, count][] in source order. A place several chunks hold (a module in both
 * the page's and the inbox's build) sums their counts; one a chunk maps twice counts once.
 * `unmapped`: chunks that ran but are not this build's (a test's own build).
 */
export function sourcePoints(scripts, dist, meta) {
  const byPlace = new Map();
  const unmapped = [];
  for (const { url, functions } of scripts) {
    const file = join(dist, url);
    const mapFile = join(meta, 'sourcemaps', `${url}.map`);
    // A chunk of this build without a map holds none of our code (the bundler's runtime).
    if (!existsSync(file)) unmapped.push(url);
    if (!existsSync(file) || !existsSync(mapFile)) continue;
    const code = readFileSync(file, 'utf8');
    const counts = offsetCounts(code, functions);
    const map = new TraceMap(readFileSync(mapFile, 'utf8'), pathToFileURL(file).href);
    const sources = map.resolvedSources.map((source) => new URL(source).pathname);
    const inChunk = new Map();
    let lineStart = 0;
    for (const segments of decodedMappings(map)) {
      for (const [column, source, line, sourceColumn] of segments) {
        if (source === undefined || !ours(sources[source])) continue;
        const key = `${sources[source]}\0${line + 1}\0${sourceColumn}`;
        inChunk.set(key, Math.max(inChunk.get(key) ?? 0, counts[lineStart + column]));
      }
      lineStart = code.indexOf('\n', lineStart) + 1;
    }
    for (const [key, count] of inChunk) byPlace.set(key, (byPlace.get(key) ?? 0) + count);
  }
  const points = new Map();
  for (const [key, count] of byPlace) {
    const [file, line, column] = key.split('\0');
    if (!points.has(file)) points.set(file, []);
    points.get(file).push([Number(line), Number(column), count]);
  }
  for (const list of points.values()) list.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  return { points, unmapped };
}

/**
 * Source text the minifier may drop or rewrite while keeping what follows it, within one
 * statement: spaces, opening brackets, `!`, declaring and control keywords, a declared name and
 * its `=`, `return` before its value. Never `;`, a closing bracket or a bare `return`: what
 * follows those may have run a different number of times.
 */
const DROPPABLE =
  /^(?:\s|[{([!]|\b(?:if|else|const|let|var|await|async|export|default)\b|\breturn(?=\s+[^\s;}])|[A-Za-z_$][\w$]*\s*=(?![=>]))*$/;

/** Longer than this, the text between is more than a statement's opening. */
const DROPPABLE_LENGTH = 120;

/**
 * The browser's count at a place in a source file (`source`: its lines): the count at that
 * place, or, if the minifier kept nothing there, at the next place it kept when only droppable
 * text lies between (`if (a) {` kept as `a&&`). Otherwise 0: the build has no code for it.
 */
export function countAt(points, source, line, column) {
  let low = 0;
  let high = points.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    const [l, c] = points[middle];
    if (l < line || (l === line && c < column)) low = middle + 1;
    else high = middle;
  }
  const next = points[low];
  if (!next) return 0;
  const [nextLine, nextColumn, count] = next;
  if (nextLine === line && nextColumn === column) return count;
  const between =
    nextLine === line
      ? source[line - 1].slice(column, nextColumn)
      : [
          source[line - 1].slice(column),
          ...source.slice(line, nextLine - 1),
          source[nextLine - 1].slice(0, nextColumn),
        ].join('\n');
  return between.length <= DROPPABLE_LENGTH && DROPPABLE.test(between) ? count : 0;
}
